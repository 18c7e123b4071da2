import { expect, type Page } from '@playwright/test';

export const ADMIN = { name: 'admin', password: 'Admin@e2e-2026' };
export const DOCTOR = { name: 'demo_doctor', password: 'Doctor@2026' };

/** Logs in through the login form, as a user would, and waits for the workspace. */
export async function logIn(page: Page, user: { name: string; password: string }, query = '') {
  await page.goto(`/${query}#/login`);
  await page.locator('#login_strUserName').fill(user.name);
  await page.locator('#login_strUserPassword').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/workplace$/);
  await expect(page.getByTestId('workplace-greeting')).toBeVisible();
}

/** Opens a screen through the side menu (opening its group first when it has one). */
export async function openFromMenu(page: Page, path: string, group?: string) {
  const item = page.getByTestId(`menu-${path}`);
  // A group already open would close again on a second click.
  if (group && !(await item.isVisible())) {
    await page.getByTestId(`menu-group-${group}`).click();
  }
  await item.click();
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/[/]/g, '\\/')}$`));
}
