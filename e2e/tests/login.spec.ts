import { expect, test } from '@playwright/test';
import { ADMIN, expectWholeText, logIn, openAccountMenu, openFromMenu } from './helpers';

test('the admin logs in in Chinese, the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId('login-submit')).toContainText('登');
  await expect(page).toHaveTitle('PathConsult 远程病理会诊平台');
  await expect(page.getByTestId('site-title')).toHaveText('PathConsult 远程病理会诊平台');

  await page.locator('#login_strUserName').fill(ADMIN.name);
  await page.locator('#login_strUserPassword').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');

  await page.locator('#login_strUserPassword').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/workplace$/);
  await expect(page.getByTestId('workplace-greeting')).toContainText(/早上好|中午好|下午好|晚上好/);
  await expect(page.getByTestId('header-real-name')).toContainText('超级管理员');
  await expect(page.getByTestId('menu-/auditLogs')).toContainText('审计日志');
});

test('the admin logs in in English with ?lang=en and switches to Chinese in the header', async ({
  page,
}) => {
  await logIn(page, ADMIN, '?lang=en');
  await expect(page.getByTestId('workplace-greeting')).toContainText(
    /Good (morning|day|afternoon|evening), /,
  );
  await expect(page.getByTestId('menu-/auditLogs')).toContainText('Audit');

  // A narrow window folds the side menu to its icons, a wide one opens it again.
  await page.setViewportSize({ width: 900, height: 700 });
  await expect(page.getByTestId('side-menu')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId('side-menu')).not.toHaveClass(/ant-layout-sider-collapsed/);

  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-zh').click();
  await expect(page.getByTestId('menu-/auditLogs')).toContainText('审计日志');
  await expect(page.getByTestId('workplace-greeting')).toContainText(/好/);

  // On a phone the menu is a drawer over the page, opened by a named button in the header: the
  // page keeps the whole width. Opening a group keeps the drawer open; the choice of a screen
  // closes it, and Esc closes it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  const content = page.locator('.workspace-content');
  expect((await content.boundingBox())?.width).toBe(390);
  const openMenu = page.getByRole('button', { name: '打开菜单' });
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  await openMenu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: '主菜单' });
  await expect(drawer).toBeVisible();
  // Over the page, not beside it: the page keeps its width.
  expect((await content.boundingBox())?.width).toBe(390);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // The user's name heads the account menu instead of standing in the header, and the site's
  // name is whole there (it was cut to "PathConsult 远…").
  await expect(page.getByTestId('header-real-name')).toHaveCount(0);
  const title = page.getByTestId('header-site-title');
  await expect(title).toHaveText('PathConsult 远程病理会诊平台');
  await expectWholeText(title);
  await openAccountMenu(page);
  await expect(page.getByTestId('account-menu-name')).toHaveText('超级管理员');
  await page.keyboard.press('Escape');
  await openMenu.click();
  await drawer.getByTestId('menu-group-manage').click();
  await expect(drawer.getByTestId('menu-/manage/usersManagement')).toBeVisible();
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('menu-/manage/usersManagement').click();
  await expect(page).toHaveURL(/#\/manage\/usersManagement$/);
  await expect(drawer).toBeHidden();
});

test('empty login fields get their own messages, in the chosen language', async ({ page }) => {
  await page.goto('/?lang=en#/login');
  // No title was set: the platform's own name, in the reader's language.
  await expect(page.getByTestId('site-title')).toHaveText(
    'PathConsult remote pathology consultation',
  );
  await expect(page).toHaveTitle('PathConsult remote pathology consultation');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Please enter a user name or mobile number')).toBeVisible();
  await expect(page.getByText('Please enter the password')).toBeVisible();
});

test('the admin sees the audit log of what they did, and filters it', async ({ page }) => {
  await logIn(page, ADMIN, '?lang=en');
  await openFromMenu(page, '/auditLogs');
  const rows = page.getByTestId('audit-log-table').locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('audit-log-table')).toContainText('user/login');

  await page.locator('#auditFilters_strUserName').fill('admin');
  await page.locator('#auditFilters_strAction').fill('user/login');
  // The list of named actions it offers closes, as a user closes it, off the Search button.
  await page.keyboard.press('Escape');
  // Wait for the filtered answer: the previous page stays on screen until it arrives.
  const filtered = page.waitForResponse(
    (r) => r.url().includes('GetAuditLogs') && r.url().includes('strAction='),
  );
  await page.getByTestId('audit-search').click();
  const answer = (await (await filtered).json()) as { objData: { listPage: unknown[] } };
  await expect(rows).toHaveCount(answer.objData.listPage.length);
  await expect(rows.first()).toContainText('admin');
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i)).toContainText('user/login');
  }

  // An action is found by its name as well: picking it fills in the call.
  const action = page.locator('#auditFilters_strAction');
  await action.fill('delete sl');
  await page
    .locator('.ant-select-item-option', {
      hasText: 'Delete slides · slideDocument/deleteSlideDocument',
    })
    .click();
  await expect(action).toHaveValue('slideDocument/deleteSlideDocument');
  // A call's beginning typed and Enter pressed searches with it (it is offered nothing to pick).
  await action.fill('user/');
  const byPrefix = page.waitForResponse(
    (r) => r.url().includes('GetAuditLogs') && /strAction=user%2F(&|$)/.test(r.url()),
  );
  await action.press('Enter');
  await byPrefix;
  await expect(action).toHaveValue('user/');
});

test('Back from the audit log with its date range focused leaves it without an error', async ({
  page,
}) => {
  // React hides a screen at once on Back to one not drawn yet in this page load (after a reload),
  // and Chrome then blurs the focused date field of the hidden screen: rc-picker threw a
  // TypeError (reading 'nativeElement' of null) on that blur until the blur guard of main.tsx.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, ADMIN);
  await openFromMenu(page, '/auditLogs');
  await page.reload();
  const range = page.locator('.workspace-content[data-path="/auditLogs"] .ant-picker-range');
  await range.locator('input').first().click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/workplace$/);
  await expect(page.getByTestId('workplace-greeting')).toBeVisible();
  // The blur comes as the old screen is hidden; give any late handler its turn.
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
  // The same with the focus on the open panel's "next month" button (a portal, outside the
  // field; its blur did not throw, checked here so that it stays so); then the audit log opens
  // again, its date range usable.
  await openFromMenu(page, '/auditLogs');
  await page.reload();
  await range.locator('input').first().click();
  const next = page
    .locator('.ant-picker-dropdown:visible')
    .getByRole('button', { name: '下个月', exact: true });
  await next.click();
  await expect(next).toBeFocused();
  await page.goBack();
  await expect(page.getByTestId('workplace-greeting')).toBeVisible();
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
  await openFromMenu(page, '/auditLogs');
  await range.locator('input').first().click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
