import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

export const ADMIN = { name: 'admin', password: 'Admin@e2e-2026' };
export const DOCTOR = { name: 'demo_doctor', password: 'Doctor@2026' };
export const EXPERT = { name: 'demo_expert', password: 'Expert@2026' };

type Account = { name: string; password: string };

/** A session token for API calls a test makes beside the browser (set-up and clean-up). */
export async function tokenOf(request: APIRequestContext, user: Account): Promise<string> {
  const res = await request.post('/api/user/login', {
    data: { strUserName: user.name, strUserPassword: user.password },
  });
  return ((await res.json()) as { objData: { token: string } }).objData.token;
}

/** The user id behind a session token (userManage/getUserInfo). */
export async function userIdOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/userManage/getUserInfo', { headers: { token } });
  return ((await res.json()) as { objData: { iUserId: number } }).objData.iUserId;
}

/** A logged-in user in a browser context of their own (their own sessionStorage). */
export async function userPage(browser: Browser, user: Account, query = '') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user, query);
  return { page, close: () => context.close() };
}

/** Logs in through the login form, as a user would, and waits for the workspace. */
export async function logIn(page: Page, user: Account, query = '') {
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
  const url = new RegExp(`#${path.replace(/[/]/g, '\\/')}$`);
  // A click while the group is still sliding open can land beside the item (seen in CI on a
  // loaded machine): click again until the screen opened, as a person would.
  await expect(async () => {
    await item.click();
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The router keeps the last page on screen until the new one's code has loaded: a field filled
  // meanwhile was the last page's (the same filter bar on /slideInfo and /removeSlideInfo).
  await expect(page.locator(`.workspace-content[data-path="${path}"]`)).toBeAttached();
}

/**
 * Waits until dialogs have finished their motion: a click sent while a dialog still zooms in lands
 * where its button is not yet, and a press while one zooms out lands on it (as no person would).
 */
export async function dialogsSettled(page: Page) {
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave')).toHaveCount(0);
}

/**
 * Opens the header's account menu and waits for it to stop moving: antd slides a dropdown in
 * (scaled from its top), and a click on an item during that motion landed on the item above or
 * on nothing (seen twice in one CI run, right after logging in).
 */
export async function openAccountMenu(page: Page) {
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('account-logout')).toBeVisible();
  await menusSettled(page);
}

/** Waits until dropdown menus and Select lists have finished sliding in or out. */
export async function menusSettled(page: Page) {
  await expect(
    page.locator('.ant-slide-up-appear, .ant-slide-up-enter, .ant-slide-up-leave'),
  ).toHaveCount(0);
}

/**
 * Clicks the option showing `label` in the antd Select list that is open, once the list stands
 * still: it slides in like a dropdown menu, and a click during that motion can land on the
 * option above (see openAccountMenu).
 */
export async function pickOption(page: Page, label: string) {
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
    .first();
  await expect(option).toBeVisible();
  await menusSettled(page);
  await option.click();
}

/**
 * What `look` finds in the whole picture of a screenshot whose card shows a scaled-down copy
 * (`thumb`, the card's <img>): the card is clicked, and once its preview holds the whole picture
 * (wider than the copy) `look` reads it; the preview is closed again.
 */
export async function lookAtWholeScreenshot<T>(
  page: Page,
  thumb: Locator,
  look: (img: Locator) => Promise<T>,
): Promise<T> {
  const naturalWidth = (img: Locator) =>
    img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
  await expect.poll(() => naturalWidth(thumb)).toBeGreaterThan(0);
  const copyWidth = await naturalWidth(thumb);
  await thumb.click();
  const whole = page.locator('.ant-image-preview img');
  await expect.poll(() => naturalWidth(whole), { timeout: 15_000 }).toBeGreaterThan(copyWidth);
  const seen = await look(whole);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview')).toBeHidden();
  return seen;
}

/**
 * A new user of `of`'s hospital with role `roleType` (3 doctor, 4 expert), made through the
 * administrator's API: a colleague, for what one user does to another's work.
 */
export async function addColleague(
  request: APIRequestContext,
  of: string,
  roleType: 3 | 4,
  realName: string,
): Promise<Account> {
  const token = await tokenOf(request, ADMIN);
  const found = await request.get(`/api/userManage/selectUser?strUserName=${of}`, {
    headers: { token },
  });
  const hospital = (
    (await found.json()) as { objData: { listPage: { hospital: { iHospitalId: number } }[] } }
  ).objData.listPage[0]!.hospital.iHospitalId;
  const suffix = String(Date.now()).slice(-8);
  const colleague = { name: `e2e_${roleType}_${suffix}`, password: 'Colleague@2026' };
  const added = await request.post('/api/userManage/addUser', {
    headers: { token },
    data: {
      strUserName: colleague.name,
      strUserPassword: colleague.password,
      strRealName: realName,
      strMobile: `17${roleType}${suffix}`,
      ddRoleType: { iNumber: roleType },
      hospital: { iHospitalId: hospital },
    },
  });
  expect(((await added.json()) as { iCode: number }).iCode).toBe(0);
  return colleague;
}

/** A complete human case of the user behind `token`, through the API; returns its id. */
export async function addCase(
  request: APIRequestContext,
  token: string,
  num: string,
  strPatientName = 'Wang Fang',
): Promise<number> {
  const res = await request.post('/api/patient/addPatient', {
    headers: { token },
    data: {
      strDiagnosistNum: num,
      strPatientName,
      iAgeYear: 52,
      ddSex: { iNumber: 2 },
      ddClassification: { iNumber: 11 },
      strSamplingSite: 'Right breast',
      ddSampleType: { iNumber: 2 },
      strClinicalData: 'Lump for 3 months',
      strInitialOpinion: 'Fibroadenoma?',
      strTissueDescription: 'Nodule 2 × 1.5 cm',
      strPhone: '13800001111',
    },
  });
  const body = (await res.json()) as { iCode: number; objData: { iPatientId: number } };
  expect(body.iCode, JSON.stringify(body)).toBe(0);
  return body.objData.iPatientId;
}

/** The element's text is shown whole: nothing of it cut off across or down (no "…"). */
export async function expectWholeText(locator: Locator) {
  expect(
    await locator.evaluate(
      (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
    ),
  ).toBe(true);
}

/**
 * The element lies wholly within its table cell: a fixed column narrower than its content lets
 * the table's edge cut what passes the cell (a row's last action read "Delet").
 */
export async function expectWithinCell(locator: Locator) {
  expect(
    await locator.evaluate((el) => {
      const own = el.getBoundingClientRect();
      const cell = el.closest('td')!.getBoundingClientRect();
      return own.left >= cell.left && own.right <= cell.right;
    }),
  ).toBe(true);
}
