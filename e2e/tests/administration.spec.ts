import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  dialogsSettled,
  expectWithinCell,
  logIn,
  openAccountMenu,
  openFromMenu,
  pickOption,
} from './helpers';

/** Picks an option of an antd Select by typing (when searchable) and clicking its label. */
async function choose(page: Page, fieldId: string, label: string) {
  await page.locator(`${fieldId}`).click();
  await pickOption(page, label);
}

async function addHospital(page: Page, name: string, type: string) {
  await page.getByTestId('hospital-add').click();
  const modal = page.getByTestId('hospital-form-modal');
  await expect(page.locator('#hospitalForm_strHospitalName')).toBeVisible();
  await page.locator('#hospitalForm_strHospitalName').fill(name);
  await choose(page, '#hospitalForm_ddIsDiagnosis', type);
  await page.locator('#hospitalForm_strContactName').fill('Dr. Zhou');
  await page.locator('#hospitalForm_strContactMobile').fill('13800001111');
  await page.locator('#hospitalForm_dTotalMemory').fill('100');
  await page.locator('#hospitalForm_dtValidUntil').fill('2030-12-31');
  await page.locator('#hospitalForm_dtValidUntil').press('Tab');
  await page.getByTestId('hospital-form-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId(`hospital-row-${name}`)).toBeVisible();
}

async function addUser(
  page: Page,
  u: {
    userName: string;
    password: string;
    realName: string;
    mobile: string;
    hospital: string;
    role: string;
  },
) {
  await page.getByTestId('user-add').click();
  await expect(page.locator('#userForm_strUserName')).toBeVisible();
  await page.locator('#userForm_strUserName').fill(u.userName);
  await page.locator('#userForm_strUserPassword').fill(u.password);
  await page.locator('#userForm_strRealName').fill(u.realName);
  await page.locator('#userForm_strMobile').fill(u.mobile);
  await choose(page, '#userForm_iHospitalId', u.hospital);
  await choose(page, '#userForm_iRoleType', u.role);
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByTestId('user-form-modal')).toBeHidden();
  await expect(page.getByTestId(`user-row-${u.userName}`)).toBeVisible();
}

async function loginAnswer(page: Page, name: string, password: string) {
  await page.goto('/?lang=en#/login');
  await page.locator('#login_strUserName').fill(name);
  await page.locator('#login_strUserPassword').fill(password);
  await page.getByTestId('login-submit').click();
}

