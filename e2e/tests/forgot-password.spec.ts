import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, logIn, openFromMenu, tokenOf } from './helpers';

interface Envelope<T> {
  iCode: number;
  strMessage: string;
  objData: T;
}

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  token: string,
  data?: object,
): Promise<T> {
  const res =
    method === 'get'
      ? await request.get(`/api/${path}`, { headers: { token } })
      : await request.post(`/api/${path}`, { headers: { token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.iCode, `${path}: ${body.strMessage}`).toBe(0);
  return body.objData;
}

test('a doctor resets a forgotten password with a code the administrator reads in the outbox', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, ADMIN);
  const before = await call<{ forget: boolean }>(request, 'get', 'configinfo/get', token);
  // A doctor of its own, at the demo doctor's hospital: no other flow's account changes.
  const demo = await call<{ listPage: { hospital: { iHospitalId: number } }[] }>(
    request,
    'get',
    'userManage/selectUser?strUserName=demo_doctor',
    token,
  );
  const suffix = String(Date.now()).slice(-8);
  const doctor = {
    name: `e2e_forget_${suffix}`,
    password: 'Before@2026',
    mobile: `177${suffix}`,
  };
  const created = await call<{ iUserId: number }>(request, 'post', 'userManage/addUser', token, {
    strUserName: doctor.name,
    strUserPassword: doctor.password,
    strRealName: '找回密码',
    strMobile: doctor.mobile,
    ddRoleType: { iNumber: 3 },
    hospital: { iHospitalId: demo.listPage[0]!.hospital.iHospitalId },
  });
  await call(request, 'post', 'configinfo/update', token, { forget: true });

  try {
    // The doctor asks for a code from the login page's "forgot password" link.
    await page.goto('/?lang=en#/login');
    await page.getByTestId('login-forgot').click();
    await expect(page).toHaveURL(/#\/forget$/);
    await expect(page.getByTestId('forget-title')).toHaveText('Reset password');
    await page.getByTestId('forget-send-code').click();
    await expect(page.getByText('This field cannot be empty')).toBeVisible();
    await page.locator('#forgetPassword_strMobile').fill(doctor.mobile);
    await page.getByTestId('forget-send-code').click();
    await expect(page.getByTestId('forget-code-sent')).toBeVisible();
    // The button counts down the minute before another code may be asked for.
    await expect(page.getByTestId('forget-send-code')).toBeDisabled();
    await expect(page.getByTestId('forget-send-code')).toContainText(/Resend in \d+ s/);

    // No SMS gateway here: the platform administrator reads the text in the outbox.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, ADMIN, '?lang=en');
    await openFromMenu(adminPage, '/admin/outbox', 'admin');
    await adminPage.locator('#outboxFilters_strRecipient').fill(doctor.mobile);
    await adminPage.getByTestId('outbox-search').click();
    const body = adminPage.getByTestId('outbox-table').getByTestId('outbox-body');
    await expect(body).toHaveCount(1);
    await expect(body).toContainText('password reset code');
    const code = (await body.innerText()).match(/(?<!\d)\d{6}(?!\d)/)?.[0];
    expect(code).toBeTruthy();
    await adminContext.close();

    // A wrong code is refused on its field; the right one sets the new password.
    const newPassword = 'After@2026';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.locator('#forgetPassword_strCode').fill(wrong);
    await page.locator('#forgetPassword_strNewPassword').fill(newPassword);
    await page.locator('#forgetPassword_strConfirmPassword').fill('After@2027');
    await page.getByTestId('forget-submit').click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await page.locator('#forgetPassword_strConfirmPassword').fill(newPassword);
    await page.getByTestId('forget-submit').click();
    await expect(page.getByText('The verification code is wrong or has expired')).toBeVisible();
    await page.locator('#forgetPassword_strCode').fill(code!);
    await page.getByTestId('forget-submit').click();

    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('login-notice')).toContainText('Your password was reset');
    await page.locator('#login_strUserName').fill(doctor.name);
    await page.locator('#login_strUserPassword').fill(doctor.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await logIn(page, { name: doctor.name, password: newPassword }, '?lang=en');
  } finally {
    await call(request, 'post', 'configinfo/update', token, { forget: before.forget });
    await call(request, 'post', 'userManage/deleteUser', token, { iUserId: created.iUserId });
  }
});

test('the forgot-password page and its calls are not there while the switch is off', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, ADMIN);
  const before = await call<{ forget: boolean }>(request, 'get', 'configinfo/get', token);
  await call(request, 'post', 'configinfo/update', token, { forget: false });
  try {
    const res = await request.post('/api/user/sendCode?strMobile=13800000000');
    expect(res.status()).toBe(404);
    await page.goto('/?lang=en#/forget');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByTestId('forget-send-code')).toHaveCount(0);
  } finally {
    await call(request, 'post', 'configinfo/update', token, { forget: before.forget });
  }
});
