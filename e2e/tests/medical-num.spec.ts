import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DOCTOR, dialogsSettled, logIn, openFromMenu, pickOption, tokenOf } from './helpers';

/** Picks an option of an antd Select by clicking it open and clicking the option's label. */
async function choose(page: Page, select: ReturnType<Page['locator']>, label: string) {
  await select.click();
  await pickOption(page, label);
}

/** Today in China Standard Time as YYYYMMDD: the date part numbers carry. */
function chinaToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

test('the administrator sets a pathology number rule and sees the next number', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  await openFromMenu(page, '/medicalNum', 'admin');
  // The diagnostic center: no other flow creates cases there.
  await choose(page, page.getByTestId('serial-hospital'), '演示诊断中心');
  await expect(page.getByTestId('serial-no-rule')).toBeVisible();

  const prefix = page.locator('#serialRule_strPrefix');
  await prefix.fill('E_2');
  await expect(page.getByText('前缀只能包含字母、数字和 -')).toBeVisible();
  await expect(page.getByTestId('serial-preview')).toHaveText('请先完成规则设置');

  await prefix.fill('E2E');
  await choose(page, page.locator('#serialRule_strDatePart'), '年月日（YYYYMMDD）');
  await page.locator('#serialRule_iSeqWidth').fill('4');
  await choose(page, page.locator('#serialRule_strResetPeriod'), '每天');
  // The preview follows the form as it changes.
  await expect(page.getByTestId('serial-preview')).toHaveText(`E2E${chinaToday()}0001`);
  await page.locator('#serialRule_iSeqWidth').fill('5');
  await expect(page.getByTestId('serial-preview')).toHaveText(`E2E${chinaToday()}00001`);
  // 3 + 8 + 6 = 17 characters: longer than a pathology number may be.
  await page.locator('#serialRule_iSeqWidth').fill('6');
  await expect(page.getByText('病理号不能超过 16 位（前缀、日期与序号合计）')).toBeVisible();
  await expect(page.getByTestId('serial-preview')).toHaveText('请先完成规则设置');
  await page.locator('#serialRule_iSeqWidth').fill('4');
  await expect(page.getByTestId('serial-preview')).toHaveText(`E2E${chinaToday()}0001`);

  await page.getByTestId('serial-save').click();
  await expect(page.getByText('病理号规则已保存')).toBeVisible();
  await expect(page.getByTestId('serial-no-rule')).toBeHidden();
  await expect(page.getByTestId('serial-updated')).toBeVisible();

  // Kept: after a reload the rule and its next number come from the server.
  await page.reload();
  await choose(page, page.getByTestId('serial-hospital'), '演示诊断中心');
  await expect(page.locator('#serialRule_strPrefix')).toHaveValue('E2E');
  await expect(page.getByTestId('serial-preview')).toHaveText(`E2E${chinaToday()}0001`);
});

test('the administrator adds a dictionary item and disables it; doctors stop seeing it', async ({
  page,
  request,
}) => {
  const name = `E2E-Ab ${Date.now() % 1_000_000}`;
  await logIn(page, ADMIN);
  await openFromMenu(page, '/medicalNum', 'admin');
  await page.getByRole('tab', { name: '医嘱字典' }).click();
  // The seeded platform dictionary is there.
  await expect(page.getByTestId('order-row-CK7')).toBeVisible();

  await page.getByTestId('order-add').click();
  await expect(page.getByTestId('order-form-modal')).toBeVisible();
  await dialogsSettled(page);
  // Both required fields say so on the spot.
  await page.getByTestId('order-form-submit').click();
  await expect(page.getByText('该项不能为空')).toHaveCount(2);
  await choose(page, page.locator('#orderForm_strCategory'), '免疫组化');
  await page.locator('#orderForm_strName').fill(name);
  await page.locator('#orderForm_strCode').fill('E2E-AB');
  await page.getByTestId('order-form-submit').click();
  await expect(page.getByText('医嘱项目已添加')).toBeVisible();
  await expect(page.getByTestId('order-form-modal')).toBeHidden();

  await page.locator('#orderFilters_strName').fill(name);
  await page.getByTestId('order-search').click();
  await expect(page.getByTestId(`order-row-${name}`)).toBeVisible();
  await expect(page.getByTestId(`order-state-${name}`)).toHaveText('启用');

  const doctorToken = await tokenOf(request, DOCTOR);
  const offered = async () => {
    const res = await request.get('/api/medicalorder/selectMedDatadictionary?strCategory=ihc', {
      headers: { token: doctorToken },
    });
    return ((await res.json()) as { objData: { strName: string }[] }).objData.map((i) => i.strName);
  };
  expect(await offered()).toContain(name);

  await page.getByTestId(`order-disable-${name}`).click();
  await dialogsSettled(page);
  await page.getByTestId('order-disable-confirm').click();
  await expect(page.getByText('已停用')).toBeVisible();
  await expect(page.getByTestId(`order-state-${name}`)).toHaveText('停用');
  expect(await offered()).not.toContain(name);

  // Enabled again in one click.
  await page.getByTestId(`order-enable-${name}`).click();
  await expect(page.getByTestId(`order-state-${name}`)).toHaveText('启用');
});
