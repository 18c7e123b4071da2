import { expect, test, type APIRequestContext } from '@playwright/test';
import {
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

/*
 * Appointments (issue 7 part 3): the demo doctor books the demo expert (weekday mornings and
 * Wednesday afternoon) for a case through the "Book an expert" dialog (Chinese); two more
 * bookings are made through the API. The expert (English) declines the first with a reason and
 * accepts the second; the doctor sees both answers and cancels the third after confirming.
 */

const RUN = String(Date.now() % 100_000_000);
const EXPERT_NAME = '王专家';

interface Slot {
  dtDate: string;
  iPeriod: number;
  bTaken: boolean;
}

async function api<T>(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const res = data
    ? await request.post(`/api/${path}`, { headers: { token }, data })
    : await request.get(`/api/${path}`, { headers: { token } });
  const body = (await res.json()) as { iCode: number; objData: T };
  expect(body.iCode, JSON.stringify(body)).toBe(0);
  return body.objData;
}

test('a doctor books an expert, who declines one booking and accepts another', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, DOCTOR);
  const expertId = (
    await api<{ listPage: { iUserId: number; strRealName: string }[] }>(
      request,
      token,
      `userManage/selectExpert?strRealName=${encodeURIComponent(EXPERT_NAME)}`,
    )
  ).listPage[0]!.iUserId;
  const nums = ['A', 'B', 'C'].map((s) => `AP${s}${RUN}`);
  const ids = [
    await addCase(request, token, nums[0]!, '赵冰冻'),
    await addCase(request, token, nums[1]!, '钱加急'),
    await addCase(request, token, nums[2]!, '孙取消'),
  ];

  // The doctor books the first free half-day of the demo expert for case A (Chinese).
  await logIn(page, DOCTOR);
  await openFromMenu(page, '/subscribeList');
  await expect(page.getByTestId('appointment-table')).toContainText('暂无预约');
  await page.getByTestId('appointment-book').click();
  await dialogsSettled(page);
  await page.getByTestId('appointment-book-ok').click();
  await expect(page.getByText('请选择病例')).toBeVisible();
  await expect(page.getByText('请先选择专家')).toBeVisible();
  await page.locator('#appointmentBookForm_iPatientId').fill(nums[0]!);
  await pickOption(page, nums[0]!);
  await page.getByTestId(`appointment-expert-${EXPERT_NAME}`).click();
  await expect(page.getByTestId('appointment-expert-chosen')).toHaveText(
    `已选专家：${EXPERT_NAME}`,
  );
  const firstSlot = page.getByTestId('appointment-slots').locator('label').first();
  await expect(firstSlot).toContainText(/周[一二三四五] 上午 08:00–12:00|周三 下午 13:00–17:30/);
  await firstSlot.click();
  await page.getByTestId('appointment-kind').getByText('冰冻切片').click();
  await page.getByTestId('appointment-note').fill('术中冰冻，约 10:30 送检');
  await page.screenshot({ path: testInfo.outputPath('appointments-book-dialog-zh.png') });
  await page.getByTestId('appointment-book-ok').click();
  await expect(page.getByText(`已预约 ${EXPERT_NAME}`)).toBeVisible();

  // Two more bookings through the API, on the next free half-days.
  const free = (
    await api<{ listSlot: Slot[] }>(
      request,
      token,
      `patient/selectAppointSlots?iExpertId=${expertId}`,
    )
  ).listSlot.filter((s) => !s.bTaken);
  for (const [i, slot] of free.slice(0, 2).entries()) {
    await api(request, token, 'patient/addPatientReceiveReservation', {
      iPatientId: ids[i + 1],
      iExpertId: expertId,
      dtDate: slot.dtDate,
      iPeriod: slot.iPeriod,
      ddKind: { iNumber: 1 },
      strNote: '',
    });
  }
  await page.reload();
  const rowOf = (num: string) => page.locator(`[data-testid^="appointment-row-${num}-"]`);
  for (const num of nums) {
    await expect(rowOf(num)).toContainText('待确认');
  }
  await expect(rowOf(nums[0]!)).toContainText('冰冻切片');
  await expect(rowOf(nums[1]!)).toContainText('加急会诊');
  await page.screenshot({
    path: testInfo.outputPath('appointments-doctor-zh.png'),
    fullPage: true,
  });

  // The expert answers in English: declines A with a reason, accepts B.
  const expert = await userPage(browser, EXPERT, '?lang=en');
  try {
    const e = expert.page;
    await openFromMenu(e, '/subscribeList');
    const expertRow = (num: string) => e.locator(`[data-testid^="appointment-row-${num}-"]`);
    await expect(expertRow(nums[0]!)).toContainText('Pending');
    await expect(expertRow(nums[0]!)).toContainText('Frozen section');
    await expect(expertRow(nums[0]!)).toContainText('Demo Applicant Hospital');
    await expect(e.getByTestId('appointment-book')).toHaveCount(0);

    await expertRow(nums[0]!).getByRole('button', { name: 'Decline' }).click();
    await dialogsSettled(e);
    await e.getByTestId('appointment-decline-ok').click();
    await expect(e.getByText('Give the reason')).toBeVisible();
    await e.getByTestId('appointment-decline-reason').fill('Away at a meeting that morning');
    await e.getByTestId('appointment-decline-ok').click();
    await expect(e.getByText('Booking declined')).toBeVisible();
    await expect(expertRow(nums[0]!)).toContainText('Declined');
    await expect(expertRow(nums[0]!).getByRole('button')).toHaveCount(0);

    await expertRow(nums[1]!).getByRole('button', { name: 'Accept' }).click();
    await expect(e.getByText('Booking accepted')).toBeVisible();
    await expect(expertRow(nums[1]!)).toContainText('Accepted');
    // An accepted booking can still be given up, not accepted twice.
    await expect(expertRow(nums[1]!).getByRole('button')).toHaveText(['Decline']);

    // The state filter.
    await e.getByTestId('appointment-filter-state').click();
    await pickOption(e, 'Accepted');
    await e.getByTestId('appointment-search').click();
    await expect(expertRow(nums[1]!)).toBeVisible();
    await expect(expertRow(nums[0]!)).toHaveCount(0);
    await e.getByTestId('appointment-reset').click();
    await expect(expertRow(nums[0]!)).toBeVisible();
    await e.screenshot({ path: testInfo.outputPath('appointments-expert-en.png'), fullPage: true });
  } finally {
    await expert.close();
  }

  // The doctor sees both answers, then cancels C after confirming.
  await page.reload();
  await expect(rowOf(nums[0]!)).toContainText('已拒绝');
  await expect(rowOf(nums[0]!)).toContainText('Away at a meeting that morning');
  await expect(rowOf(nums[1]!)).toContainText('已接受');
  await rowOf(nums[2]!)
    .getByRole('button', { name: /取消预约/ })
    .click();
  await dialogsSettled(page);
  await page.getByTestId('appointment-cancel-ok').click();
  await expect(page.getByText('预约已取消')).toBeVisible();
  await expect(rowOf(nums[2]!)).toContainText('已取消');
  await page.screenshot({
    path: testInfo.outputPath('appointments-doctor-answers-zh.png'),
    fullPage: true,
  });
});
