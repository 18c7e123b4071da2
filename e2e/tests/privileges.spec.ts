import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, dialogsSettled, logIn, openFromMenu } from './helpers';

const HADMIN = { name: 'e2e_priv_admin', password: 'Priv#2026' };

async function tokenOf(request: APIRequestContext, user: { name: string; password: string }) {
  const login = await request.post('/api/user/login', {
    data: { strUserName: user.name, strUserPassword: user.password },
  });
  return ((await login.json()) as { objData: { token: string } }).objData.token;
}

/** A hospital administrator of the demo applicant hospital, created through the API. */
async function createHospitalAdmin(request: APIRequestContext) {
  const token = await tokenOf(request, ADMIN);
  const options = await request.get('/api/hospitalManage/selectAllHospital', {
    headers: { token },
  });
  const hospitals = (
    (await options.json()) as {
      objData: { iHospitalId: number; ddIsDiagnosis: { iNumber: number } }[];
    }
  ).objData;
  const applicant = hospitals.find((h) => h.ddIsDiagnosis.iNumber !== 2);
  const added = await request.post('/api/userManage/addUser', {
    headers: { token },
    data: {
      strUserName: HADMIN.name,
      strUserPassword: HADMIN.password,
      strRealName: '权限管理员',
      strMobile: '13911115555',
      ddRoleType: { iNumber: 2 },
      hospital: { iHospitalId: applicant?.iHospitalId },
    },
  });
  expect(((await added.json()) as { iCode: number }).iCode).toBe(0);
}

test('menu permissions: a role and direct grants decide what a hospital administrator sees and may call', async ({
  browser,
  page,
  request,
}) => {
  await createHospitalAdmin(request);

  // The platform administrator defines a role and assigns it without the hospital grouping.
  await logIn(page, ADMIN);
  await openFromMenu(page, '/admin/roles', 'admin');
  await page.getByTestId('role-add').click();
  // Clicks land only once the dialog has finished opening (a CI run's click on a checkbox
  // during the opening animation was lost).
  await dialogsSettled(page);
  await page.locator('#roleForm_strRoleName').fill('E2E 统计角色');
  await page.getByTestId('privilege-statistics').click();
  await expect(page.getByTestId('privilege-statistics')).toBeChecked();
  await page.getByTestId('privilege-scope-statistics').getByText('全部医院').click();
  await page.getByTestId('role-form-submit').click();
  await expect(page.getByTestId('role-row-E2E 统计角色')).toContainText('数据统计（全部医院）');

  await openFromMenu(page, '/admin/privileges', 'admin');
  await page.getByTestId(`assign-${HADMIN.name}`).click();
  // A new hospital administrator starts with the default set, hospital grouping included.
  await expect(page.getByTestId('privilege-hospitalGroup')).toBeChecked();
  await page.getByTestId('privilege-hospitalGroup').click();
  await page.locator('#assignForm_iRoleId').click();
  await page.getByTitle('E2E 统计角色').click();
  await page.getByTestId('assign-submit').click();
  await expect(page.getByTestId('assign-modal')).toBeHidden();

  // The hospital administrator: no grouping in the menu, the screen and its call refused.
  const context = await browser.newContext();
  const other = await context.newPage();
  await logIn(other, HADMIN);
  await expect(other.getByTestId('menu-group-manage')).toBeVisible();
  await expect(other.getByTestId('menu-group-total')).toBeVisible();
  await expect(other.getByTestId('menu-/hospitalGroup')).toHaveCount(0);
  await other.goto('/#/hospitalGroup');
  await expect(other).toHaveURL(/#\/403$/);
  // The refusal names the privilege it needs, and who gives it.
  await expect(other.getByText('此页面需要“医院分组”权限：请联系管理员授予')).toBeVisible();
  const token = await tokenOf(request, HADMIN);
  const groups = await request.get('/api/hospitalGroup/getHospitalGroup', { headers: { token } });
  expect(groups.status()).toBe(403);

  // Removing every permission leaves only the home page.
  await page.getByTestId(`remove-${HADMIN.name}`).click();
  await dialogsSettled(page);
  await page.getByTestId('remove-confirm').click();
  await expect(page.getByText('权限已移除')).toBeVisible();
  await other.goto('/#/workplace');
  await other.reload();
  await expect(other.getByTestId('menu-/workplace')).toBeVisible();
  await expect(other.getByTestId('menu-group-manage')).toHaveCount(0);
  await expect(other.getByTestId('menu-/auditLogs')).toHaveCount(0);
  await context.close();
});
