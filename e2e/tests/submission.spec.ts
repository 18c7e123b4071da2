import { expect, test, type Page } from '@playwright/test';
import { DOCTOR, EXPERT, addCase, dialogsSettled, logIn, tokenOf, userPage } from './helpers';
import { post, uploadCaseSlide } from './slide-helpers';

/*
 * Sending a case for diagnosis (issue 7 part 1) and withdrawing it (issue 4): the doctor submits
 * from the new-cases list through the expert picker; a case without slides and a submission
 * without an expert are refused with their messages; the expert finds the case in their waiting
 * list, opens it and views its slide; from then on the doctor cannot withdraw it. A case
 * withdrawn before the expert opened it leaves the expert's list and, edited, is new again.
 */

const RUN = String(Date.now() % 100_000_000);
const EXPERT_NAME = '王专家';

async function submitRow(page: Page, num: string) {
  await page.getByTestId(`case-submit-${num}`).click();
  await dialogsSettled(page);
  await expect(page.getByTestId('submit-case-dialog')).toBeVisible();
}

test('a case with a slide not finished uploading cannot be submitted until it is done or deleted', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DOCTOR);
  const num = `SU${RUN}`;
  const caseId = await addCase(request, token, num, '钱芳');
  await uploadCaseSlide(request, token, caseId, 'CMU-1-Small-Region.svs', `su-${RUN}.svs`);
  // An upload begun and left (the page closed at 10%): no chunk has arrived.
  const records = await post<{ listFile: { iSlideDocumentId: number }[] }>(
    request,
    token,
    'slideDocument/addUploadRecords',
    {
      iPatientId: caseId,
      iUploadType: 0,
      listFile: [{ strFileName: `left-${RUN}.svs`, lSize: 5000 }],
    },
  );
  const left = records.objData.listFile[0]!.iSlideDocumentId;

  await logIn(page, DOCTOR);
  await page.goto('/#/setnew');
  await submitRow(page, num);
  // Said before an expert is chosen, and Submit is off: sent, the slide could never be opened,
  // finished or deleted.
  const warning = page.getByTestId('submit-slides-warning');
  await expect(warning).toContainText('切片就绪后才能提交');
  await expect(warning).toContainText(`1 张切片尚未上传完成（上传中或已中断）：left-${RUN}.svs`);
  await expect(page.getByTestId('submit-case-ok')).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.goto('/?lang=en#/setnew');
  await submitRow(page, num);
  await expect(warning).toContainText(
    '1 slide has not finished uploading (uploading or interrupted)',
  );
  await expect(page.getByTestId('submit-case-ok')).toBeDisabled();
  await page.keyboard.press('Escape');

  // Deleted, the case can go.
  const deleted = await post(request, token, 'slideDocument/deleteSlideDocument', {
    listSlideDocument: [{ iSlideDocumentId: left }],
  });
  expect(deleted.iCode).toBe(0);
  await page.reload();
  await submitRow(page, num);
  await expect(page.getByTestId(`expert-row-${EXPERT_NAME}`)).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('submit-case-ok')).toBeEnabled();
});

