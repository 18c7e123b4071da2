import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DOCTOR, addCase, dialogsSettled, logIn, tokenOf } from './helpers';
import { FULL_TIME, SHORT_TIME, expectDistinctCards, linesTaken } from './screenshot-card-helpers';
import { uploadCaseSlide, type Envelope } from './slide-helpers';

/*
 * Report screenshots in a case's Imagery tab (issue 6): screenshots saved for the case's slide
 * (through webViewer/consulation/setPathologyImg, as the viewer saves them) show under the slide
 * list with their count against the limit; the doctor deletes one after a confirmation; a fifth is
 * refused with the localized message. The viewer's narrow panel and the tab tell the cards apart
 * (numbered, timed, one line each). Once in Chinese, once in English.
 */

const RUN = String(Date.now() % 100_000_000);
/** A 160 × 120 PNG, as a view capture would be. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAKAAAAB4CAIAAAD6wG44AAAACXBIWXMAAAPoAAAD6AG1e1JrAAACLUlEQVR4nO2VAQ3AIADDUHxhkzNFV/E0400qgKwUTp9I7x3h4CeQKthLUAv2EtQnuv/7EfyDgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOFMzP1FksOLgDBfMzdRYLDu5AwfxMncWCgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOFMzP1FksOLgDBfMzdRYLDu5AwfxMncWCgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOFMzP1FksOLgDBfMzdRYLDu5AwfxMncWCgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOFMzP1FksOLgDBfMzdRYLDu5AwfxMncWCgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOFMzP1FksOLgDBfMzdRYLDu5AwfxMncWCgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOPuUFWvuWYuxRC3wAAAAASUVORK5CYII=';

const screenshot = (request: APIRequestContext, token: string, slide: number, lang: string) =>
  request
    .post('/api/webViewer/consulation/setPathologyImg', {
      headers: { token, lang },
      data: {
        iSlideDocumentId: slide,
        strImage: PNG,
        region: { iX: 0, iY: 0, iWidth: 300, iHeight: 250, iRotation: 0, bFlipped: false },
      },
    })
    .then(async (res) => (await res.json()) as Envelope<{ iScreenshotId: number }>);

async function openImagery(page: Page, id: number) {
  await page.goto(`/#/case/Imagery-info?iPatientId=${id}`);
  await expect(page.getByTestId('case-screenshots')).toBeVisible();
}

for (const lang of ['zh', 'en'] as const) {
  test(`the Imagery tab shows the case's report screenshots and deletes one (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(request, DOCTOR);
    const caseId = await addCase(request, token, `SS${RUN}${lang}`);
    const slide = await uploadCaseSlide(
      request,
      token,
      caseId,
      'boxes.tiff',
      `boxes-${RUN}-${lang}.tiff`,
    );

    await logIn(page, DOCTOR, `?lang=${lang}`);
    await openImagery(page, caseId);
    await expect(page.getByTestId('screenshots-empty')).toBeVisible();
    const count = page.getByTestId('screenshots-count');
    await expect(count).toHaveText(lang === 'zh' ? '我的截图：0 / 4' : 'Yours: 0 of 4');

    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const saved = await screenshot(request, token, slide, lang);
      expect(saved.iCode, JSON.stringify(saved)).toBe(0);
      ids.push(saved.objData.iScreenshotId);
    }
    // The fifth is refused, in the caller's language.
    const fifth = await screenshot(request, token, slide, lang);
    expect(fifth).toMatchObject({ iCode: 1000, strErrorCode: 'SCREENSHOT_LIMIT' });
    expect(fifth.strMessage).toBe(
      lang === 'zh'
        ? '每份报告最多保存 4 张截图，请先删除不需要的截图'
        : 'A report keeps at most 4 screenshots: delete one first',
    );

    // In the viewer the screenshot button is off at 4 of 4, and says why on hover.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/?lang=${lang}#/ShowSlide?id=${slide}`);
    const take = page.getByTestId('screenshot-take');
    await expect(take).toBeDisabled();
    await take.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText(
      lang === 'zh'
        ? '您在本病例已保存 4 张截图（每人最多 4 张），请先删除一张自己的截图再截图'
        : 'You already keep 4 screenshots for this case (each author keeps up to 4): delete one of yours to take another',
    );
    // Its 120 px cards, all of one slide taken within a minute, still read differently.
    const panel = page.getByTestId('annotation-tools');
    for (const id of ids) {
      await expect(panel.getByTestId(`screenshot-image-${id}`).locator('img')).toHaveAttribute(
        'src',
        /^blob:/,
      );
    }
    await expectDistinctCards(panel, ids, lang, SHORT_TIME, 2);
    // A name too long for one line of the card takes two before it is cut: on one line, the middle
    // that tells a case's slides apart ("…-A1-…", "…-A2-…") was gone from every card.
    const nameLines = await linesTaken(
      panel.getByTestId(`screenshot-slide-${ids[0]}`).getByTestId('slide-file-name'),
    );
    expect(nameLines).toBeGreaterThan(1.5);
    // The short time is whole on hover, and so is the name (on a card too narrow for it).
    await panel.getByTestId(`screenshot-slide-${ids[0]}`).hover();
    await expect(
      page.getByRole('tooltip').filter({ hasText: `boxes-${RUN}-${lang}.tiff` }),
    ).toHaveText(`boxes-${RUN}-${lang}.tiff`);
    await panel.getByTestId(`screenshot-time-${ids[1]}`).hover();
    await expect(
      page.getByRole('tooltip').filter({ hasText: lang === 'zh' ? '截图时间' : 'Taken' }),
    ).toHaveText(
      lang === 'zh'
        ? /^截图时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/
        : /^Taken \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await panel.getByTestId('screenshot-strip').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/case-screenshots-viewer-${lang}.png` });
    await openImagery(page, caseId);

    await page.getByTestId('screenshots-refresh').click();
    await expect(count).toHaveText(lang === 'zh' ? '我的截图：4 / 4' : 'Yours: 4 of 4');
    for (const id of ids) {
      // Fetched with the token header and shown from a blob.
      await expect(page.getByTestId(`screenshot-image-${id}`).locator('img')).toHaveAttribute(
        'src',
        /^blob:/,
      );
    }
    await expect(page.getByTestId('case-screenshots')).toContainText(
      lang === 'zh' ? '报告截图' : 'Screenshots for the report',
    );
    await expectDistinctCards(page.getByTestId('screenshot-strip'), ids, lang, FULL_TIME);
    await page.getByTestId('case-screenshots').scrollIntoViewIfNeeded();
    await page
      .getByTestId('case-screenshots')
      .screenshot({ path: `test-results/case-screenshots-${lang}.png` });

    await page.getByTestId(`screenshot-delete-${ids[0]}`).click();
    await dialogsSettled(page);
    await expect(page.locator('.ant-modal-confirm')).toContainText(
      lang === 'zh' ? '确定删除这张截图吗？' : 'Delete this screenshot?',
    );
    // The button names the act, as every deletion's does (not a bare "OK").
    await expect(page.getByTestId('screenshot-delete-ok')).toHaveText(
      lang === 'zh' ? '删除' : 'Delete',
    );
    await page.getByTestId('screenshot-delete-ok').click();
    await expect(page.getByTestId(`screenshot-${ids[0]}`)).toHaveCount(0);
    await expect(count).toHaveText(lang === 'zh' ? '我的截图：3 / 4' : 'Yours: 3 of 4');

    // Reloaded, the three remain; one more may be taken again.
    await page.reload();
    await expect(
      page.getByTestId('screenshot-strip').locator('[data-testid^="screenshot-image-"]'),
    ).toHaveCount(3);
    expect((await screenshot(request, token, slide, lang)).iCode).toBe(0);

    // The slide deleted, its screenshots stay with the case (one may be a signed report's
    // figure) and say so where the name stood.
    const removed = await request.post('/api/slideDocument/deleteSlideDocument', {
      headers: { token },
      data: { listSlideDocument: [{ iSlideDocumentId: slide }] },
    });
    expect(((await removed.json()) as Envelope<unknown>).iCode).toBe(0);
    await page.reload();
    await expect(page.getByTestId(`screenshot-slide-${ids[1]}`)).toHaveText(
      lang === 'zh' ? '切片已删除' : 'Slide deleted',
    );
  });
}
