import { expect, test, type Page } from '@playwright/test';
import { dialogsSettled, logIn, openFromMenu } from './helpers';

/** The demo hospital administrator (README): keeps the applicant hospital's report form. */
const HADMIN = { name: 'demo_hadmin', password: 'Hadmin@2026' };

/** A 4×4 blue PNG: a logo the server decodes and accepts. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMQK/8PRwzEcQB1QhjBl2oLTQAAAABJRU5ErkJggg==',
  'base64',
);

const sectionSwitch = (page: Page, key: string) =>
  page.getByTestId(`report-section-${key}-visible`);

/** The report parts in the order the screen lists them. */
async function sectionOrder(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('report-sections')
    .locator('[data-testid^="report-section-"][role="listitem"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('report-section-', ''));
}

test('an administrator designs the report form, previews it and resets it to the default', async ({
  page,
}) => {
  await logIn(page, HADMIN);
  await openFromMenu(page, '/ReportOnline');
  await expect(page.getByTestId('report-default')).toBeVisible();
  const title = page.locator('#reportTemplate_strTitle');
  await expect(title).toHaveValue('病理会诊报告');

  // The logo is checked before it is read: too large is refused with its own message.
  const logoInput = page.getByTestId('report-logo').locator('input[type="file"]');
  const tooLarge = Buffer.concat([LOGO.subarray(0, 8), Buffer.alloc(210 * 1024)]);
  await logoInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: tooLarge });
  await expect(page.getByText('Logo 图片不能超过 200 KB')).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(page.getByTestId('report-logo-img')).toBeVisible();
  await expect(page.getByText('Logo 图片不能超过 200 KB')).toBeHidden();

  await title.fill('演示申请医院病理会诊报告');
  // Hide the clinical part, print the diagnosis before the findings, add the phone number.
  await sectionSwitch(page, 'clinical').click();
  await expect(sectionSwitch(page, 'clinical')).toHaveAttribute('aria-checked', 'false');
  await expect(sectionSwitch(page, 'diagnosis')).toBeDisabled();
  await page.getByTestId('report-section-diagnosis-up').click();
  await expect(page.getByTestId('report-section-diagnosis-up')).toBeFocused();
  await page.getByTestId('report-section-patient-fields').click();
  await page
    .getByTestId('report-fields-patient')
    .getByRole('checkbox', { name: '联系电话' })
    .check();
  await expect(page.getByTestId('report-section-patient-count')).toHaveText('已选 5/8 项');
  await page.getByTestId('report-save').click();
  await expect(page.getByText('报告模板已保存')).toBeVisible();
  await expect(page.getByTestId('report-updated')).toBeVisible();

  // Kept: after a reload the form comes from the server.
  await page.reload();
  await expect(title).toHaveValue('演示申请医院病理会诊报告');
  await expect(page.getByTestId('report-logo-img')).toBeVisible();
  await expect(sectionSwitch(page, 'clinical')).toHaveAttribute('aria-checked', 'false');
  expect(await sectionOrder(page)).toEqual([
    'patient',
    'clinical',
    'specimen',
    'diagnosis',
    'findings',
    'screenshots',
    'signature',
  ]);
  await expect(page.getByTestId('report-section-patient-count')).toHaveText('已选 5/8 项');

  // The preview is a PDF printed by the server, shown in a dialog. The test reads the answer on
  // its way to the page (the browser's protocol keeps no body the page consumed as a blob).
  let previewType = '';
  let previewBody: Buffer = Buffer.alloc(0);
  await page.route('**/api/reportFile/preview', async (route) => {
    const response = await route.fetch();
    previewType = response.headers()['content-type'] ?? '';
    previewBody = await response.body();
    await route.fulfill({ response });
  });
  await page.getByTestId('report-preview').click();
  await expect(page.getByTestId('report-preview-frame')).toBeVisible();
  expect(previewType).toBe('application/pdf');
  expect(previewBody.subarray(0, 5).toString()).toBe('%PDF-');
  expect(previewBody.length).toBeGreaterThan(10_000);
  await expect(page.getByTestId('report-preview-open')).toHaveAttribute('href', /^blob:/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('report-preview-modal')).toBeHidden();

  // Back to the default, after a confirmation.
  await page.getByTestId('report-reset').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('恢复默认报告模板？');
  await dialogsSettled(page);
  await page.getByTestId('report-reset-ok').click();
  await expect(page.getByText('已恢复默认报告模板')).toBeVisible();
  await expect(page.getByTestId('report-default')).toBeVisible();
  await expect(title).toHaveValue('病理会诊报告');
  await expect(page.getByTestId('report-logo-img')).toBeHidden();
  await expect(sectionSwitch(page, 'clinical')).toHaveAttribute('aria-checked', 'true');
});

test('the report form design reads cleanly in English: hints clear of counts, order buttons in their rows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, HADMIN, '?lang=en');
  await openFromMenu(page, '/ReportOnline');
  const footer = page.locator('.ant-form-item', { has: page.locator('#reportTemplate_strFooter') });
  await expect(footer).toContainText('Printed at the foot of every page');
  // The hint's words and the "0 / 200" under the text area do not overlap (they did).
  const overlaps = await footer.evaluate((item) => {
    const count = item.querySelector('.ant-input-data-count')!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(item.querySelector('.ant-form-item-extra')!);
    return Array.from(range.getClientRects()).some(
      (r) =>
        r.right > count.left &&
        r.left < count.right &&
        r.bottom > count.top &&
        r.top < count.bottom,
    );
  });
  expect(overlaps).toBe(false);
  // Every part's order buttons stand on its switch's line (the signature's long hint pushed
  // them onto a line of their own).
  for (const key of await sectionOrder(page)) {
    const line = async (id: string) => {
      const box = (await page.getByTestId(id).boundingBox())!;
      return box.y + box.height / 2;
    };
    const row = await line(`report-section-${key}-visible`);
    expect(Math.abs((await line(`report-section-${key}-down`)) - row), key).toBeLessThan(6);
  }
});
