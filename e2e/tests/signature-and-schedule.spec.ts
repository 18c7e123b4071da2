import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  EXPERT,
  dialogsSettled,
  logIn,
  openAccountMenu,
  openFromMenu,
  tokenOf,
} from './helpers';

const fixture = (name: string) => path.resolve(import.meta.dirname, '..', 'fixtures', name);

// The expert's part reads the week the administrator set.
test.describe.configure({ mode: 'serial' });

test('the admin sets the demo expert’s working time and sees it in the list', async ({ page }) => {
  await logIn(page, ADMIN, '?lang=en');
  await openFromMenu(page, '/manage/ExpertScheduling', 'manage');
  await page.locator('#scheduleFilters_strRealName').fill('王专家');
  await page.getByTestId('schedule-search').click();
  const week = page.getByTestId('schedule-week-demo_expert');
  // The demo data gives the expert weekday mornings and Wednesday afternoon.
  await expect(week).toHaveText('Mon AM, Tue AM, Wed all day, Thu AM, Fri AM');

  await page.getByTestId('schedule-edit-demo_expert').click();
  const dialog = page.getByTestId('schedule-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('schedule-save')).toBeDisabled();
  await expect(page.getByTestId('schedule-cell-2-1')).toBeChecked();
  // The grid works from the keyboard: focus a cell, Space toggles it.
  await page.getByTestId('schedule-cell-2-1').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('schedule-cell-2-1')).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Wed Morning' }).uncheck();
  await page.getByTestId('schedule-cell-4-1').uncheck();
  await page.getByRole('checkbox', { name: 'Wed Afternoon' }).check();
  await page.getByTestId('schedule-cell-5-2').check();
  await expect(dialog).toContainText('4 half-days selected');
  await page.getByTestId('schedule-save').click();
  await expect(dialog).toBeHidden();
  await expect(week).toHaveText('Mon AM, Wed PM, Fri all day');

  // Reopened, the dialog starts from the saved week.
  await page.getByTestId('schedule-edit-demo_expert').click();
  await expect(page.getByTestId('schedule-cell-1-1')).toBeChecked();
  await expect(page.getByTestId('schedule-cell-3-2')).toBeChecked();
  await expect(page.getByTestId('schedule-cell-1-2')).not.toBeChecked();
  await page.getByTestId('schedule-cancel').click();
  await expect(dialog).toBeHidden();
});

test('the demo expert sees their week and uploads a cropped 265×150 signature', async ({
  page,
  request,
}) => {
  // Start without a signature whatever other flows left (the diagnosis flow signs with one).
  const token = await tokenOf(request, EXPERT);
  const me = await request.get('/api/userManage/getUserInfo', { headers: { token } });
  const { iUserId } = ((await me.json()) as { objData: { iUserId: number } }).objData;
  const cleared = await request.post('/api/userManage/updateSignature', {
    headers: { token },
    data: { iUserId, strSignatureUrl: '' },
  });
  expect(((await cleared.json()) as { iCode: number }).iCode).toBe(0);
  await logIn(page, EXPERT, '?lang=en');

  await openAccountMenu(page);
  await page.getByTestId('account-schedule').click();
  await expect(page.getByTestId('schedule-dialog')).toBeVisible();
  await expect(page.getByTestId('schedule-cell-3-2')).toBeChecked();
  await expect(page.getByTestId('schedule-cell-5-2')).toBeChecked();
  await dialogsSettled(page);
  await page.getByTestId('schedule-cancel').click();
  await expect(page.getByTestId('schedule-dialog')).toBeHidden();

  await openAccountMenu(page);
  await page.getByTestId('account-signature').click();
  const modal = page.getByTestId('signature-modal');
  await expect(modal.getByTestId('signature-empty')).toBeVisible();
  const input = modal.locator('input[type=file]');

  // Not a PNG: refused before cropping, saying so alone (the server's "a 265×150 pixel PNG image
  // only" read as a wrong size, which the crop makes right).
  await input.setInputFiles(fixture('signature.jpg'));
  await expect(
    page.getByText('Wrong format: a signature is made from a PNG image only'),
  ).toBeVisible();
  await expect(modal.getByTestId('signature-preview')).toHaveCount(0);

  await input.setInputFiles(fixture('signature-265x150.png'));
  // The crop dialog zooms in over the signature dialog: its OK is clicked once it stands still.
  await expect(page.getByTestId('signature-crop-ok')).toBeVisible();
  await dialogsSettled(page);
  // The crop's zoom controls are named (antd-img-crop draws "－", "＋" and an unnamed slider).
  const zoom = page.getByRole('slider', { name: 'Zoom', exact: true });
  await expect(zoom).toHaveAttribute('aria-valuenow', '1');
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  await expect(zoom).toHaveAttribute('aria-valuenow', '1.1');
  await page.getByRole('button', { name: 'Zoom out', exact: true }).click();
  await expect(zoom).toHaveAttribute('aria-valuenow', '1');
  await page.getByTestId('signature-crop-ok').click();
  const preview = modal.getByTestId('signature-preview');
  await expect(preview).toBeVisible();
  await page.getByTestId('signature-save').click();
  await expect(page.getByText('Signature saved')).toBeVisible();
  await expect(modal).toBeHidden();

  // Reopened, the dialog shows the stored signature: a PNG of exactly 265×150.
  await openAccountMenu(page);
  await page.getByTestId('account-signature').click();
  const current = page.getByTestId('signature-current');
  await expect(current).toBeVisible();
  const size = await current.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight, src: img.src.slice(0, 22) };
  });
  expect(size).toEqual({ w: 265, h: 150, src: 'data:image/png;base64,' });
});