test('a doctor submits a case to an expert, who opens it; it can no longer be withdrawn', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, DOCTOR);
  const bare = `SB${RUN}`;
  const num = `SM${RUN}`;
  await addCase(request, token, bare, '赵敏');
  const caseId = await addCase(request, token, num, '孙丽');
  await uploadCaseSlide(request, token, caseId, 'CMU-1-Small-Region.svs', `sm-${RUN}.svs`);

  await logIn(page, DOCTOR);
  await page.goto('/#/setnew');

  // Without slides the server refuses, whatever the expert.
  await submitRow(page, bare);
  await page.getByPlaceholder('专家姓名').fill(EXPERT_NAME);
  await page.getByPlaceholder('专家姓名').press('Enter');
  await expect(
    page.getByTestId('submit-case-dialog').getByRole('checkbox', { name: '选择本页全部专家' }),
  ).toBeVisible();
  await page.getByTestId(`expert-row-${EXPERT_NAME}`).locator('input[type=checkbox]').check();
  await page.getByTestId('submit-case-ok').click();
  await expect(page.getByText('病例没有切片，不能提交')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('submit-case-dialog')).toHaveCount(0);

  // No expert chosen: "select expert". From the keyboard first: the name search has the focus
  // (not the dialog's × button) and Enter sends, so the dialog stays open with the message.
  await submitRow(page, num);
  const expertRow = page.getByTestId(`expert-row-${EXPERT_NAME}`);
  await expect(expertRow).toContainText('演示诊断中心');
  await expect(expertRow).toContainText('周一 上午');
  await expect(page.getByPlaceholder('专家姓名')).toBeFocused();
  await expect(page.getByRole('button', { name: '搜索专家' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('submit-problem')).toHaveText('请选择专家');
  await expect(page.getByTestId('submit-case-dialog')).toBeVisible();
  await page.getByTestId('submit-case-ok').click();
  await expect(page.getByTestId('submit-problem')).toHaveText('请选择专家');
  await expertRow.locator('input[type=checkbox]').check();
  await expect(page.getByTestId('expert-chosen')).toContainText(EXPERT_NAME);
  // Enter on the ticked expert sends, like the Submit button.
  await expertRow.locator('input[type=checkbox]').press('Enter');
  await expect(page.getByText(`病例 ${num} 已提交`)).toBeVisible();
  await expect(page.getByTestId(`case-row-${num}`)).toHaveCount(0);
  await page.goto('/#/waitdiagnosis');
  await expect(page.getByTestId(`case-row-${num}`)).toBeVisible();

  // The expert finds it waiting, opens it and views its slide.
  const expert = await userPage(browser, EXPERT);
  try {
    await expert.page.goto('/#/waitdiagnosis');
    const row = expert.page.getByTestId(`received-row-${num}`);
    await expect(row).toContainText('李医生');
    await expect(row).toContainText('新');
    await expert.page.getByTestId(`received-open-${num}`).click();
    await expect(expert.page).toHaveURL(new RegExp(`#/case/report-info\\?iPatientId=${caseId}$`));
    await expert.page.goto(`/#/case/Imagery-info?iPatientId=${caseId}`);
    await expert.page.getByTestId(`imagery-view-sm-${RUN}.svs`).click();
    await expect(expert.page.getByTestId('viewer-magnification')).not.toHaveText('—');
    await expert.page.getByTestId('viewer-mag-20').click();
    await expect(expert.page.getByTestId('viewer-magnification')).toHaveText('20×');
  } finally {
    await expert.close();
  }

  // Opened by the expert: the doctor's withdrawal is refused with the reason.
  await page.reload();
  await page.getByTestId(`case-withdraw-${num}`).click();
  await dialogsSettled(page);
  await page.getByTestId('case-withdraw-modal').locator('textarea').fill('送错专家');
  await page.getByTestId('case-withdraw-submit').click();
  await expect(page.getByText('专家已查看该病例，不能撤回')).toBeVisible();

  // The case's detail says where it went and that the expert opened it.
  await page.goto(`/#/case/report-info?iPatientId=${caseId}`);
  const receives = page.getByTestId('case-receives');
  await expect(receives).toContainText(EXPERT_NAME);
  await expect(receives).toContainText('待诊断');
  await expect(receives).toContainText('专家已查看');
  await expect(page.getByTestId('case-event-submit')).toBeVisible();
});

test('a case withdrawn before the expert opened it leaves the expert and comes back new', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `WD${RUN}`;
  const caseId = await addCase(request, token, num, 'Li Na');
  await uploadCaseSlide(request, token, caseId, 'boxes.tiff', `wd-${RUN}.tiff`);
  const experts = await request.get(`/api/userManage/selectExpert?strRealName=${EXPERT_NAME}`, {
    headers: { token },
  });
  const expertId = ((await experts.json()) as { objData: { listPage: { iUserId: number }[] } })
    .objData.listPage[0]!.iUserId;
  const sent = await post(request, token, 'patient/addPatientReceive', {
    listPatient: [{ iPatientId: caseId }],
    listUser: [{ iUserId: expertId }],
  });
  expect(sent.iCode, JSON.stringify(sent)).toBe(0);

  const expert = await userPage(browser, EXPERT, '?lang=en');
  try {
    await expert.page.goto('/?lang=en#/waitdiagnosis');
    await expect(expert.page.getByTestId(`received-row-${num}`)).toContainText('New');

    await logIn(page, DOCTOR, '?lang=en');
    await page.goto('/?lang=en#/waitdiagnosis');
    await page.getByTestId(`case-withdraw-${num}`).click();
    await dialogsSettled(page);
    await page.getByTestId('case-withdraw-modal').locator('textarea').fill('Wrong expert');
    await page.getByTestId('case-withdraw-submit').click();
    await expect(page.getByTestId(`case-row-${num}`)).toHaveCount(0);

    await expert.page.reload();
    await expect(expert.page.getByTestId('received-table')).toBeVisible();
    await expect(expert.page.getByTestId(`received-row-${num}`)).toHaveCount(0);

    // Edited, the withdrawn case is a new case again, ready to be submitted once more.
    await page.goto('/?lang=en#/recall');
    await page.getByTestId(`case-edit-${num}`).click();
    await expect(page.getByTestId('case-form-back-to-new')).toBeVisible();
    await page.getByTestId('case-form-submit').click();
    await expect(page).toHaveURL(/#\/setnew$/);
    await expect(page.getByTestId(`case-submit-${num}`)).toBeVisible();
  } finally {
    await expert.close();
  }
});
