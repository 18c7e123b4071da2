import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DOCTOR, logIn, openFromMenu } from './helpers';

/*
 * Batch cases (issue 4 part 6): the doctor downloads the template, fills ten cases into it (two
 * of them bad), sees the per-row report, chooses to create only the valid rows, and finds the
 * eight new cases in the new-cases list.
 */

// Numbers are unique per hospital and the server keeps its data across the run's specs.
const RUN = String(Date.now() % 100_000_000);

/** A complete human case by the English column titles. */
function caseRow(num: string): Record<string, string | number> {
  return {
    'Patient name': 'Batch Patient',
    'Pathology number': num,
    'Age (years)': 52,
    Sex: 'Female',
    Classification: 'Breast',
    'Specimen type': 'Surgical removal',
    'Sampling site': 'Left breast',
    'Clinical data': 'Lump for 2 months',
    'Initial diagnostic opinion': 'Fibroadenoma?',
    'Tissue description (gross findings)': 'Grey-white nodule',
    Phone: '13800138000',
  };
}

test('a doctor imports ten cases from a spreadsheet with two bad rows', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/batchnew');

  // The template, as the user downloads it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('case-import-template').click(),
  ]);
  expect(download.suggestedFilename()).toBe('case-import-template.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) ?? '');
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    throw new Error('the template has no sheet');
  }
  const titles = (sheet.getRow(1).values as (string | undefined)[]).slice(1).map(String);
  expect(titles).toContain('Remarks');

  // Ten cases under the template's own header; sheet rows 4 and 8 are bad.
  const nums = Array.from({ length: 10 }, (_, i) => `BI${RUN}-${i}`);
  nums.forEach((num, i) => {
    const row = caseRow(num);
    if (i === 2) {
      row['Patient name'] = '';
    }
    if (i === 6) {
      row.Sex = 'Unknown';
    }
    sheet.addRow(titles.map((title) => row[title.replace(/ \*$/, '')] ?? null));
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.locator('input[type=file]').setInputFiles({
    name: 'ten-cases.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });

  // The report: counts, and the two bad rows with what is wrong in each.
  await expect(page.getByTestId('case-import-summary')).toHaveText(
    '10 rows: 8 valid, 2 with errors',
  );
  const report = page.getByTestId('case-import-report');
  await expect(report.locator('tbody tr')).toHaveCount(2);
  const row4 = report.locator('tbody tr', { hasText: /^4/ });
  await expect(row4).toContainText('Patient name: Patient name cannot be empty');
  const row8 = report.locator('tbody tr').nth(1);
  await expect(row8).toContainText('8');
  await expect(row8).toContainText(`BI${RUN}-6`);
  await expect(row8).toContainText('Sex: Not one of the allowed values');
  // Every row is listed when the filter is off.
  await page.getByText('Only rows with errors').click();
  await expect(report.locator('tbody tr')).toHaveCount(10);

  // The choice, stated before anything is written.
  const commit = page.getByTestId('case-import-commit');
  await commit.getByRole('radio', { name: /Create all or nothing/ }).check();
  await expect(commit).toContainText('Nothing will be created');
  await expect(page.getByTestId('case-import-create')).toBeDisabled();
  await commit.getByRole('radio', { name: /Create only the valid rows/ }).check();
  await expect(commit).toContainText('8 cases will be created.');
  await page.getByTestId('case-import-create').click();
  await expect(page.getByText('Create 8 cases?')).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();

  await expect(page.getByTestId('case-import-done')).toContainText('8 cases created');
  await expect(page.getByTestId('case-import-done')).toContainText(
    '2 rows with errors were not imported.',
  );
  await page.getByRole('button', { name: 'Go to new cases' }).click();
  await expect(page).toHaveURL(/#\/setnew$/);
  for (const [i, num] of nums.entries()) {
    const row = page.getByTestId(`case-row-${num}`);
    await (i === 2 || i === 6 ? expect(row).toHaveCount(0) : expect(row).toBeVisible());
  }
});