test('the admin builds a group with a center and a clinic, their users, and freezes one', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const center = 'E2E Pathology Center';
  const clinic = 'E2E County Clinic';
  await logIn(page, ADMIN, '?lang=en');

  await openFromMenu(page, '/manage/HospitalManagement', 'manage');
  await addHospital(page, center, 'Diagnosis center');
  await addHospital(page, clinic, 'No diagnosis');
  // On a 1440 px laptop every column reads whole: "Consultation" on one line, "Users" clear of
  // the fixed Actions column.
  await page.setViewportSize({ width: 1440, height: 900 });
  const header = (name: string) =>
    page.getByTestId('hospital-table').locator('thead th', { hasText: name }).first();
  await expect(header('Consultation')).toBeVisible();
  const consultation = (await header('Consultation').boundingBox())!;
  const name = (await header('Name').boundingBox())!;
  expect(consultation.height).toBeLessThanOrEqual(name.height + 1);
  const users = (await header('Users').boundingBox())!;
  const actions = (await header('Actions').boundingBox())!;
  expect(users.x + users.width).toBeLessThanOrEqual(actions.x + 1);
  await page.setViewportSize({ width: 1280, height: 720 });

  await openFromMenu(page, '/hospitalGroup');
  await page.getByTestId('group-add').click();
  await page.locator('#groupForm_strGroupName').fill('E2E Consortium');
  await choose(page, '#groupForm_listHospitalId', center);
  await choose(page, '#groupForm_listHospitalId', clinic);
  await page.keyboard.press('Escape');
  await page.getByTestId('group-form-submit').click();
  await expect(page.getByTestId('group-form-modal')).toBeHidden();
  const group = page.getByTestId('group-row-E2E Consortium');
  await expect(group).toContainText(center);
  await expect(group).toContainText(clinic);

  await openFromMenu(page, '/manage/usersManagement', 'manage');
  await addUser(page, {
    userName: 'e2e_doctor',
    password: 'Doctor#2026',
    realName: '赵医生',
    mobile: '13911112222',
    hospital: clinic,
    role: 'Doctor',
  });
  await addUser(page, {
    userName: 'e2e_expert',
    password: 'Expert#2026',
    realName: '钱专家',
    mobile: '13911113333',
    hospital: center,
    role: 'Expert',
  });

  // Freeze the doctor: the doctor can no longer log in.
  await page.getByTestId('user-freeze-e2e_doctor').click();
  await dialogsSettled(page);
  await page.getByTestId('user-state-confirm').click();
  await expect(page.getByTestId('user-state-e2e_doctor')).toContainText('Frozen');
  // The row's last action reads whole beside "Enable", as beside "Freeze".
  await expectWithinCell(page.getByTestId('user-delete-e2e_doctor'));
  await expectWithinCell(page.getByTestId('user-delete-e2e_expert'));
  const other = await browser.newPage();
  await loginAnswer(other, 'e2e_doctor', 'Doctor#2026');
  await expect(other.getByTestId('login-error')).toContainText('frozen');

  // Enable again: the doctor logs in, changes the password and is logged out.
  await page.getByTestId('user-enable-e2e_doctor').click();
  await dialogsSettled(page);
  await page.getByTestId('user-state-confirm').click();
  await expect(page.getByTestId('user-state-e2e_doctor')).not.toContainText('Frozen');
  await loginAnswer(other, 'e2e_doctor', 'Doctor#2026');
  await expect(other).toHaveURL(/#\/workplace$/);
  await openAccountMenu(other);
  await other.getByTestId('account-password').click();
  await other.locator('#changePassword_strOldUserPassword').fill('Doctor#2026');
  await other.locator('#changePassword_strNewUserPassword').fill('Doctor#2027');
  await other.locator('#changePassword_strConfirmPassword').fill('Doctor#2027');
  await other.getByTestId('account-password-submit').click();
  await expect(other).toHaveURL(/#\/login$/);
  await loginAnswer(other, 'e2e_doctor', 'Doctor#2026');
  await expect(other.getByTestId('login-error')).toContainText('Incorrect username or password');
  await loginAnswer(other, 'e2e_doctor', 'Doctor#2027');
  await expect(other).toHaveURL(/#\/workplace$/);
  await other.close();
});

test('a user of a hospital past its validity date cannot log in', async ({ page, request }) => {
  const login = await request.post('/api/user/login', {
    data: { strUserName: ADMIN.name, strUserPassword: ADMIN.password },
  });
  const token = ((await login.json()) as { objData: { token: string } }).objData.token;
  const hospital = await request.post('/api/hospitalManage/addHospital', {
    headers: { token },
    data: {
      strHospitalName: 'E2E Expired Hospital',
      strContactName: 'Li',
      strContactMobile: '13800002222',
      ddIsDiagnosis: { iNumber: 0 },
      dtValidUntil: '2020-01-01',
      dTotalMemory: 10,
    },
  });
  const { iHospitalId } = ((await hospital.json()) as { objData: { iHospitalId: number } }).objData;
  const user = await request.post('/api/userManage/addUser', {
    headers: { token },
    data: {
      strUserName: 'e2e_late',
      strUserPassword: 'Late#2026',
      strRealName: '孙医生',
      strMobile: '13911114444',
      ddRoleType: { iNumber: 3 },
      hospital: { iHospitalId },
    },
  });
  expect(((await user.json()) as { iCode: number }).iCode).toBe(0);
  await loginAnswer(page, 'e2e_late', 'Late#2026');
  await expect(page.getByTestId('login-error')).toContainText('validity date');
});

test('every side-menu label of the platform administrator reads whole in English', async ({
  page,
}) => {
  await logIn(page, ADMIN, '?lang=en');
  const groups = page.getByTestId('side-menu').locator('.ant-menu-submenu-title');
  await expect(groups.first()).toBeVisible();
  for (const group of await groups.all()) {
    if ((await group.getAttribute('aria-expanded')) !== 'true') {
      await group.click();
    }
  }
  const labels = page.getByTestId('side-menu').locator('.side-menu-label-text');
  await expect(labels.filter({ hasText: 'Awaiting distribution' })).toBeVisible();
  // "Permission assignment", "Waiting for distribution" and "Institutions and users" were cut
  // ("Permission assign…"); their words are now shorter (the menu keeps its 220 px).
  const cut = await labels.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
});

for (const lang of ['zh', 'en'] as const) {
  test(`the administrators' list adds an administrator, so said (${lang})`, async ({ page }) => {
    await logIn(page, ADMIN, lang === 'en' ? '?lang=en' : '');
    await openFromMenu(page, '/admin/AdminList', 'admin');
    await page.getByTestId('user-add').click();
    await dialogsSettled(page);
    const modal = page.getByTestId('user-form-modal');
    await expect(
      page.getByRole('dialog', { name: lang === 'zh' ? '新增管理员' : 'Add administrator' }),
    ).toBeVisible();
    // Its roles are the administrators' only: no hint about the expert role, which is never one.
    await expect(modal).toContainText(lang === 'zh' ? '角色' : 'Role');
    await expect(modal).not.toContainText(lang === 'zh' ? '专家角色' : 'expert role');
    await page.locator('#userForm_iRoleType').click();
    await expect(page.locator('.ant-select-dropdown .ant-select-item-option')).toHaveText(
      lang === 'zh'
        ? ['平台管理员', '医院管理员']
        : ['Platform administrator', 'Hospital administrator'],
    );
  });
}
