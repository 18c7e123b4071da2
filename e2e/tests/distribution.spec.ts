import { expect, test } from '@playwright/test';
import {
  ADMIN,
  DOCTOR,
  EXPERT,
  addCase,
  dialogsSettled,
  logIn,
  openFromMenu,
  pickOption,
  tokenOf,
  userPage,
} from './helpers';
import { uploadCaseSlide } from './slide-helpers';

/*
 * Distribution (issue 7 part 2): the demo doctor sends a case with a real slide to the diagnosis
 * center (in Chinese); the administrator — the platform's, who holds "assign cases" for every
 * center — finds it waiting in /assignMent/unassigned, sees that the group has no other center to
 * forward it to, and assigns it to the demo expert (in English); it moves to
 * /assignMent/completed with who assigned it; the expert finds it in /waitdiagnosis and opens it.
 */

const RUN = String(Date.now() % 100_000_000);
const EXPERT_NAME = '王专家';
const CENTER = 'Demo Diagnostic Center';

test('an administrator assigns a case sent to the diagnosis center to an expert', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `DS${RUN}`;
  const caseId = await addCase(request, token, num, '周芳');
  await uploadCaseSlide(request, token, caseId, 'CMU-1-Small-Region.svs', `ds-${RUN}.svs`);

  // The doctor sends it to the diagnosis center (Chinese, the default language).
  await logIn(page, DOCTOR);
  await page.goto('/#/setnew');
  await page.getByTestId(`case-submit-${num}`).click();
  await dialogsSettled(page);
  await page.getByTestId('submit-mode').getByText('提交给诊断中心').click();
  await page.getByTestId('submit-center').click();
  await pickOption(page, CENTER);
  await page.getByTestId('submit-case-ok').click();
  await expect(page.getByText(`病例 ${num} 已提交`)).toBeVisible();

  // The administrator assigns it (English).
  const admin = await userPage(browser, ADMIN, '?lang=en');
  try {
    const a = admin.page;
    await openFromMenu(a, '/assignMent/unassigned', 'assignMent');
    const row = a.getByTestId(`unassigned-row-${num}`);
    await expect(row).toContainText('周芳');
    await expect(row).toContainText('李医生');
    await expect(row).toContainText(CENTER);
    await a.screenshot({ path: testInfo.outputPath('unassigned.png'), fullPage: true });

    // No other diagnosis center in the demo group: nothing to forward to.
    await a.getByTestId(`unassigned-forward-${num}`).click();
    await dialogsSettled(a);
    await expect(a.getByTestId('forward-dialog')).toContainText(
      'The group has no other diagnosis center',
    );
    // The search button is an icon: it still has a name.
    await expect(
      a.getByTestId('forward-dialog').getByRole('button', { name: 'Search', exact: true }),
    ).toBeVisible();
    await a.getByTestId('forward-ok').click();
    await expect(a.getByTestId('forward-problem')).toHaveText('Select a hospital');
    await a.keyboard.press('Escape');
    await expect(a.getByTestId('forward-dialog')).toHaveCount(0);

    // Assigning without an expert is refused in the dialog; then the demo expert.
    await a.getByTestId(`unassigned-assign-${num}`).click();
    await dialogsSettled(a);
    const dialog = a.getByTestId('assign-dialog');
    await expect(dialog).toContainText('Demo Applicant Hospital) to ');
    // The name search has the focus and its button a name; Enter with nobody ticked asks for one.
    await expect(dialog.getByRole('searchbox', { name: "Expert's name" })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Search experts' })).toBeVisible();
    // The header's box says what it ticks (antd's own name for it is English "Select all").
    await expect(
      dialog.getByRole('checkbox', { name: 'Select all experts on this page' }),
    ).toBeVisible();
    await a.keyboard.press('Enter');
    await expect(a.getByTestId('assign-problem')).toHaveText('Select an expert');
    // The experts come from two hospitals of the group: the picker filters by hospital.
    await a.getByTestId('expert-hospital-filter').click();
    await pickOption(a, CENTER);
    const expertRow = a.getByTestId(`expert-row-${EXPERT_NAME}`);
    await expect(expertRow).toContainText(CENTER);
    await expect(expertRow).toContainText('Mon AM');
    await a.getByTestId('assign-ok').click();
    await expect(a.getByTestId('assign-problem')).toHaveText('Select an expert');
    await expertRow.locator('input[type=checkbox]').check();
    await expect(a.getByTestId('expert-chosen')).toContainText(EXPERT_NAME);
    await a.screenshot({ path: testInfo.outputPath('assign-dialog.png') });
    // Enter on the ticked expert assigns, like the OK button.
    await expertRow.locator('input[type=checkbox]').press('Enter');
    await expect(a.getByText(`Case ${num} assigned to ${EXPERT_NAME}`)).toBeVisible();
    // Closing the dialog asks nothing more of the distributed case (no "status changed").
    await expect(a.getByText('The selected case status changed')).toHaveCount(0);
    await expect(row).toHaveCount(0);

    await openFromMenu(a, '/assignMent/completed', 'assignMent');
    const done = a.getByTestId(`completed-row-${num}-${EXPERT_NAME}`);
    await expect(done).toContainText('周芳');
    await expect(done).toContainText('超级管理员');
    await expect(done).toContainText('Waiting for diagnosis');
    await expect(done).toContainText('Not opened yet');
    await a.screenshot({ path: testInfo.outputPath('completed.png'), fullPage: true });

    // The expert finds it waiting and opens it (Chinese).
    const expert = await userPage(browser, EXPERT);
    try {
      await expert.page.goto('/#/waitdiagnosis');
      const received = expert.page.getByTestId(`received-row-${num}`);
      await expect(received).toContainText('李医生');
      await expert.page.getByTestId(`received-open-${num}`).click();
      await expect(expert.page).toHaveURL(new RegExp(`#/case/report-info\\?iPatientId=${caseId}$`));
    } finally {
      await expert.close();
    }

    // The completed list now says the expert opened it.
    await a.reload();
    await expect(done).toContainText('Opened by the expert');
  } finally {
    await admin.close();
  }

  // The doctor's case history says it was assigned.
  await page.goto(`/#/case/report-info?iPatientId=${caseId}`);
  await expect(page.getByTestId('case-event-distribute')).toContainText('分配给专家');
  await expect(page.getByTestId('case-receives')).toContainText(EXPERT_NAME);
});
