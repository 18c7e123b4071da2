import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, openAccountMenu, tokenOf } from './helpers';

async function updateConfig(request: APIRequestContext, token: string, data: object) {
  const res = await request.post('/api/configinfo/update', { data, headers: { token } });
  expect(((await res.json()) as { iCode: number }).iCode).toBe(0);
}

test('the login page follows the configuration: site title, text, forgot-password switch', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, ADMIN);
  const before = await (await request.get('/api/configinfo/get')).json();
  try {
    await updateConfig(request, token, {
      siteTitle: '华东病理远程会诊',
      loginDesc: '仅限授权医疗机构使用',
      forget: true,
    });
    await page.goto('/#/login');
    await expect(page).toHaveTitle(/华东病理远程会诊/);
    await expect(page.getByTestId('site-title')).toContainText('华东病理远程会诊');
    await expect(page.getByText('仅限授权医疗机构使用')).toBeVisible();
    await page.getByTestId('login-forgot').click();
    await expect(page).toHaveURL(/#\/forget$/);
    await expect(page.getByText('404')).toHaveCount(0);

    await updateConfig(request, token, { forget: false });
    // The app reads the configuration once per page load.
    await page.goto('/#/login');
    await page.reload();
    await expect(page.getByTestId('login-register')).toBeVisible();
    await expect(page.getByTestId('login-forgot')).toHaveCount(0);
  } finally {
    const { siteTitle, loginDesc, forget } = before.objData;
    await updateConfig(request, token, { siteTitle, loginDesc, forget });
  }
});

test('remember me keeps the user name, never the password', async ({ page }) => {
  await page.goto('/#/login');
  await page.locator('#login_strUserName').fill(ADMIN.name);
  await page.locator('#login_strUserPassword').fill(ADMIN.password);
  await page.locator('#login_remember').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/workplace$/);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).toContain(ADMIN.name);
  expect(stored).not.toContain(ADMIN.password);

  await openAccountMenu(page);
  await page.getByTestId('account-logout').click();
  await expect(page.locator('#login_strUserName')).toHaveValue(ADMIN.name);
  await expect(page.locator('#login_strUserPassword')).toHaveValue('');
});
