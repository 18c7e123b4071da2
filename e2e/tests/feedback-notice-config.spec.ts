import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  DOCTOR,
  EXPERT,
  dialogsSettled,
  logIn,
  openAccountMenu,
  openFromMenu,
  pickOption,
  tokenOf,
  userPage,
} from './helpers';

/** A small but real PNG (1×1), and one that starts like a PNG but is over 100 K. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_TOO_LARGE = Buffer.concat([PNG_1PX, Buffer.alloc(100 * 1024)]);

/** `YYYY-MM-DD HH:mm` in the browser's (and this process's) local time, as the picker shows. */
function pickerText(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function openAccountFeedback(page: Page) {
  await openAccountMenu(page);
  await page.getByTestId('account-feedback').click();
  await expect(page.getByTestId('feedback-modal')).toBeVisible();
  await dialogsSettled(page);
}

test('a doctor sends feedback with an image; the admin sees it and marks it handled', async ({
  browser,
}) => {
  const content = `加载慢 ${Date.now() % 1_000_000}`;
  const doctor = await userPage(browser, DOCTOR);
  try {
    const page = doctor.page;
    await openAccountFeedback(page);
    // Empty feedback is refused on the spot.
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByText('反馈内容不能为空')).toBeVisible();

    await page.locator('#feedback_strContent').fill(content);
    await page.locator('#feedback_strContact').fill('13800000000');
    const fileInput = page.getByTestId('feedback-image').locator('input[type=file]');
    // Over 100 K: refused in the browser with the server's own message.
    await fileInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: PNG_TOO_LARGE,
    });
    await expect(page.getByText('反馈图片不能超过 100K')).toBeVisible();
    // Not an image, whatever its name says.
    await fileInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF89a not really'),
    });
    await expect(page.getByText('反馈图片格式错误，仅支持 PNG 或 JPEG')).toBeVisible();
    await fileInput.setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(page.getByTestId('feedback-image-thumb')).toBeVisible();
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByText('感谢您的反馈，我们会尽快处理')).toBeVisible();
    await expect(page.getByTestId('feedback-modal')).toBeHidden();
  } finally {
    await doctor.close();
  }

  const admin = await userPage(browser, ADMIN);
  try {
    const page = admin.page;
    await openFromMenu(page, '/userFeedback', 'manage');
    const row = page.locator('[data-testid^="feedback-row-"]', { hasText: content });
    await expect(row).toBeVisible();
    await expect(row).toContainText('demo_doctor');
    await expect(row).toContainText('13800000000');
    await expect(row.locator('[data-testid^="feedback-state-"]')).toHaveText('未处理');

    // The image is fetched when asked for, and previewed.
    await row.locator('[data-testid^="feedback-image-"]').click();
    const preview = page.locator('.ant-image-preview img');
    await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
    // Closed at once, most often while it is still opening: nothing is left over the page (antd 6
    // left its invisible mask there, ant-design/ant-design#57431), so the next click lands.
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await row.locator('[data-testid^="feedback-handle-"]').click();
    await expect(row.locator('[data-testid^="feedback-state-"]')).toHaveText('已处理');
    await expect(row).toContainText('admin 于');

    // Only unhandled feedback: this one is gone from the list.
    await page.locator('#feedbackFilters_strHandled').click();
    await pickOption(page, '未处理');
    await page.getByTestId('feedback-search').click();
    await expect(row).toBeHidden();
  } finally {
    await admin.close();
  }
});

