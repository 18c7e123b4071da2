import { expect, test, type Page } from '@playwright/test';
import { ADMIN, dialogsSettled, logIn, openFromMenu, pickOption } from './helpers';

/** The text of every captcha of the e2e server (CAPTCHA_FIXED_TEXT in playwright.config.ts). */
const CAPTCHA_TEXT = 'E2E7K';
const APPLICANT_HOSPITAL = '演示申请医院 (Demo Applicant Hospital)';
const PASSWORD = 'Apply#2026';
/** A resident ID number with a valid check character. */
const ID_NUMBER = '11010519491231002X';

/** Picks an option of an antd Select by clicking its label. */
async function choose(page: Page, fieldId: string, label: string) {
  await page.locator(fieldId).click();
  await pickOption(page, label);
}

/** Tries to log in and leaves the page where the answer shows. */
async function tryLogin(page: Page, name: string, password: string) {
  await page.goto('/#/login');
  await page.locator('#login_strUserName').fill(name);
  await page.locator('#login_strUserPassword').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Registers through the form, as a visitor would, from the login page's link. */
async function registerThroughForm(page: Page, userName: string, mobile: string) {
  await page.goto('/#/login');
  await page.getByTestId('login-register').click();
  await expect(page).toHaveURL(/#\/register$/);

  // The captcha is a real image, and a click brings another one.
  const image = page.getByTestId('register-captcha-image');
  await expect(image).toBeVisible();
  const first = await image.getAttribute('src');
  expect(first).toMatch(/^data:image\/png;base64,/);
  await page.getByTestId('register-captcha-refresh').click();
  await expect(image).not.toHaveAttribute('src', first ?? '');
  // A switch of language leaves the picture alone (the answer typed for it stays right), while
  // the page's words follow.
  const shown = await image.getAttribute('src');
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('register-submit')).not.toContainText('注');
  await page.getByTestId('lang-zh').click();
  await page.waitForLoadState('networkidle');
  expect(await image.getAttribute('src')).toBe(shown);

  // Submitting empty shows the required fields' messages, and sends nothing.
  await page.getByTestId('register-submit').click();
  await expect(page.locator('#register_strUserName_help')).toContainText('该项不能为空');
  await expect(page.locator('#register_strJobTitle_help')).toContainText('该项不能为空');

  await page.locator('#register_strUserName').fill(userName);
  await page.locator('#register_strMobile').fill(mobile);
  await page.locator('#register_strUserPassword').fill(PASSWORD);
  await page.locator('#register_strConfirmPassword').fill('Other#2026');
  await page.locator('#register_strRealName').fill('张医生');
  await expect(page.locator('#register_strConfirmPassword_help')).toContainText(
    '两次输入的密码不一致',
  );
  await page.locator('#register_strConfirmPassword').fill(PASSWORD);
  await page.locator('#register_iSex').getByText('男').click();
  await page.locator('#register_dtBirthdayDate').fill('1985/06/15');
  await page.locator('#register_dtBirthdayDate').press('Enter');
  // Enter takes the typed date and closes the calendar (a date still only typed is no value).
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(page.locator('#register_dtBirthdayDate')).toHaveValue('1985/06/15');
  await page.locator('#register_strIdentityNumber').fill(ID_NUMBER);
  await page.locator('#register_strProvince').fill('浙江省');
  await page.locator('#register_strCity').fill('杭州市');
  await choose(page, '#register_unit', APPLICANT_HOSPITAL);
  await page.locator('#register_strJobTitle').fill('主治医师');
  await page.locator('#register_strDepartment').fill('病理科');

  // A wrong captcha is refused, and a new image comes.
  await page.locator('#register_strCaptcha').fill('WRONG');
  await page.getByTestId('register-submit').click();
  // The captcha's is the form's only message (were another field refused, this names it).
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText(['验证码错误或已过期']);
  await expect(page.locator('#register_strCaptcha')).toHaveValue('');
  await page.locator('#register_strCaptcha').fill(CAPTCHA_TEXT.toLowerCase());
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success')).toContainText('3 个工作日');
}

/** Opens the review list as the platform administrator. */
async function openReview(page: Page) {
  await logIn(page, ADMIN);
  await openFromMenu(page, '/admin/registrations', 'admin');
}

test('a visitor registers as a doctor, waits for review, and logs in once approved', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const userName = `reg_doctor_${stamp}`;
  await registerThroughForm(page, userName, `136${String(stamp).padStart(8, '0')}`);

  // Pending: the right password is told the account is not approved yet.
  await page.getByTestId('register-back-login').click();
  await expect(page).toHaveURL(/#\/login$/);
  await tryLogin(page, userName, PASSWORD);
  await expect(page.getByTestId('login-error')).toContainText('账号尚未通过审核');

  // The administrator approves it at the hospital applied for.
  await openReview(page);
  const row = page.getByTestId(`registration-row-${userName}`);
  await expect(row).toContainText(APPLICANT_HOSPITAL);
  await expect(row).toContainText('主治医师');
  await page.getByTestId(`registration-approve-${userName}`).click();
  const dialog = page.getByTestId('registration-approve-modal');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('registration-approve-role')).toHaveText('医生');
  // The hospital picker starts at the hospital applied for.
  await expect(
    dialog.locator('.ant-form-item').filter({ has: page.locator('#approveForm_iHospitalId') }),
  ).toContainText(APPLICANT_HOSPITAL);
  await page.getByTestId('registration-approve-submit').click();
  await expect(dialog).toBeHidden();
  // Gone from the pending list; listed as approved.
  await expect(row).toBeHidden();
  await page.getByTestId('registration-state-4').click();
  await expect(page.getByTestId(`registration-state-of-${userName}`)).toHaveText('审核通过');

  // The applicant logs in.
  await page.evaluate(() => sessionStorage.clear());
  await logIn(page, { name: userName, password: PASSWORD });
});

