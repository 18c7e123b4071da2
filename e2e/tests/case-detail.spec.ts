import { expect, test } from '@playwright/test';
import { DOCTOR, addCase, logIn, openFromMenu, tokenOf } from './helpers';
import { uploadCaseSlide } from './slide-helpers';

/*
 * The case detail under /case (issue 4): the doctor opens a case from the new-case list, reads its
 * record in the form's sections, switches tabs, and talks on the case (comments-info), while the
 * message list shows the conversation.
 */

const RUN = String(Date.now() % 100_000_000);

test('the doctor opens a case, reads its record and talks on it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const num = `CD${RUN}`;
  const id = await addCase(request, await tokenOf(request, DOCTOR), num);

  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/setnew');
  await page.getByTestId(`case-detail-${num}`).click();
  await expect(page).toHaveURL(new RegExp(`#/case/report-info\\?iPatientId=${id}$`));
  // Each case screen keeps one tab whatever case it shows: the tab names the case.
  const reportTab = page.getByTestId('tab-/case/report-info');
  await expect(reportTab).toHaveText(`Diagnostic report · ${num}`);

  // The header, and the record in the form's own sections, read-only.
  await expect(page.getByTestId('case-detail-number')).toHaveText(num);
  await expect(page.getByTestId('case-detail-name')).toHaveText('Wang Fang');
  await expect(page.getByTestId('case-state')).toHaveText('New');
  await expect(page.getByTestId('case-detail-variant')).toHaveText('Human');
  const name = page.locator('#caseView_strPatientName');
  await expect(name).toHaveValue('Wang Fang');
  await expect(name).toBeDisabled();
  await expect(page.locator('#caseView_strSamplingSite')).toHaveValue('Right breast');
  await expect(page.locator('#caseView_strClinicalData')).toHaveValue('Lump for 3 months');
  await expect(page.getByTestId('case-section-findings')).toBeVisible();
  // No entry hints in a record nobody fills in here.
  await expect(page.getByTestId('case-record').getByText('At least one of: years')).toBeHidden();
  // Nor character counters ("9/50") beside values nobody types.
  const counters = page
    .getByTestId('case-record')
    .locator('.ant-input-show-count-suffix, .ant-input-data-count');
  await expect(counters).not.toHaveCount(0);
  for (const count of await counters.all()) {
    await expect(count).toBeHidden();
  }
  // Nor placeholders asking for input in fields left empty ("Pick or type items").
  await expect(page.getByTestId('case-record').getByText('Pick or type items')).toHaveCount(3);
  for (const hint of await page.getByTestId('case-record').getByText('Pick or type items').all()) {
    await expect(hint).toBeHidden();
  }
  await expect(page.getByTestId('case-events').getByTestId('case-event-create')).toContainText(
    'Created',
  );

  // The tabs switch screens for the same case.
  await page.getByTestId('case-tab-Imagery-info').click();
  await expect(page).toHaveURL(new RegExp(`#/case/Imagery-info\\?iPatientId=${id}$`));
  await expect(page.getByTestId('case-imagery-empty')).toBeVisible();
  await page.getByTestId('case-tab-result-info').click();
  await expect(page.getByTestId('diagnosis-none')).toContainText('No report yet');
  await page.getByTestId('case-tab-comments-info').click();
  await expect(page).toHaveURL(new RegExp(`#/case/comments-info\\?iPatientId=${id}$`));
  await expect(page.getByTestId('comments-empty')).toBeVisible();
  await expect(page.getByTestId('tab-/case/comments-info')).toHaveText(`Message list · ${num}`);

  // An empty message is refused with its own text; Ctrl+Enter sends.
  await page.getByTestId('comment-send').click();
  await expect(page.getByTestId('comment-composer')).toContainText('The message cannot be empty');
  const box = page.locator('#commentForm_strContent');
  await box.fill('Please look at the margins first.');
  await box.press('Control+Enter');
  const list = page.getByTestId('comment-list');
  await expect(list).toContainText('Please look at the margins first.');
  await expect(list).toContainText('Me');
  await expect(box).toHaveValue('');
  await expect(list.locator('[data-unread="true"]')).toHaveCount(0);

  // The message list's conversations tab shows it and leads back to it.
  await openFromMenu(page, '/msglist');
  await page.getByRole('tab', { name: 'Case messages' }).click();
  const row = page.getByTestId(`msglist-row-${id}`);
  await expect(row).toContainText(num);
  await expect(row).toContainText('Please look at the margins first.');
  await page.getByTestId(`msglist-open-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/case/comments-info\\?iPatientId=${id}$`));
  await expect(page.getByTestId('comment-list')).toContainText('Please look at the margins first.');

  // A case that is not there (or another hospital's, which answers alike) offers the way back,
  // not a retry that cannot help.
  await page.evaluate(() => {
    window.location.hash = '#/case/report-info?iPatientId=999999999';
  });
  const unavailable = page.getByTestId('case-detail-unavailable');
  await expect(unavailable).toContainText('This case cannot be opened');
  await expect(unavailable.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // Nothing to name: the tab drops the last case's number rather than keep it.
  await expect(reportTab).toHaveText('Diagnostic report');
  await unavailable.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`#/case/comments-info\\?iPatientId=${id}$`));

  // The report's tab, opened for another case, names that case, not the last one.
  const other = `CE${RUN}`;
  const otherId = await addCase(request, await tokenOf(request, DOCTOR), other);
  await page.evaluate((otherId) => {
    window.location.hash = `#/case/report-info?iPatientId=${otherId}`;
  }, otherId);
  await expect(page.getByTestId('case-detail-number')).toHaveText(other);
  await expect(reportTab).toHaveText(`Diagnostic report · ${other}`);
  await expect(page.getByTestId('tab-/case/comments-info')).toHaveText(`Message list · ${num}`);
});

