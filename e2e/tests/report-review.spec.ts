import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  DOCTOR,
  EXPERT,
  addCase,
  dialogsSettled,
  logIn,
  tokenOf,
  userPage,
  userIdOf,
} from './helpers';
import { post, uploadCaseSlide } from './slide-helpers';

/*
 * Review before release (issue 7, spec §4): the platform administrator makes the diagnostic
 * center review its reports; the expert's signed report waits; the administrator rejects it with
 * a reason on /reportReview, the expert signs again, the administrator passes it and only then
 * the doctor has it. The switch is turned off again at the end, since later flows sign reports
 * of the same center.
 */

const RUN = String(Date.now() % 100_000_000);
const CENTER = '演示诊断中心 (Demo Diagnostic Center)';
const SIGNATURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'signature-265x150.png');

/** The center's review switch, as the platform administrator saves it through the API. */
async function setCenterReview(request: APIRequestContext, on: boolean) {
  const admin = await tokenOf(request, ADMIN);
  const res = await request.get('/api/hospitalManage/selectHospital', {
    headers: { token: admin },
    params: { iCurPage: 1, iPageSize: 100 },
  });
  const page = (await res.json()) as { objData: { listPage: Record<string, unknown>[] } };
  const center = page.objData.listPage.find((h) => h.strHospitalName === CENTER);
  expect(center).toBeDefined();
  const { iUserCount, dUsedMemory, lUsedBytes, strGroupName, dtCreateTime, ...form } = center!;
  void [iUserCount, dUsedMemory, lUsedBytes, strGroupName, dtCreateTime];
  const saved = await post(request, admin, 'hospitalManage/updateHospital', {
    ...form,
    bReportReview: on,
  });
  expect(saved.iCode, saved.strMessage).toBe(0);
}

test('a report waits for review: rejected with a reason, signed again, passed, then released', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const num = `RV${RUN}`;
  const doctor = await tokenOf(request, DOCTOR);
  const expertToken = await tokenOf(request, EXPERT);
  const expertUser = await userIdOf(request, expertToken);
  const signature = await post(request, expertToken, 'userManage/updateSignature', {
    iUserId: expertUser,
    strSignatureUrl: `data:image/png;base64,${fs.readFileSync(SIGNATURE).toString('base64')}`,
  });
  expect(signature.iCode, signature.strMessage).toBe(0);
  const caseId = await addCase(request, doctor, num, '审核病例');
  await uploadCaseSlide(request, doctor, caseId, 'CMU-1-Small-Region.svs', `${num}.svs`);
  const sent = await post<{ listPatientReceive: { iPatientReceiveId: number }[] }>(
    request,
    doctor,
    'patient/addPatientReceive',
    { listPatient: [{ iPatientId: caseId }], listUser: [{ iUserId: expertUser }] },
  );
  expect(sent.iCode, sent.strMessage).toBe(0);

  // The platform administrator turns review on in the center's hospital form (Chinese).
  await logIn(page, ADMIN);
  await page.goto('/#/manage/HospitalManagement');
  await page.getByTestId(`hospital-edit-${CENTER}`).click();
  await dialogsSettled(page);
  const reviewSwitch = page.getByTestId('hospital-form-report-review');
  await expect(reviewSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('hospital-form-modal')).toContainText('报告审核后发布');
  await page.screenshot({ path: 'test-results/report-review-hospital-form.png' });
  await reviewSwitch.click();
  await page.getByTestId('hospital-form-submit').click();
  await expect(page.getByTestId('hospital-form-modal')).toBeHidden();

  const expert = await userPage(browser, EXPERT, '?lang=en');
  const ex = expert.page;
  try {
    // The expert signs (English): the report now waits for review.
    await ex.goto(`/#/case/result-info?iPatientId=${caseId}`);
    await ex.getByTestId('diagnosis-result').fill('Fibroadenoma');
    await ex.getByTestId('diagnosis-sign').click();
    await dialogsSettled(ex);
    await ex.getByTestId('diagnosis-sign-ok').click();
    await expect(ex.getByTestId('report-history').getByTestId('review-state')).toHaveText(
      'Pending review',
    );
    await expect(ex.getByTestId('diagnosis-form')).toHaveCount(0);
    await ex.screenshot({ path: 'test-results/report-review-expert-waiting.png', fullPage: true });

    // The doctor has no report yet.
    const doctorPage = await userPage(browser, DOCTOR);
    try {
      await doctorPage.page.goto(`/#/case/result-info?iPatientId=${caseId}`);
      await expect(doctorPage.page.getByTestId('diagnosis-none')).toBeVisible();

      // The administrator rejects it on /reportReview; the reason is required.
      await page.goto('/#/reportReview');
      const row = page.getByTestId(`review-row-${num}`);
      await expect(row).toContainText('Fibroadenoma');
      await expect(row.getByTestId('review-state')).toHaveText('待审核');
      await page.screenshot({ path: 'test-results/report-review-pending.png', fullPage: true });
      await row.locator('[data-testid^="review-reject-"]').click();
      await dialogsSettled(page);
      await page.getByTestId('review-reject-ok').click();
      await expect(page.getByTestId('review-reject-modal')).toContainText('请填写');
      await page.getByTestId('review-reject-reason').fill('请补充切缘情况');
      await page.getByTestId('review-reject-ok').click();
      await expect(page.getByTestId('review-reject-modal')).toBeHidden();
      await expect(page.getByTestId(`review-row-${num}`)).toHaveCount(0);
      await page.screenshot({ path: 'test-results/report-review-queue.png', fullPage: true });

      // The expert reads the reason and signs the version again, from the rejected text.
      await ex.reload();
      await expect(ex.getByTestId('report-history')).toContainText('请补充切缘情况');
      await expect(ex.getByTestId('diagnosis-result')).toHaveValue('Fibroadenoma');
      await ex.screenshot({ path: 'test-results/report-review-rejected.png', fullPage: true });
      await ex.getByTestId('diagnosis-result').fill('Fibroadenoma, margins clear');
      await ex.getByTestId('diagnosis-sign').click();
      await dialogsSettled(ex);
      await ex.getByTestId('diagnosis-sign-ok').click();
      await expect(ex.getByTestId('diagnosis-form')).toHaveCount(0);

      // Passed after the confirmation.
      await page.reload();
      const again = page.getByTestId(`review-row-${num}`);
      await expect(again).toContainText('Fibroadenoma, margins clear');
      await again.locator('[data-testid^="review-pass-"]').click();
      await dialogsSettled(page);
      await page.getByTestId('review-pass-ok').click();
      await expect(page.getByTestId(`review-row-${num}`)).toHaveCount(0);
      await page.getByTestId('review-state-filter').getByTestId('review-state-1').click();
      await expect(page.getByTestId(`review-row-${num}`).getByTestId('review-state')).toHaveText(
        '审核通过',
      );

      // Now the doctor has it: the passed version only, never the rejected one.
      await doctorPage.page.reload();
      const history = doctorPage.page.getByTestId('report-history');
      await expect(history.getByTestId('report-result')).toHaveText('Fibroadenoma, margins clear');
      await expect(history).not.toContainText('请补充切缘情况');
    } finally {
      await doctorPage.close();
    }
  } finally {
    await expert.close();
    await setCenterReview(request, false);
  }
});
