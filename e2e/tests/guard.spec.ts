import { expect, test } from '@playwright/test';
import { ADMIN, DOCTOR, EXPERT, logIn } from './helpers';

test('a visitor without a session is sent to the login page, and after it to the screen asked for', async ({
  page,
}) => {
  await page.goto('/#/auditLogs?strUserName=admin');
  await expect(page).toHaveURL(/#\/login$/);
  await page.locator('#login_strUserName').fill(ADMIN.name);
  await page.locator('#login_strUserPassword').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  // The link is not lost to the workspace's home.
  await expect(page).toHaveURL(/#\/auditLogs\?strUserName=admin$/);
});

test('a doctor who opens an administrator screen lands on 403', async ({ page }) => {
  await logIn(page, DOCTOR);
  await expect(page.getByTestId('menu-/auditLogs')).toHaveCount(0);
  await expect(page.getByTestId('menu-/setnew')).toBeVisible();
  await page.goto('/#/auditLogs');
  await expect(page).toHaveURL(/#\/403$/);
  // The picture is not read out by its English title ("Unauthorized"): the page's title says it.
  await expect(page.getByRole('img', { name: 'Unauthorized' })).toHaveCount(0);
  await expect(page.locator('.ant-result-image svg')).toHaveAttribute('aria-hidden', 'true');
  await page.getByTestId('back-home').click();
  await expect(page).toHaveURL(/#\/workplace$/);
});

test('a screen the guard refuses leaves no tab behind', async ({ page }) => {
  await logIn(page, EXPERT);
  await page.goto('/#/sliceManage');
  await expect(page).toHaveURL(/#\/403$/);
  await page.getByTestId('back-home').click();
  await expect(page).toHaveURL(/#\/workplace$/);
  await expect(page.getByTestId('tab-/workplace')).toBeVisible();
  await expect(page.getByTestId('tab-/sliceManage')).toHaveCount(0);
  // A screen the expert may open still gets its tab.
  await page.goto('/#/waitdiagnosis');
  await expect(page.getByTestId('tab-/waitdiagnosis')).toBeVisible();
  await expect(page.getByTestId('tab-/sliceManage')).toHaveCount(0);
});

test('an unknown route shows 404, and /forget is 404 while the setting is off', async ({
  page,
}) => {
  await logIn(page, DOCTOR);
  await page.goto('/#/no-such-screen');
  await expect(page.getByText('404')).toBeVisible();
  await page.goto('/#/forget');
  await expect(page.getByText('404')).toBeVisible();
});