test('the admin publishes an upgrade notice; the doctor sees the banner and closes it', async ({
  browser,
  request,
}) => {
  const platform = `PathConsult ${Date.now()}`;
  const admin = await userPage(browser, ADMIN);
  let noticeId: number | null = null;
  try {
    const page = admin.page;
    await openFromMenu(page, '/admin/upgradeNotice', 'admin');
    await page.locator('#upgradeNotice_strPlatformName').fill(platform);
    // The range is required: refused before anything is sent.
    await page.getByTestId('notice-publish').click();
    await expect(page.getByText('请选择时间范围')).toBeVisible();

    await page.locator('#upgradeNotice_strContent').fill('期间无法上传切片');
    const start = new Date(Date.now() + 2 * 3_600_000);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    // Typed like a user at the keyboard; each end is confirmed with the picker's OK button.
    const confirm = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    const startInput = page.locator('#upgradeNotice_range');
    await startInput.click();
    await startInput.fill(pickerText(start));
    await confirm.click();
    const endInput = page.locator('.ant-picker-range input').nth(1);
    await endInput.fill(pickerText(end));
    await confirm.click();
    await expect(endInput).toHaveValue(pickerText(end));
    await page.getByTestId('notice-publish').click();
    await expect(page.getByText('升级通知已发布')).toBeVisible();
    const row = page.locator('[data-testid^="notice-row-"]', { hasText: platform });
    await expect(row).toBeVisible();
    await expect(row).toContainText(pickerText(start));
    await expect(row).toContainText('未开始');
    noticeId = Number((await row.getAttribute('data-testid'))?.replace('notice-row-', ''));

    // The login page announces it before anyone logs in...
    const doctorContext = await browser.newContext();
    try {
      const doctorPage = await doctorContext.newPage();
      await doctorPage.goto('/#/login');
      const onLogin = doctorPage.getByTestId(`upgrade-notice-${noticeId}`);
      await expect(onLogin).toContainText(
        `${platform} 将于 ${pickerText(start)} 至 ${pickerText(end)} 进行系统升级`,
      );
      // ...and so does the workspace, until the doctor closes it for this tab.
      await logIn(doctorPage, DOCTOR);
      const banner = doctorPage.getByTestId(`upgrade-notice-${noticeId}`);
      await expect(banner).toContainText(platform);
      await expect(banner).toContainText('期间无法上传切片');
      await banner.getByRole('button', { name: '关闭此通知' }).click();
      await expect(banner).toBeHidden();
      await doctorPage.reload();
      await expect(doctorPage.getByTestId('workplace-greeting')).toBeVisible();
      await expect(doctorPage.getByTestId(`upgrade-notice-${noticeId}`)).toHaveCount(0);
    } finally {
      await doctorContext.close();
    }

    // Withdrawn with a confirmation.
    await row.locator('[data-testid^="notice-delete-"]').click();
    await dialogsSettled(page);
    await page.getByTestId('notice-delete-confirm').click();
    await expect(page.getByText('升级通知已删除')).toBeVisible();
    await expect(row).toBeHidden();
    noticeId = null;
  } finally {
    if (noticeId !== null) {
      await request.post('/api/upgradeNotice/delete', {
        data: { iNoticeId: noticeId },
        headers: { token: await tokenOf(request, ADMIN) },
      });
    }
    await admin.close();
  }
});

test('the admin changes the site title; the page title follows without a reload', async ({
  browser,
  request,
}) => {
  const before = (
    (await (await request.get('/api/configinfo/get')).json()) as {
      objData: { siteTitle: string };
    }
  ).objData;
  const title = `华东远程病理 ${Date.now()}`;
  const admin = await userPage(browser, ADMIN);
  try {
    const page = admin.page;
    await openFromMenu(page, '/globalConfiguration/basic');
    await expect(page.locator('#globalConfig_siteTitle')).toHaveValue(before.siteTitle);
    // A pattern that is not a regular expression is refused with its own message.
    await page.locator('#globalConfig_pwdRules').fill('([a-z');
    await page.getByTestId('config-save').click();
    await expect(page.getByText('不是有效的正则表达式')).toBeVisible();
    await page.locator('#globalConfig_pwdRules').fill('');
    // Emptied, the reset password and the group cap are said to be empty (not "invalid format"),
    // each once; a short password is a format problem.
    const cap = page.locator('#globalConfig_hospitalsPerGroup');
    const password = page.locator('#globalConfig_defaultPassword');
    const kept = [await cap.inputValue(), await password.inputValue()] as const;
    await cap.fill('');
    await password.fill('');
    await page.getByTestId('config-save').click();
    for (const field of ['hospitalsPerGroup', 'defaultPassword']) {
      await expect(page.locator(`#globalConfig_${field}_help`)).toHaveText('该项不能为空');
    }
    await password.fill('123');
    await expect(page.locator('#globalConfig_defaultPassword_help')).toHaveText('格式不正确');
    await password.fill(kept[1]);
    await cap.fill(kept[0]);

    await page.locator('#globalConfig_siteTitle').fill(title);
    // Marks the document: a reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await page.getByTestId('config-save').click();
    await expect(page.getByText('配置已保存，已立即生效')).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.getByTestId('header-site-title')).toHaveText(title);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
      true,
    );

    // Experts open the screen too, read-only.
    const expert = await userPage(browser, EXPERT);
    try {
      await openFromMenu(expert.page, '/globalConfiguration/basic');
      await expect(expert.page.getByTestId('config-readonly')).toBeVisible();
      await expect(expert.page.locator('#globalConfig_siteTitle')).toHaveValue(title);
      await expect(expert.page.locator('#globalConfig_siteTitle')).toBeDisabled();
      await expect(expert.page.getByTestId('config-save')).toHaveCount(0);
    } finally {
      await expert.close();
    }
  } finally {
    const res = await request.post('/api/configinfo/update', {
      data: { siteTitle: before.siteTitle },
      headers: { token: await tokenOf(request, ADMIN) },
    });
    expect(((await res.json()) as { iCode: number }).iCode).toBe(0);
    await admin.close();
  }
});
