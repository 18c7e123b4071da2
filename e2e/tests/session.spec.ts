import { expect, test } from '@playwright/test';
import { ADMIN, logIn, openAccountMenu } from './helpers';

test('logout ends the session and the workspace is closed to the old tab', async ({ page }) => {
  await logIn(page, ADMIN);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  await openAccountMenu(page);
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/#\/login$/);
  // At once, while the login screen may still be settling: the workspace stays closed and the
  // login form shows (a <Navigate> lost in the pending transition once left a blank page).
  await page.goto('/#/auditLogs');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.locator('#login_strUserName')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  // Logged out on purpose: nothing to explain.
  await expect(page.getByTestId('login-session-ended')).toHaveCount(0);

  // The server revoked the token: it no longer opens anything.
  const res = await page.request.get('/api/userManage/getUserInfo', {
    headers: { token: token ?? '' },
  });
  expect(res.status()).toBe(401);

  await page.goto('/#/auditLogs');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a token that expired on the server sends the user to login with the timeout message', async ({
  page,
}) => {
  await logIn(page, ADMIN, '?lang=en');
  // The workspace's first calls (menu counts, messages) are answered before the session ends.
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  // End the session behind the page's back, as the idle timeout would.
  const logout = await page.request.post('/api/user/logout', { headers: { token: token ?? '' } });
  expect(logout.status()).toBe(200);

  // A plain click: the screen never opens (openFromMenu waits for it), login does.
  await page.getByTestId('menu-/auditLogs').click();
  await expect(page.getByText('Login timeout, please login again').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  // Said on the login page until the next login, not only in a toast gone in a second.
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('login-session-ended')).toHaveText(
    'Login timeout, please login again',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('lang'))).not.toBeNull();
  // Logged in again: back on the screen the session ended on.
  await page.locator('#login_strUserName').fill(ADMIN.name);
  await page.locator('#login_strUserPassword').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/auditLogs$/);
});