test('on a phone the Slide files tab fits the screen, every fact of a slide under its name', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `CP${RUN}`);
  const name = `CMU-1-Small-Region-second-scan-${RUN}-block-A3.svs`;
  await uploadCaseSlide(request, token, id, 'CMU-1-Small-Region.svs', name);

  for (const lang of ['zh', 'en']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, DOCTOR, lang === 'en' ? '?lang=en' : '');
    await page.goto(`/#/case/Imagery-info?iPatientId=${id}`);
    const row = page.getByTestId(`imagery-row-${name}`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId(`imagery-state-${name}`)).toBeVisible();

    // The table is no wider than the screen: nothing is a sideways scroll away.
    const table = page.getByTestId('imagery-table').locator('.ant-table-content');
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // Size, format, image size and upload time under the name, with the state and the actions,
    // all within the screen.
    await expect(page.getByTestId(`imagery-size-${name}`)).toHaveText('1.85 MB · SVS · 20×');
    await expect(page.getByTestId(`imagery-pixels-${name}`)).toHaveText(
      /^2220 × 2967 · [\d.]+ µm\/px$/,
    );
    await expect(page.getByTestId(`imagery-uploaded-${name}`)).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} · 李医生$/,
    );
    for (const testId of ['state', 'size', 'pixels', 'uploaded', 'view', 'delete']) {
      await expect(page.getByTestId(`imagery-${testId}-${name}`)).toBeInViewport({ ratio: 1 });
    }
    // The screenshots card's title wraps beside its button instead of being cut.
    const title = page.getByTestId('screenshots-title');
    await expect(title).toBeVisible();
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(
      await title.evaluate((el) => {
        const head = el.closest('.ant-card-head-title')!;
        return head.scrollWidth - head.clientWidth;
      }),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/imagery-phone-${lang}.png`, fullPage: true });
    // On a 320 px phone too (the English thumbnail heading took a third of it, and the names
    // scrolled sideways out of sight).
    await page.setViewportSize({ width: 320, height: 640 });
    await expect
      .poll(() => table.evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    for (const testId of ['size', 'pixels', 'uploaded']) {
      const fact = page.getByTestId(`imagery-${testId}-${name}`);
      expect(
        await fact.evaluate((el) => el.scrollWidth - el.clientWidth),
        testId,
      ).toBeLessThanOrEqual(0);
      const box = (await fact.boundingBox())!;
      expect(box.x + box.width, testId).toBeLessThanOrEqual(320);
    }
    // A small picture is still a finger's target.
    const thumb = (await page.getByTestId(`slide-thumbnail-${name}`).boundingBox())!;
    expect(Math.min(thumb.width, thumb.height)).toBeGreaterThanOrEqual(44);

    // Wide again, each fact has its column back.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId(`imagery-size-${name}`)).toHaveCount(0);
    await expect(page.getByTestId(`imagery-pixels-${name}`)).toContainText('2220 × 2967');
    await expect(row.locator('td')).toHaveCount(7);
    await context.close();
  }
});