test('a refused registration shows its reason at login', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const userName = `reg_refused_${stamp}`;
  // Registered through the API this time (the form is the first flow's subject).
  const captcha = await page.request.get('/api/user/getCaptcha');
  const { objData } = (await captcha.json()) as { objData: { strCaptchaId: string } };
  const answer = await page.request.post('/api/user/register', {
    data: {
      strCaptchaId: objData.strCaptchaId,
      strCaptcha: CAPTCHA_TEXT,
      ddRoleType: { iNumber: 4 },
      strUserName: userName,
      strUserPassword: PASSWORD,
      strConfirmPassword: PASSWORD,
      strRealName: '李专家',
      ddSex: { iNumber: 2 },
      dtBirthdayDate: '1979/11/02',
      strIdentityNumber: ID_NUMBER,
      strProvince: '江苏省',
      strCity: '南京市',
      iHospitalId: null,
      strUnitName: '某县人民医院',
      strJobTitle: '主任医师',
      strMobile: `135${String(stamp).padStart(8, '0')}`,
    },
  });
  expect(((await answer.json()) as { iCode: number }).iCode).toBe(0);

  await openReview(page);
  await expect(page.getByTestId(`registration-row-${userName}`)).toContainText('未列出的单位');
  await page.getByTestId(`registration-reject-${userName}`).click();
  await expect(page.getByTestId('registration-reject-modal')).toBeVisible();
  await dialogsSettled(page);
  // The reason is required.
  await page.getByTestId('registration-reject-submit').click();
  await expect(page.locator('#rejectForm_strReason_help')).toContainText('该项不能为空');
  await page.locator('#rejectForm_strReason').fill('无法核实执业资格');
  await page.getByTestId('registration-reject-submit').click();
  await expect(page.getByTestId('registration-reject-modal')).toBeHidden();
  await page.getByTestId('registration-state-5').click();
  await expect(page.getByTestId(`registration-row-${userName}`)).toContainText('无法核实执业资格');

  await page.evaluate(() => sessionStorage.clear());
  await tryLogin(page, userName, PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText('注册申请未通过审核：无法核实执业资格');
});
