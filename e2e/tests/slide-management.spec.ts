import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN,
  DOCTOR,
  addCase,
  addColleague,
  dialogsSettled,
  logIn,
  openFromMenu,
  pickOption,
  tokenOf,
  userPage,
} from './helpers';
import { beginUpload, chunkCrc32, uploadCaseSlide } from './slide-helpers';

/*
 * Slide management (issue 5 part 4). Set-up uploads a real slide twice through the upload API,
 * as the upload queue does (records, then 1 MB chunks with their SHA-256, the last one flagged),
 * for two pathology numbers without a case. The doctor then finds both in /sliceManage, matches
 * one to the case created for its number, opens it in the viewer and renames the other; the
 * platform administrator deletes the renamed one in /slideInfo and finds it in /removeSlideInfo
 * with who removed it.
 */

const RUN = String(Date.now() % 100_000_000);
const SLIDE = path.resolve(
  import.meta.dirname,
  '../../../shared/testdata/slides/CMU-1-Small-Region.svs',
);
const CHUNK = 1024 * 1024;

type Envelope<T> = { iCode: number; strMessage: string; objData: T };

async function call<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  options: Parameters<APIRequestContext['post']>[1],
): Promise<T> {
  const res = await request.post(`/api/${url}`, { ...options, headers: { token } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.iCode, `${url}: ${JSON.stringify(body)}`).toBe(0);
  return body.objData;
}

/**
 * Uploads the test slide as `name` for pathology number `num` (no case yet: unmatched); its id.
 */
async function uploadSlide(
  request: APIRequestContext,
  token: string,
  name: string,
  num: string,
): Promise<number> {
  const bytes = fs.readFileSync(SLIDE);
  const records = await call<{ listFile: { iSlideDocumentId: number }[] }>(
    request,
    token,
    'slideDocument/addUploadRecords',
    {
      data: {
        strDiagnosistNum: num,
        iUploadType: 0,
        listFile: [{ strFileName: name, lSize: bytes.length, lLastModified: 1_700_000_000_000 }],
      },
    },
  );
  const id = records.listFile[0]?.iSlideDocumentId;
  expect(id).toBeGreaterThan(0);
  const chunks = Math.ceil(bytes.length / CHUNK);
  for (let i = 0; i < chunks; i += 1) {
    const chunk = bytes.subarray(i * CHUNK, (i + 1) * CHUNK);
    const result = await call<{ iUpdateState: number }>(
      request,
      token,
      'slideDocument/fileUploadHandler',
      {
        // The file part goes last: the server reads the fields first.
        multipart: {
          iSlideDocumentId: String(id),
          strFilePath: name,
          iChunk: String(i),
          strChunkCrc32: chunkCrc32(chunk),
          iUpdadeState: i === chunks - 1 ? '1' : '0',
          file: { name: 'blob', mimeType: 'application/octet-stream', buffer: chunk },
        },
      },
    );
    expect(result.iUpdateState).toBe(i === chunks - 1 ? 1 : 0);
  }
  return id ?? 0;
}

/** Renames slide `id` as its Edit dialog does. */
async function renameSlide(request: APIRequestContext, token: string, id: number, name: string) {
  await call(request, token, 'slideDocument/updateSlideDocument', {
    data: { iSlideDocumentId: id, strFileName: name },
  });
}

test('slides are matched and renamed by the doctor, removed by the administrator', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const matchNum = `SM${RUN}A`;
  const looseNum = `SM${RUN}B`;
  const toMatch = `cmu-${RUN}-a.svs`;
  const loose = `cmu-${RUN}-b.svs`;
  const renamed = `renamed-${RUN}.svs`;
  // The case first: a case created after them would take its number's slides by itself. Sent by
  // number by a colleague (the doctor's own would go to the doctor's case), the first stays
  // unmatched for the case's doctor to match; the second has no case.
  await addCase(request, token, matchNum, 'Zhao Min');
  const colleague = await tokenOf(request, await addColleague(request, DOCTOR.name, 3, '钱医生'));
  await uploadSlide(request, colleague, toMatch, matchNum);
  await uploadSlide(request, token, loose, looseNum);

  // The doctor, in English: both slides, unmatched, uploaded, with their size and format.
  const doctorContext = await browser.newContext();
  const page = await doctorContext.newPage();
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  const rowA = page.getByTestId(`slide-row-${toMatch}`);
  const rowB = page.getByTestId(`slide-row-${loose}`);
  for (const [row, num] of [
    [rowA, matchNum],
    [rowB, looseNum],
  ] as const) {
    await expect(row).toContainText(num);
    await expect(row).toContainText('1.85 MB');
    await expect(row).toContainText('SVS');
    await expect(row.getByTestId('slide-upload-state')).toHaveText('Uploaded');
    await expect(row.getByTestId('slide-unmatched')).toHaveText('Unmatched');
  }
  await expect(page.getByTestId('slide-summary')).toContainText('Unmatched');
  // Storage in the unit that reads best, to the byte (never "0 B" once slides are stored), of
  // the total as set, in GB.
  await expect(page.getByTestId('slide-summary')).toContainText(
    /Storage used[\s\S]*[1-9][\d.]* (KB|MB|GB) \/ \d+ GB/,
  );
  // Why it is more than the listed sizes add up to, on hover.
  await page.getByTestId('slide-summary-storage-title').hover();
  await expect(page.getByRole('tooltip')).toContainText('label and macro images included');

  // No case has the second one's number yet: its Match is off and says so, before it is tried;
  // selected alone, Match selected is off too, with the reason beside it.
  await expect(page.getByTestId(`slide-match-${toMatch}`)).toBeEnabled();
  const looseMatch = page.getByTestId(`slide-match-${loose}`);
  await expect(looseMatch).toBeDisabled();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await looseMatch.locator('xpath=..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'No case has this pathology number yet: the slide joins its case by itself when the case is created',
  );
  await page.mouse.move(0, 0);
  const noCaseSelected =
    'No case has the pathology number of any selected unmatched slide yet: a slide joins its case by itself when the case is created';
  await rowB.locator('input[type=checkbox]').check();
  await expect(page.getByTestId('slide-match-selected')).toBeDisabled();
  await expect(page.getByTestId('slide-selection-reason')).toHaveText(noCaseSelected);
  await rowB.locator('input[type=checkbox]').uncheck();

  // Both ticked and matched together: the one whose number has a case joins it; the other,
  // whose number has none yet, is said so and stays ticked for what the doctor does next.
  await rowA.locator('input[type=checkbox]').check();
  await rowB.locator('input[type=checkbox]').check();
  await page.getByTestId('slide-match-selected').click();
  await expect(
    page.getByText('Matched: 1; left unmatched: 1 (no case of their number yet: 1)'),
  ).toBeVisible();
  await expect(rowA.getByTestId('slide-patient')).toHaveText('Zhao Min');
  await expect(page.getByTestId(`slide-match-${toMatch}`)).toHaveCount(0);
  await expect(page.getByTestId('slide-selected-count')).toHaveText('1 selected');
  await expect(rowB.locator('input[type=checkbox]')).toBeChecked();
  await expect(rowA.locator('input[type=checkbox]')).not.toBeChecked();
  await expect(page.getByTestId('slide-selection-reason')).toHaveText(noCaseSelected);
  await page.getByTestId('slide-clear-selection').click();

  // Read by the slide engine: thumbnail and objective power in the row, and "View" opens it.
  await expect(rowA).toContainText('SVS · 20×');
  await expect(rowA.getByRole('img', { name: `Thumbnail of ${toMatch}` })).toBeVisible();
  await page.getByTestId(`slide-view-${toMatch}`).click();
  await expect(page).toHaveURL(/#\/ShowSlide\?id=\d+$/);
  await expect(page.getByTestId('slide-view')).toBeVisible();
  await openFromMenu(page, '/sliceManage');

  // Several slides with a matched one among them cannot be deleted together. The boxes are
  // named in the page's language, by slide (antd's said "Select row 1").
  await expect(rowA.getByRole('checkbox', { name: `Select slide ${toMatch}` })).toBeVisible();
  await expect(
    page
      .getByTestId('slide-table')
      .getByRole('checkbox', { name: 'Select all slides on this page' }),
  ).toBeVisible();
  await rowA.locator('input[type=checkbox]').check();
  await rowB.locator('input[type=checkbox]').check();
  await expect(page.getByTestId('slide-selected-count')).toHaveText('2 selected');
  await expect(page.getByTestId('slide-delete-selected')).toBeDisabled();
  // Why, on the screen (a switched-off button takes no focus: a keyboard user never had its
  // tooltip): for Match (the unmatched one's number has no case), and for Delete.
  await expect(page.getByTestId('slide-selection-reason')).toHaveText([
    noCaseSelected,
    'The selection contains matched slides: a matched slide is deleted on its own, with its row’s Delete',
  ]);
  await page.getByTestId('slide-clear-selection').click();
  await expect(page.getByTestId('slide-selection-reason')).toHaveCount(0);

  // The other one renamed; its number stays editable while it is unmatched.
  await page.getByTestId(`slide-rename-${loose}`).click();
  await expect(page.getByTestId('slide-rename-modal')).toBeVisible();
  await dialogsSettled(page);
  await expect(page.locator('#slideRename_strDiagnosistNum')).toBeEnabled();
  // The name is edited without its extension, which stays.
  await expect(page.getByTestId('slide-rename-extension')).toHaveText('.svs');
  await page.locator('#slideRename_strFileName').fill('   ');
  await page.getByTestId('slide-rename-submit').click();
  await expect(page.getByText('This field cannot be empty')).toBeVisible();
  // Another type's extension is refused: it was saved as "….tiff.svs".
  await page.locator('#slideRename_strFileName').fill(`other-${RUN}.tiff`);
  await page.getByTestId('slide-rename-submit').click();
  await expect(
    page.getByText('A slide keeps its file type (.svs): type the name without “.tiff”'),
  ).toBeVisible();
  // Typed whole, with the extension the field already shows after it: saved with it once.
  await page.locator('#slideRename_strFileName').fill(renamed);
  await page.getByTestId('slide-rename-submit').click();
  await expect(page.getByTestId(`slide-row-${renamed}`)).toContainText(`Uploaded as: ${loose}`);
  await doctorContext.close();

  // The platform administrator, in Chinese, removes it from the stored slides.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN);
  await openFromMenu(admin, '/slideInfo');
  // The notice promises deletion only where this screen gives it: unmatched slides.
  await expect(admin.getByTestId('slide-notice')).toHaveText(
    '您管理的机构存储的切片。在此删除未匹配的切片会清除其文件并释放存储空间；已匹配的切片由病例的医生在病例中删除。',
  );
  // A two-character button reads as its word, without antd's space between the characters.
  await expect(admin.getByTestId('slide-search')).toHaveText('查询');
  // The platform administrator's figures cover every hospital, and the storage hint says so.
  await admin.getByTestId('slide-summary-storage-title').hover();
  await expect(admin.getByRole('tooltip')).toContainText('所列各医院的切片在服务器上共占用的空间');
  // And what the total is: "2500 GB" beside a hospital's 500 read as unexplained.
  await expect(admin.getByRole('tooltip')).toContainText('总量为这些医院存储额度之和');
  await admin.mouse.move(0, 0);
  await expect(admin.getByRole('tooltip')).toHaveCount(0);
  // The matched slide is its case's: Delete is off for the administrator, and says why (the
  // server refuses it; the button offered it and then failed with another reason).
  await admin.locator('#slideFilters_strDiagnosistNum').fill(matchNum);
  await admin.getByTestId('slide-search').click();
  const matchedDelete = admin.getByTestId(`slide-delete-${toMatch}`);
  await expect(matchedDelete).toBeDisabled();
  await matchedDelete.locator('xpath=..').hover();
  await expect(admin.getByRole('tooltip')).toContainText('由病例的医生在病例中删除');
  await admin.getByTestId(`slide-row-${toMatch}`).locator('input[type=checkbox]').check();
  await expect(admin.getByTestId('slide-delete-selected')).toBeDisabled();
  // Matching is off for it too, for the same cause: one reason for both, in Chinese (two
  // sentences that both began "matched" read as a contradiction).
  await expect(admin.getByTestId('slide-selection-reason')).toHaveText([
    '所选切片均已匹配：无需匹配；已匹配的切片由病例的医生在病例中删除',
  ]);
  await admin.getByTestId('slide-clear-selection').click();
  await admin.locator('#slideFilters_strDiagnosistNum').fill(looseNum);
  await admin.getByTestId('slide-search').click();
  const stored = admin.getByTestId(`slide-row-${renamed}`);
  await expect(stored).toContainText('演示申请医院');
  // The hospital's name whole, on two lines if need be: cut, hospitals of one city read alike.
  const hospitalName = stored.getByText('演示申请医院 (Demo Applicant Hospital)', { exact: true });
  await expect(hospitalName).toBeVisible();
  expect(await hospitalName.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await expect(admin.getByTestId('slide-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  // Its number has no case: Match is off for the administrator too, saying why in Chinese.
  const storedMatch = admin.getByTestId(`slide-match-${renamed}`);
  await expect(storedMatch).toBeDisabled();
  await storedMatch.locator('xpath=..').hover();
  await expect(admin.getByRole('tooltip')).toHaveText(
    '暂无该病理号的病例：病例创建后切片会自动关联',
  );
  await admin.mouse.move(0, 0);
  await admin.getByTestId(`slide-delete-${renamed}`).click();
  await expect(admin.locator('.ant-modal-confirm-title')).toHaveText(`删除切片“${renamed}”？`);
  await dialogsSettled(admin);
  await admin.getByTestId('slide-delete-confirm').click();
  await expect(admin.getByText('已删除 1 张切片')).toBeVisible();
  await expect(stored).toHaveCount(0);
  // Filtered by its number, the list is empty because nothing else matches: it says so.
  await expect(admin.getByTestId('slide-table')).toContainText('没有符合筛选条件的切片');

  // The removed list says who removed it and when.
  await openFromMenu(admin, '/removeSlideInfo');
  await expect(admin.getByTestId('removed-summary-count')).toBeVisible();
  await admin.locator('#slideFilters_strDiagnosistNum').fill(looseNum);
  // While the filtered answer is on its way the figures shown are still the whole log's: the
  // "counted within the filters" line waits for the figures it speaks of.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const removalList = '**/api/slideDocument/selectSlideDocumentByType?**';
  await admin.route(removalList, async (route) => {
    await held;
    await route.continue();
  });
  const asked = admin.waitForRequest((request) => request.url().includes(looseNum));
  await admin.getByTestId('slide-search').click();
  await asked;
  await expect(admin.getByTestId('removed-summary-count')).toBeVisible();
  await expect(admin.getByTestId('removed-summary-filtered')).toHaveCount(0);
  const answered = admin.waitForResponse((response) => response.url().includes(looseNum));
  release();
  await answered;
  await admin.unroute(removalList);
  const removed = admin.getByTestId(`slide-row-${renamed}`);
  await expect(removed).toContainText('超级管理员');
  await expect(admin.getByTestId('removed-summary-count')).toContainText('已清理切片1');
  await expect(admin.getByTestId('removed-summary-filtered')).toHaveText('按当前筛选条件统计');
  // The removal log leads with when and by whom; a removed slide has no match state any more.
  const headers = await admin.getByTestId('slide-table').locator('thead th').allInnerTexts();
  expect(
    headers
      .map((h) => h.trim())
      .filter(Boolean)
      .slice(0, 4),
  ).toEqual(['文件名', '病理号 / 患者', '清理时间', '清理人']);
  await expect(removed.getByTestId('slide-unmatched')).toHaveCount(0);
  await expect(removed).toContainText(new Date().getFullYear().toString());
  await expect(admin.getByTestId(`slide-delete-${renamed}`)).toHaveCount(0);
  await adminContext.close();
});

test('an upload not complete is not matched by hand; a row’s Match names the case its slide joined', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DOCTOR);
  const num = `SU${RUN}`;
  const done = `cmu-${RUN}-done.svs`;
  const part = `cmu-${RUN}-part.svs`;
  await addCase(request, token, num, 'Sun Li');
  // Sent by number by a colleague after the case was made: both wait for the case's doctor. The
  // second stopped after its first chunk.
  const colleague = await tokenOf(request, await addColleague(request, DOCTOR.name, 3, '孙医生'));
  await uploadSlide(request, colleague, done, num);
  await beginUpload(request, colleague, { strDiagnosistNum: num }, 'CMU-1-Small-Region.svs', part);

  await logIn(page, DOCTOR);
  await openFromMenu(page, '/sliceManage');
  const partRow = page.getByTestId(`slide-row-${part}`);
  await expect(partRow).toContainText(num);
  // Not offered on its row, and said of a selection holding only it.
  await expect(page.getByTestId(`slide-match-${part}`)).toHaveCount(0);
  await partRow.locator('input[type=checkbox]').check();
  await expect(page.getByTestId('slide-match-selected')).toBeDisabled();
  // Beside Delete selected's own reason (a colleague's upload is deleted by its uploader).
  await expect(page.getByTestId('slide-selection-reason').first()).toHaveText(
    '所选未匹配切片均未上传完成或读取失败：切片上传完成后才能匹配',
  );
  await partRow.locator('input[type=checkbox]').uncheck();
  // The complete one, matched from its row: the message says which case it joined.
  await page.getByTestId(`slide-match-${done}`).click();
  await expect(page.getByText(`“${done}”已匹配到病例 ${num}`)).toBeVisible();
  await expect(page.getByTestId(`slide-row-${done}`).getByTestId('slide-patient')).toHaveText(
    'Sun Li',
  );
  await expect(partRow.getByTestId('slide-unmatched')).toHaveText('未匹配');
});

test('a slide whose number is put right is matched to the case of that number at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const caseNum = `SR${RUN}`;
  const name = `typo-${RUN}.svs`;
  const other = `nocase-${RUN}.svs`;
  await addCase(request, token, caseNum, 'Qian Li');
  // Uploaded under a mistyped number: no case of it, unmatched.
  await uploadSlide(request, token, name, `${caseNum}X`);
  await uploadSlide(request, token, other, `${caseNum}Y`);

  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  const row = page.getByTestId(`slide-row-${name}`);
  await expect(row.getByTestId('slide-unmatched')).toHaveText('Unmatched');
  await page.getByTestId(`slide-rename-${name}`).click();
  await dialogsSettled(page);
  await page.locator('#slideRename_strDiagnosistNum').fill(caseNum);
  await page.getByTestId('slide-rename-submit').click();
  await expect(page.getByText(`Saved: the slide is matched to case ${caseNum}`)).toBeVisible();
  await expect(row.getByTestId('slide-patient')).toHaveText('Qian Li');
  await expect(row.getByTestId('slide-unmatched')).toHaveCount(0);

  // A number no case has yet: saved, and the doctor is told it stays unmatched.
  await page.getByTestId(`slide-rename-${other}`).click();
  await dialogsSettled(page);
  await page.locator('#slideRename_strDiagnosistNum').fill(`${caseNum}Z`);
  await page.getByTestId('slide-rename-submit').click();
  await expect(
    page.getByText(`Saved. The slide stays unmatched: none of your cases of number ${caseNum}Z`),
  ).toBeVisible();
  const otherRow = page.getByTestId(`slide-row-${other}`);
  await expect(otherRow).toContainText(`${caseNum}Z`);
  await expect(otherRow.getByTestId('slide-unmatched')).toHaveText('Unmatched');
  // No refusal toast of the match besides.
  await expect(page.getByText('Match failed: no case has this pathology number')).toHaveCount(0);
});

test('a renamed slide is found by its upload name; a filter that finds nothing says so; a bulk deletion names its slides', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `SF${RUN}`;
  const upload = `boxes-${RUN}.svs`;
  const renamed = `Biopsy A1 ${RUN}.svs`;
  const others = [`sel-${RUN}-1.svs`, `sel-${RUN}-2.svs`];
  await renameSlide(request, token, await uploadSlide(request, token, upload, num), renamed);
  for (const name of others) {
    await uploadSlide(request, token, name, num);
  }
  // Its upload begun and not finished: no chunk sent yet.
  const unfinished = `unfinished-${RUN}.svs`;
  await call(request, token, 'slideDocument/addUploadRecords', {
    data: {
      strDiagnosistNum: num,
      iUploadType: 0,
      listFile: [{ strFileName: unfinished, lSize: 4096, lLastModified: 1_700_000_000_000 }],
    },
  });
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  const fileName = page.locator('#slideFilters_strFileName');

  // Searched by the name it was uploaded as, which its row shows.
  await fileName.fill(`BOXES-${RUN}`);
  await page.getByTestId('slide-search').click();
  const row = page.getByTestId(`slide-row-${renamed}`);
  await expect(row).toContainText(`Uploaded as: ${upload}`);
  await expect(page.getByTestId('slide-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

  // A keyboard user Tabs past the upload-time range left empty, on to Search: antd's picker took
  // the focus back to its empty start field at every Tab.
  await page.getByPlaceholder('Start date').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('slide-search')).toBeFocused();

  // Nothing matching: said so, unlike an empty list, with a way back to every slide.
  await fileName.fill(`zzz-${RUN}`);
  await page.getByTestId('slide-search').click();
  await expect(page.getByTestId('slide-table')).toContainText('No slides match these filters');
  await page.getByTestId('slide-reset-filters').click();
  await expect(fileName).toHaveValue('');
  await expect(row).toBeVisible();
  await expect(page.getByTestId('slide-reset-filters')).toHaveCount(0);

  // Several selected: the confirmation lists each with its number; the selection can be cleared.
  await showNumber(page, num);
  for (const name of others) {
    await page.getByTestId(`slide-row-${name}`).locator('input[type=checkbox]').check();
  }
  await expect(page.getByTestId('slide-selected-count')).toHaveText('2 selected');
  // On a low window the count and its buttons stay in sight while the list scrolls under them
  // (ticking slides lower down left them above the window).
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 480 });
  const content = page.locator('.workspace-content');
  const bar = page.getByTestId('slide-selection-bar');
  // How far down the page the bar stands: scrolled further, it would be above the window.
  const barOffset =
    (await bar.boundingBox())!.y -
    (await content.boundingBox())!.y +
    (await content.evaluate((el) => el.scrollTop));
  await page.getByTestId('slide-table').locator('tbody tr').last().scrollIntoViewIfNeeded();
  expect(await content.evaluate((el) => el.scrollTop)).toBeGreaterThan(barOffset);
  await expect(bar).toBeInViewport({ ratio: 1 });
  // Flush with the top of the scrolling area (it stuck 16 px below it, the rows showing through
  // the gap above it).
  expect(Math.abs((await bar.boundingBox())!.y - (await content.boundingBox())!.y)).toBeLessThan(1);
  // On top of the rows under it, their fixed name and action cells included.
  for (const target of [
    page.getByTestId('slide-selected-count'),
    page.getByTestId('slide-delete-selected'),
  ]) {
    expect(
      await target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && el.contains(top);
      }),
    ).toBe(true);
  }
  await page.setViewportSize(size);
  await page.getByTestId('slide-delete-selected').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
    'Delete the 2 selected slides?',
  );
  const listed = page.getByTestId('slide-delete-list').locator('li');
  await expect(listed).toHaveCount(2);
  for (const name of others) {
    await expect(listed.filter({ hasText: name })).toHaveText(`${name} · ${num}`);
  }
  await dialogsSettled(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // One of them still uploading: the confirmation says that its upload stops.
  await page.getByTestId(`slide-row-${unfinished}`).locator('input[type=checkbox]').check();
  await page.getByTestId('slide-delete-selected').click();
  await expect(page.getByTestId('slide-delete-uploading')).toHaveText(
    'One of them is your own upload, not finished: it stops, and what was sent is removed from the server.',
  );
  await dialogsSettled(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('slide-clear-selection').click();
  await expect(page.getByTestId('slide-selected-count')).toHaveText('0 selected');
  await expect(page.getByTestId('slide-table').locator('input[type=checkbox]:checked')).toHaveCount(
    0,
  );
});

test('the slide list sorts from its headers, by mouse or keyboard, and finds slides by patient name', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `SO${RUN}`;
  const patient = `排序${RUN.slice(-6)}`;
  const caseId = await addCase(request, token, num, patient);
  // Uploaded in this order: newest first, the list reads b, A, c.
  const [c, a, b] = [`c-sort-${RUN}.svs`, `A-sort-${RUN}.svs`, `b-sort-${RUN}.svs`];
  for (const name of [c, a, b]) {
    await uploadSlide(request, token, name, num);
  }
  // The slides waiting under the case's number join it, as "match slides" on the case does.
  await call(request, token, 'patient/matchSlideDocument', { data: { iPatientId: caseId } });

  await logIn(page, DOCTOR);
  await openFromMenu(page, '/sliceManage');
  await showNumber(page, num);
  const rows = page.getByTestId('slide-table').locator('tbody tr.ant-table-row');
  const order = () =>
    rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')?.slice(10)));
  await expect.poll(order).toEqual([b, a, c]);

  // The name header: ascending without regard to case, then descending, then the default order.
  const nameHeader = page.getByRole('columnheader', { name: /^文件名/ });
  await nameHeader.click();
  await expect.poll(order).toEqual([a, b, c]);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.click();
  await expect.poll(order).toEqual([c, b, a]);
  await nameHeader.click();
  await expect.poll(order).toEqual([b, a, c]);

  // From the keyboard: Enter on the upload time's header turns the list oldest first.
  const timeHeader = page.getByRole('columnheader', { name: /^上传时间/ });
  await timeHeader.focus();
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual([c, a, b]);
  await expect(timeHeader).toHaveAttribute('aria-sort', 'ascending');

  // A part of the patient's name finds the case's slides, in the order chosen.
  await page.locator('#slideFilters_strDiagnosistNum').fill('');
  await page.locator('#slideFilters_strPatientName').fill(patient.slice(2));
  await page.getByTestId('slide-search').click();
  await expect.poll(order).toEqual([c, a, b]);
  await expect(rows.first()).toContainText(patient);
  // Every button is named, in Chinese, antd's own too: the field's clear button holds only an
  // icon (named "close-circle" by antd, or not at all), the headers' sorters read "caret-up".
  await expect(
    page
      .locator('.ant-input-affix-wrapper', { has: page.locator('#slideFilters_strPatientName') })
      .locator('.ant-input-clear-icon'),
  ).toHaveAccessibleName('清除');
  await expect(nameHeader).toHaveAccessibleName('文件名');
  const tree = await page.locator('body').ariaSnapshot();
  expect(tree).not.toMatch(/^\s*- button( \[[^\]]*\])*:?$/m);
  expect(tree).not.toMatch(/(img|button|columnheader) "[a-z]+(-[a-z]+)*[" ]/);
  await page.locator('#slideFilters_strPatientName').fill(`${patient}无`);
  await page.getByTestId('slide-search').click();
  await expect(page.getByTestId('slide-table')).toContainText('没有符合筛选条件的切片');
});

test('ticks on two pages of the slide list make one selection, deleted together', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `SX${RUN}`;
  // One more than a page of 10 (the default page size on this screen).
  const names = Array.from(
    { length: 11 },
    (_, i) => `page-${RUN}-${String(i).padStart(2, '0')}.svs`,
  );
  const ids = new Map<string, number>();
  for (const name of names) {
    ids.set(name, await uploadSlide(request, token, name, num));
  }
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  await showNumber(page, num);
  const rows = page.getByTestId('slide-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(10);

  const first = rows.first();
  const firstName = (await first.getAttribute('data-testid'))!.replace('slide-row-', '');
  await first.locator('input[type=checkbox]').check();

  await page.locator('.ant-pagination-item-2').click();
  await expect(rows).toHaveCount(1);
  const secondName = (await rows.first().getAttribute('data-testid'))!.replace('slide-row-', '');
  expect(names).toContain(secondName);
  expect(secondName).not.toBe(firstName);
  await rows.first().locator('input[type=checkbox]').check();
  await expect(page.getByTestId('slide-selected-count')).toHaveText('2 selected');

  // Back on the first page its tick is still there.
  await page.locator('.ant-pagination-item-1').click();
  await expect(
    page.getByTestId(`slide-row-${firstName}`).locator('input[type=checkbox]'),
  ).toBeChecked();

  // Deleted from the second page: the confirmation names both, the one out of sight too; both
  // go, and the list shows the page that is left (it said "no slides" on a page gone).
  await page.locator('.ant-pagination-item-2').click();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('slide-delete-selected').click();
  const listed = page.getByTestId('slide-delete-list').locator('li');
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: firstName })).toHaveCount(1);
  await expect(listed.filter({ hasText: secondName })).toHaveCount(1);
  await page.getByTestId('slide-delete-confirm').click();
  await expect(page.getByText('2 slides deleted')).toBeVisible();
  await expect(page.getByTestId('slide-selected-count')).toHaveText('0 selected');
  await expect(rows).toHaveCount(9);
  await expect(page.locator('.ant-pagination-item-1')).toHaveClass(/ant-pagination-item-active/);
  await expect(page.getByTestId(`slide-row-${firstName}`)).toHaveCount(0);
  await expect(page.getByTestId(`slide-row-${secondName}`)).toHaveCount(0);

  // Two ticked, one of them deleted meanwhile elsewhere: the selection is deleted whole or not
  // at all, so nothing goes; it is said (a missing slide's 404 showed nothing), and the ticks go.
  const nameOf = async (i: number) =>
    (await rows.nth(i).getAttribute('data-testid'))!.replace('slide-row-', '');
  const keptName = await nameOf(0);
  const goneName = await nameOf(1);
  await rows.nth(0).locator('input[type=checkbox]').check();
  await rows.nth(1).locator('input[type=checkbox]').check();
  await expect(page.getByTestId('slide-selected-count')).toHaveText('2 selected');
  await call(request, token, 'slideDocument/deleteSlideDocument', {
    data: { listSlideDocument: [{ iSlideDocumentId: ids.get(goneName) }] },
  });
  await page.getByTestId('slide-delete-selected').click();
  await page.getByTestId('slide-delete-confirm').click();
  await expect(
    page.getByText('Some of the selected slides were deleted meanwhile by someone else'),
  ).toBeVisible();
  await expect(page.getByTestId('slide-selected-count')).toHaveText('0 selected');
  await expect(page.getByTestId(`slide-row-${keptName}`)).toBeVisible();
  await expect(page.getByTestId(`slide-row-${goneName}`)).toHaveCount(0);
});

test('an upload an administrator deletes meanwhile fails in the queue, and the figures are asked for again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const num = `UD${RUN}`;
  const name = path.basename(SLIDE);
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  // Its chunks are held on the way, so that the upload is still unfinished when it is deleted.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/slideDocument/fileUploadHandler', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('slide-upload-number').click();
  await dialogsSettled(page);
  await page.locator('#slideUploadNumber_strDiagnosistNum').fill(num);
  await page.getByTestId('slide-upload-number-submit').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  const registered = page.waitForResponse((r) => r.url().includes('addUploadRecords'));
  await page.getByTestId('upload-start').click();
  const id = (
    (await (await registered).json()) as {
      objData: { listFile: { iSlideDocumentId: number }[] };
    }
  ).objData.listFile[0]!.iSlideDocumentId;

  const admin = await tokenOf(request, ADMIN);
  const res = await request.post('/api/slideDocument/deleteSlideDocument', {
    data: { listSlideDocument: [{ iSlideDocumentId: id }] },
    headers: { token: admin },
  });
  expect(((await res.json()) as { iCode: number }).iCode).toBe(0);
  // The chunks go on and are refused: the item says why, and slide management's figures (which
  // still counted it uploading) are asked for again.
  const figures = page.waitForRequest((r) => r.url().includes('slideDocument/statisticsSlide'));
  release();
  const item = page.getByTestId(`upload-item-${name}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('Failed', { timeout: 30_000 });
  await figures;
});

test('a doctor uploads a slide by pathology number before its case exists', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const num = `UN${RUN}`;
  const name = path.basename(SLIDE);
  await logIn(page, DOCTOR);
  await openFromMenu(page, '/sliceManage');
  await page.getByTestId('slide-upload-number').click();
  await expect(page.getByTestId('slide-upload-number-modal')).toBeVisible();
  await dialogsSettled(page);
  // The number is required, as the case's is.
  await page.getByTestId('slide-upload-number-submit').click();
  await expect(page.getByText('病理号不能为空')).toBeVisible();
  await page.locator('#slideUploadNumber_strDiagnosistNum').fill(num);
  await page.getByTestId('slide-upload-number-submit').click();

  // The queue takes the slides for that number.
  await expect(page.getByTestId('upload-target')).toHaveText(
    `批量上传切片 · 病理号 ${num}（未匹配病例）`,
  );
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await page.getByTestId('upload-start').click();
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${name}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText('已上传', { timeout: 30_000 });
  await page.keyboard.press('Escape');

  // Listed under its number, unmatched, once the slide engine has read it.
  await page.locator('#slideFilters_strDiagnosistNum').fill(num);
  await page.getByTestId('slide-search').click();
  const row = page.getByTestId(`slide-row-${name}`);
  await expect(row).toContainText(num);
  await expect(row.getByTestId('slide-unmatched')).toHaveText('未匹配');
  await expect(row.getByTestId('slide-upload-state')).toHaveText('已上传');

  // The case comes: a case given that number takes the slide, and saving it says so.
  const id = await addCase(request, await tokenOf(request, DOCTOR), `UM${RUN}`);
  await page.goto(`/#/setnew/newlybuild?iPatientId=${id}`);
  await page.locator('#caseForm_strDiagnosistNum').fill(num);
  await page.getByTestId('case-form-submit').click();
  await expect(page.getByText('该病理号下已上传的 1 张切片已关联到此病例')).toBeVisible();
  await page.goto(`/#/case/Imagery-info?iPatientId=${id}`);
  await expect(page.getByTestId(`imagery-row-${name}`)).toBeVisible();
  await expect(page.getByTestId('imagery-waiting')).toHaveCount(0);

  // Sent by number by a colleague after the case exists: the tab points to it and adds it to the
  // case. (The doctor's own would have gone to the case at once.)
  const later = `waiting-${RUN}.svs`;
  const colleague = await tokenOf(request, await addColleague(request, DOCTOR.name, 3, '孙医生'));
  await uploadSlide(request, colleague, later, num.toLowerCase());
  await page.getByTestId('imagery-refresh').click();
  await expect(page.getByTestId('imagery-waiting')).toContainText(
    `该病理号下有 1 张未匹配的切片（${later}）`,
  );
  await page.getByTestId('imagery-attach-waiting').click();
  await expect(page.getByText('已将 1 张切片关联到此病例')).toBeVisible();
  await expect(page.getByTestId(`imagery-row-${later}`)).toBeVisible();
  await expect(page.getByTestId('imagery-waiting')).toHaveCount(0);

  // A refresh that fails (the link dropped) says so above the slides, which stay listed; the
  // retry, once the link is back, reads them again and the notice goes.
  const caseSlides = '**/api/slideDocument/selectSlideDocumentByPatient?**';
  await page.route(caseSlides, (route) => route.abort('connectionreset'));
  await page.getByTestId('imagery-refresh').click();
  await expect(page.getByTestId('imagery-error')).toBeVisible();
  await expect(page.getByTestId('imagery-count')).toHaveText('共 2 张切片');
  await expect(page.getByTestId(`imagery-row-${later}`)).toBeVisible();
  await expect(page.getByTestId(`imagery-row-${name}`)).toBeVisible();
  await page.unroute(caseSlides);
  await page.getByTestId('imagery-error').getByRole('button').click();
  await expect(page.getByTestId('imagery-error')).toHaveCount(0);
  await expect(page.getByTestId(`imagery-row-${later}`)).toBeVisible();

  // Slide management's list searched again with the same filter shows what came meanwhile
  // (the unchanged query was not sent again).
  await openFromMenu(page, '/sliceManage');
  await showNumber(page, num);
  await expect(page.getByTestId(`slide-row-${later}`)).toBeVisible();
  const meanwhile = `meanwhile-${RUN}.svs`;
  await uploadSlide(request, await tokenOf(request, DOCTOR), meanwhile, num);
  await page.getByTestId('slide-search').click();
  await expect(page.getByTestId(`slide-row-${meanwhile}`)).toBeVisible();
});

/** Lists only the slides of pathology number `num`, as the filter bar does. */
async function showNumber(page: Page, num: string) {
  // On a phone the filters are folded behind their button (which comes first).
  const field = page.locator('#slideFilters_strDiagnosistNum');
  const toggle = page.getByTestId('filter-toggle');
  await expect(toggle.or(field).first()).toBeVisible();
  if (await toggle.isVisible()) {
    await toggle.click();
  }
  await field.fill(num);
  await page.getByTestId('slide-search').click();
}

/**
 * The name `name` shown whole in its row, on at most three lines, and the list not scrolling
 * sideways: the laid-out text lies within its cell, and nothing between it and the cell clips it
 * (a CSS ellipsis keeps the whole text in the page but hides its end).
 */
async function expectWholeName(page: Page, name: string) {
  const shown = page.getByTestId(`slide-row-${name}`).getByText(name, { exact: true });
  await expect(shown).toBeVisible();
  await expect(async () => {
    const layout = await shown.evaluate((el) => {
      const cell = el.closest('td')!;
      const clipping: string[] = [];
      for (let e: Element | null = el; e && e !== cell; e = e.parentElement) {
        if (getComputedStyle(e).display !== 'inline' && e.scrollWidth > e.clientWidth) {
          clipping.push(e.outerHTML.slice(0, 80));
        }
      }
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return {
        clipping,
        inside: text.left >= box.left && text.right <= box.right,
        lines: text.height / parseFloat(getComputedStyle(el).lineHeight),
      };
    });
    expect(layout.clipping, `${name} is cut`).toEqual([]);
    expect(layout.inside, `${name} runs past its cell`).toBe(true);
    expect(layout.lines).toBeLessThanOrEqual(3.1);
  }).toPass({ timeout: 10_000 });
  await expectNoSidewaysScroll(page);
}

async function expectNoSidewaysScroll(page: Page, tableTestId = 'slide-table') {
  const table = page.getByTestId(tableTestId).locator('.ant-table-content');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

/** The name `name` cut in its middle: its start and extension shown, the whole of it on hover. */
async function expectCutName(page: Page, name: string) {
  const shown = page.getByTestId(`slide-row-${name}`).getByTestId('slide-file-name');
  await expect(shown).toHaveAttribute('title', name);
  await expect(shown.getByTestId('slide-file-name-shown')).toHaveText(
    /^CMU-1-Small-[^…]*…[^…]+\.svs$/,
  );
  // Read out whole: the cut form is hidden from screen readers, the whole name is there for them.
  await expect(shown.getByTestId('slide-file-name-shown')).toHaveAttribute('aria-hidden', 'true');
  await expect(shown.getByTestId('slide-file-name-whole')).toHaveText(name);
  expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/**
 * The lines of slide `name`'s shown name end only after an underscore, and there are several:
 * a scanner name's parts stay whole (its date is never split over two lines).
 */
async function expectBreaksAfterUnderscores(page: Page, name: string) {
  const shown = page.getByTestId(`slide-row-${name}`).getByTestId('slide-file-name');
  await expect(async () => {
    const lineEnds = await shown.evaluate((root) => {
      const chars: { ch: string; top: number }[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // The whole name kept for screen readers is not what the eye reads.
        if (node.parentElement?.closest('[data-testid=slide-file-name-whole]')) {
          continue;
        }
        const range = document.createRange();
        for (let i = 0; i < node.textContent!.length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ ch: node.textContent![i]!, top: range.getBoundingClientRect().top });
        }
      }
      return chars.filter((c, i) => i + 1 < chars.length && chars[i + 1]!.top > c.top + 2);
    });
    expect(lineEnds.length, `${name} fits one line`).toBeGreaterThan(0);
    expect(lineEnds.map((c) => c.ch).join('')).toBe('_'.repeat(lineEnds.length));
  }).toPass({ timeout: 10_000 });
}

test('a long slide name shows whole where its column has room, and is cut in its middle where not', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `LN${RUN}`;
  // As long as a scanner's name with its date and block (54 characters).
  const long = `CMU-1-Small-Region-second-scan-${RUN.padStart(10, '0')}-block-A3.svs`;
  // Longer than three lines of the name column can hold at 1440 px.
  const tooLong = `CMU-1-Small-Region-${'third-scan-'.repeat(8)}${RUN}-block-B7.svs`;
  await uploadSlide(request, token, long, num);
  await uploadSlide(request, token, tooLong, num);
  // Parts joined by underscores, as scanners name them, with a date at the end.
  const underscored = `HE_slide_${RUN}_with_a_rather_long_scanner_generated_name_20261205.svs`;
  await uploadSlide(request, token, underscored, num);

  // The doctor's slide management on a 1440 × 900 laptop, in both languages.
  for (const lang of ['zh', 'en']) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, DOCTOR, lang === 'en' ? '?lang=en' : '');
    await openFromMenu(page, '/sliceManage');
    await showNumber(page, num);
    await expectWholeName(page, long);
    await expectCutName(page, tooLong);
    await expectBreaksAfterUnderscores(page, underscored);
    await page.screenshot({ path: `test-results/slide-names-doctor-${lang}.png` });
    // A narrower window leaves the column less room: the name is fitted again, and whole again
    // once the window is wide again. (Below 1200 px the details go under the name instead.)
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectCutName(page, long);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectWholeName(page, long);
    await context.close();
  }

  // The administrators' stored and removed slides, in Chinese.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN);
  await openFromMenu(admin, '/slideInfo');
  await showNumber(admin, num);
  await expectWholeName(admin, long);
  await expectCutName(admin, tooLong);
  await admin.screenshot({ path: 'test-results/slide-names-admin-zh.png' });
  await admin.getByTestId(`slide-delete-${long}`).click();
  await dialogsSettled(admin);
  await admin.getByTestId('slide-delete-confirm').click();
  await expect(admin.getByText('已删除 1 张切片')).toBeVisible();
  await openFromMenu(admin, '/removeSlideInfo');
  await showNumber(admin, num);
  await expectWholeName(admin, long);
  await admin.screenshot({ path: 'test-results/slide-names-removed-zh.png' });
  await adminContext.close();
});

/** Lies wholly within the screen's width (a phone's: nothing beyond its right edge). */
async function expectWithinWidth(page: Page, testIdOrSelector: string) {
  const width = page.viewportSize()!.width;
  const boxes = await page
    .locator(testIdOrSelector)
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, testIdOrSelector).toBeGreaterThanOrEqual(0);
    expect(box.right, testIdOrSelector).toBeLessThanOrEqual(width);
  }
}

test('a slide deleted before its upload finished says so in the removed list', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DOCTOR);
  const num = `SV${RUN}`;
  const name = `half-${RUN}.svs`;
  const id = await beginUpload(
    request,
    token,
    { strDiagnosistNum: num },
    'CMU-1-Small-Region.svs',
    name,
  );
  await call(request, token, 'slideDocument/deleteSlideDocument', {
    data: { listSlideDocument: [{ iSlideDocumentId: id }] },
  });
  await logIn(page, ADMIN, '?lang=en');
  await openFromMenu(page, '/removeSlideInfo');
  await showNumber(page, num);
  // Its row read like a stored slide of 1.85 MB.
  await expect(page.getByTestId(`slide-row-${name}`)).toContainText('1.85 MB');
  await expect(page.getByTestId(`slide-removed-unfinished-${name}`)).toHaveText(
    'Upload unfinished',
  );
  // The log's figures count what the filter finds: that one slide, at its declared size.
  await expect(page.getByTestId('removed-summary-count')).toContainText('Slides removed1');
  await expect(page.getByTestId('removed-summary-size')).toContainText('Total size1.85 MB');
  await expect(page.getByTestId('removed-summary-filtered')).toHaveText(
    'Counted within the current filters',
  );
});

test('the removal log names the patient of the case a slide was in, and is searched by it', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DOCTOR);
  const num = `SP${RUN}`;
  const patient = `Removed ${RUN}`;
  const name = `in-case-${RUN}.svs`;
  const caseId = await addCase(request, token, num, patient);
  const id = await uploadCaseSlide(request, token, caseId, 'CMU-1-Small-Region.svs', name);
  await call(request, token, 'slideDocument/deleteSlideDocument', {
    data: { listSlideDocument: [{ iSlideDocumentId: id }] },
  });
  await logIn(page, ADMIN);
  await openFromMenu(page, '/removeSlideInfo');
  await expect(page.locator('.ant-table-thead')).toContainText('病理号 / 患者');
  // Found by its patient's name (a part of it), which its row shows under the number.
  await page.locator('#slideFilters_strPatientName').fill(`moved ${RUN}`);
  await page.getByTestId('slide-search').click();
  const row = page.getByTestId(`slide-row-${name}`);
  await expect(row.getByTestId('slide-patient')).toHaveText(patient);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // Another patient's name finds nothing.
  await page.locator('#slideFilters_strPatientName').fill(`Nobody ${RUN}`);
  await page.getByTestId('slide-search').click();
  await expect(row).toHaveCount(0);
});

test('on a phone the slide lists fit the screen: every fact and action of a slide under its name', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await tokenOf(request, DOCTOR);
  // The doctor's list, then the administrator's stored slides (with the hospital filter).
  const runs = [
    { user: DOCTOR, path: '/sliceManage', lang: 'zh' },
    { user: DOCTOR, path: '/sliceManage', lang: 'en' },
    { user: ADMIN, path: '/slideInfo', lang: 'zh' },
    { user: ADMIN, path: '/slideInfo', lang: 'en' },
  ] as const;
  for (const [i, run] of runs.entries()) {
    const num = `PH${RUN}${i}`;
    const name = `CMU-1-Small-Region-phone-${RUN}-${i}.svs`;
    // Renamed from a scanner's long name, which its row shows under the name ("Uploaded as").
    const uploadedAs = `CMU-1-Small-Region-second-scan-${RUN}-${i}-block-A3-level-2.svs`;
    await renameSlide(request, token, await uploadSlide(request, token, uploadedAs, num), name);
    const en = run.lang === 'en';

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, run.user, en ? '?lang=en' : '');
    await page.goto(`/${en ? '?lang=en' : ''}#${run.path}`);
    // The notice, the figures and the filters wrap within the screen.
    await expect(page.getByTestId('slide-summary')).toBeVisible();
    for (const part of ['[data-testid=slide-notice]', '[data-testid=slide-summary] > *']) {
      await expectWithinWidth(page, part);
    }
    // The filters are folded behind one button, so that the list starts on the first screen;
    // opened, they wrap within the screen too, and a search folds them again.
    const toggle = page.getByTestId('filter-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.filter-bar')).toBeHidden();
    expect((await page.getByTestId('slide-table').boundingBox())!.y).toBeLessThan(844);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectWithinWidth(page, '.filter-bar .ant-form-item');
    // Each label above its field, and the fields of one width (inline, they started and ended
    // at different places beside labels of different lengths).
    const numberBox = (await page.locator('#slideFilters_strDiagnosistNum').boundingBox())!;
    const nameBox = (await page.locator('#slideFilters_strFileName').boundingBox())!;
    const numberLabel = (await page
      .locator('label[for=slideFilters_strDiagnosistNum]')
      .boundingBox())!;
    expect(numberLabel.y + numberLabel.height).toBeLessThanOrEqual(numberBox.y);
    expect(Math.round(numberBox.width)).toBe(Math.round(nameBox.width));
    // The range calendar too: two months side by side ran off the left edge, today's with them.
    await page.locator('.filter-bar .ant-picker-range').click();
    const calendar = page.locator('.ant-picker-dropdown:visible');
    await expect(calendar).toBeVisible();
    const shown = (await calendar.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await toggle.click();
    await showNumber(page, num);
    await expect(page.locator('.filter-bar')).toBeHidden();
    // The number searched for is a filter in use: the button counts it.
    await expect(toggle).toHaveText(en ? 'Filters (1)' : '筛选 (1)');
    const row = page.getByTestId(`slide-row-${name}`);
    await expect(row.getByTestId('slide-upload-state')).toHaveText(en ? 'Uploaded' : '已上传');
    // Read by the slide engine: it can be viewed.
    await expect(page.getByTestId(`slide-view-${name}`)).toBeAttached({ timeout: 30_000 });

    // The table is no wider than the screen: nothing is a sideways scroll away.
    await expectNoSidewaysScroll(page);
    await page.getByTestId('slide-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(page.getByTestId(`slide-number-${name}`)).toHaveText(num);
    await expect(row.getByTestId('slide-unmatched')).toHaveText(en ? 'Unmatched' : '未匹配');
    await expect(row).toContainText('1.85 MB');
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const inSight = [
      row.locator('input[type=checkbox]'),
      page.getByTestId(`slide-number-${name}`),
      row.getByTestId('slide-unmatched'),
      row.getByText('1.85 MB'),
      row.getByTestId('slide-upload-state'),
      row.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/),
      page.getByTestId(`slide-view-${name}`),
      page.getByTestId(`slide-match-${name}`),
      page.getByTestId(`slide-rename-${name}`),
      page.getByTestId(`slide-delete-${name}`),
    ];
    for (const part of inSight) {
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({
      path: `test-results/slide-phone-${run.path.slice(1)}-${run.lang}-${i}.png`,
      fullPage: true,
    });

    // Selected by its checkbox and deleted with the batch action, after its confirmation.
    await row.locator('input[type=checkbox]').check();
    await expect(page.getByTestId('slide-selected-count')).toHaveText(
      en ? '1 selected' : '已选 1 项',
    );
    await page.getByTestId('slide-delete-selected').click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
      en ? `Delete the slide “${name}”?` : `删除切片“${name}”？`,
    );
    await dialogsSettled(page);
    await page.getByTestId('slide-delete-confirm').click();
    await expect(page.getByText(en ? '1 slide deleted' : '已删除 1 张切片')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('slide-selected-count')).toHaveText(
      en ? '0 selected' : '已选 0 项',
    );
    if (run.path === '/slideInfo') {
      // The removal log too: who removed it and when, under its name.
      await page.goto(`/${en ? '?lang=en' : ''}#/removeSlideInfo`);
      await showNumber(page, num);
      await expect(page.getByTestId(`slide-removed-${name}`)).toHaveText(
        new RegExp(
          `^${en ? 'Removed' : '清理于'} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} · 超级管理员$`,
        ),
      );
      await expectNoSidewaysScroll(page);
      await page.getByTestId('slide-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      for (const testId of ['number', 'size', 'uploaded', 'removed']) {
        await expect(page.getByTestId(`slide-${testId}-${name}`)).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: `test-results/slide-phone-removeSlideInfo-${run.lang}.png` });
    }
    await context.close();
  }
});

/**
 * Uploads the first 300 KB of the test slide to case `caseId` as `name`: a TIFF header, so it is
 * taken, but the slide engine cannot read it and marks it failed (waited for).
 */
async function uploadBrokenSlide(
  request: APIRequestContext,
  token: string,
  caseId: number,
  name: string,
) {
  const bytes = fs.readFileSync(SLIDE).subarray(0, 300 * 1024);
  const records = await call<{ listFile: { iSlideDocumentId: number }[] }>(
    request,
    token,
    'slideDocument/addUploadRecords',
    {
      data: {
        iPatientId: caseId,
        iUploadType: 1,
        listFile: [{ strFileName: name, lSize: bytes.length, lLastModified: 1_700_000_000_000 }],
      },
    },
  );
  const id = records.listFile[0]!.iSlideDocumentId;
  await call(request, token, 'slideDocument/fileUploadHandler', {
    multipart: {
      iSlideDocumentId: String(id),
      strFilePath: name,
      iChunk: '0',
      strChunkCrc32: chunkCrc32(bytes),
      iUpdadeState: '1',
      file: { name: 'blob', mimeType: 'application/octet-stream', buffer: bytes },
    },
  });
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/slideDocument/selectSlideDocumentByPatient?iPatientId=${caseId}`,
          { headers: { token } },
        );
        const body = (await res.json()) as Envelope<{
          listSlideDocument: { strFileName: string; ddUploadState: { iNumber: number } }[];
        }>;
        return body.objData.listSlideDocument.find((s) => s.strFileName === name)?.ddUploadState
          .iNumber;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
}

/**
 * A failed slide's reason, shown under its state tag, stays within the row: it wraps (or is cut,
 * whole on hover) instead of widening the column and pushing every row's facts and actions off a
 * phone's screen.
 */
async function expectReasonWithinRow(page: Page, reasonTestId: string, actionTestId: string) {
  const reason = page.getByTestId(reasonTestId);
  await expect(reason).toContainText(/cannot be read|无法读取/);
  const width = page.viewportSize()!.width;
  const box = (await reason.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // Not cut sideways: what does not fit goes to the next line.
  expect(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(page.getByTestId(actionTestId)).toBeInViewport({ ratio: 1 });
}

test('on a phone a failed slide’s reason wraps within its row: the lists still fit the screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `PF${RUN}`;
  const caseId = await addCase(request, token, num);
  const name = `broken-${RUN}.svs`;
  await uploadBrokenSlide(request, token, caseId, name);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  let page = await context.newPage();
  // The case's Slide files tab, in English.
  await logIn(page, DOCTOR, '?lang=en');
  await page.goto(`/?lang=en#/case/Imagery-info?iPatientId=${caseId}`);
  await expect(page.getByTestId(`imagery-state-${name}`)).toHaveText('Failed');
  // The card's title and count stay readable: the buttons go under them, not beside.
  await expect(page.getByTestId('imagery-count')).toHaveText('1 slide, 1 failed');
  await expect(page.getByTestId('imagery-count')).toBeInViewport({ ratio: 1 });
  await expectWithinWidth(page, '[data-testid=imagery-upload-batch]');
  await expectNoSidewaysScroll(page, 'imagery-table');
  await expectReasonWithinRow(page, `imagery-state-${name}-reason`, `imagery-delete-${name}`);
  await page.screenshot({ path: 'test-results/slide-phone-failed-imagery.png', fullPage: true });

  await context.close();

  // Slide management, in Chinese.
  const zhContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await zhContext.newPage();
  await logIn(page, DOCTOR, '');
  await page.goto('/#/sliceManage');
  await showNumber(page, num);
  const row = page.getByTestId(`slide-row-${name}`);
  await expect(row.getByTestId('slide-upload-state')).toHaveText('失败');
  await expectNoSidewaysScroll(page);
  await page.getByTestId('slide-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expectReasonWithinRow(page, 'slide-upload-state-reason', `slide-delete-${name}`);
  await expect(row.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeInViewport({ ratio: 1 });
  await page.screenshot({
    path: 'test-results/slide-phone-failed-sliceManage.png',
    fullPage: true,
  });
  await zhContext.close();
});

test('the administrator sees and recalculates a hospital’s storage in the unit that reads best', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo hospital holds at least this slide (1.85 MB).
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `HS${RUN}`);
  await uploadCaseSlide(request, token, id, 'CMU-1-Small-Region.svs', `storage-${RUN}.svs`);
  await logIn(page, ADMIN, '?lang=en');
  await openFromMenu(page, '/manage/HospitalManagement', 'manage');
  const hospital = '演示申请医院 (Demo Applicant Hospital)';
  const storage = /^\d[\d.]* (KB|MB|GB) \/ 500 GB$/;
  const row = page.getByTestId(`hospital-row-${hospital}`);
  // Megabytes, not "0.002 / 500 GB".
  await expect(row.getByText(storage)).toBeVisible();
  await page.getByTestId(`hospital-calibrate-${hospital}`).click();
  await expect(page.locator('.ant-message')).toContainText(
    new RegExp(
      `${hospital.replace(/[()]/g, '\\$&')} recalculated: \\d[\\d.]* (KB|MB|GB) used of 500 GB`,
    ),
  );
  await expect(row.getByText(storage)).toBeVisible();

  // A total below what is used may be saved (slides can be deleted after), but the form says so.
  await page.getByTestId(`hospital-edit-${hospital}`).click();
  await dialogsSettled(page);
  const total = page.locator('#hospitalForm_dTotalMemory');
  await expect(total).toHaveValue('500');
  await expect(page.getByTestId('hospital-form-modal')).not.toContainText('Less than the');
  // What is used, in the unit that reads best ("0 GB" read as nothing stored).
  await expect(page.getByTestId('hospital-form-modal')).toContainText(
    /\d[\d.]* (KB|MB|GB) used now/,
  );
  await total.fill('0.001');
  await expect(page.getByTestId('hospital-form-modal')).toContainText(
    /Less than the \d[\d.]* (KB|MB|GB) used now: uploads will be refused until slides are deleted or the total is raised/,
  );
  await total.fill('500');
  await expect(page.getByTestId('hospital-form-modal')).not.toContainText('Less than the');
  // The step buttons are named in the page's language (rc-input-number says "Increase Value"
  // in every language), and step by the field's 10 GB.
  const modal = page.getByTestId('hospital-form-modal');
  // They show when the pointer is over the field.
  await total.hover();
  await modal.getByRole('button', { name: 'Increase', exact: true }).click();
  await expect(total).toHaveValue('510');
  await modal.getByRole('button', { name: 'Decrease', exact: true }).click();
  await expect(total).toHaveValue('500');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('hospital-form-modal')).toBeHidden();

  // The hospital's own administrator reads the total, switched off, and is told who sets it.
  const ownContext = await browser.newContext();
  const own = await ownContext.newPage();
  await logIn(own, { name: 'demo_hadmin', password: 'Hadmin@2026' });
  await openFromMenu(own, '/manage/HospitalManagement', 'manage');
  await own.getByTestId(`hospital-edit-${hospital}`).click();
  await dialogsSettled(own);
  await expect(own.locator('#hospitalForm_dTotalMemory')).toBeDisabled();
  await expect(own.getByTestId('hospital-form-modal')).toContainText(
    /当前已用 \d[\d.]* (KB|MB|GB)；存储总量和有效期由平台管理员设置/,
  );
  await ownContext.close();
});

test('a hospital administrator’s slide list names the hospital only when it holds several hospitals’ slides', async ({
  browser,
  request,
}) => {
  const doctorToken = await tokenOf(request, DOCTOR);
  const num = `HA${RUN}`;
  const name = `hospital-admin-${RUN}.svs`;
  await uploadSlide(request, doctorToken, name, num);

  // A hospital administrator of the doctor's hospital, whose "clear slide" covers that hospital.
  // The hospital is the doctor's own, from their login (other tests add hospitals of their own).
  const login = await request.post('/api/user/login', {
    data: { strUserName: DOCTOR.name, strUserPassword: DOCTOR.password },
  });
  const applicant = (
    (await login.json()) as Envelope<{
      user: { hospital: { iHospitalId: number; strHospitalName: string } | null };
    }>
  ).objData.user.hospital;
  const adminToken = await tokenOf(request, ADMIN);
  const hadmin = { name: `e2e_slide_hadmin_${RUN}`, password: 'Slide#2026' };
  const user = await call<{ iUserId: number }>(request, adminToken, 'userManage/addUser', {
    data: {
      strUserName: hadmin.name,
      strUserPassword: hadmin.password,
      strRealName: '切片管理员',
      strMobile: `139${RUN.padStart(8, '0').slice(-8)}`,
      ddRoleType: { iNumber: 2 },
      hospital: { iHospitalId: applicant?.iHospitalId },
    },
  });
  const grant = (scope: 1 | 2) =>
    call(request, adminToken, 'userprivilege/update', {
      data: {
        iUserId: user.iUserId,
        iRoleId: null,
        listPrivilege: [{ strCode: 'clearSlide', iPrivilegeType: scope }],
      },
    });
  await grant(1);

  const { page, close } = await userPage(browser, hadmin, '?lang=en');
  await openFromMenu(page, '/slideInfo');
  const search = async () => {
    await page.locator('#slideFilters_strDiagnosistNum').fill(num);
    await page.getByTestId('slide-search').click();
  };
  await search();
  const row = page.getByTestId(`slide-row-${name}`);
  await expect(row).toContainText(num);
  // One hospital: neither a hospital filter nor the hospital's name on every row.
  await expect(row).not.toContainText(applicant?.strHospitalName ?? '?');
  await expect(page.locator('#slideFilters_iHospitalId')).toHaveCount(0);

  // "Clear slide" for all hospitals: the list may hold several, and says whose each slide is.
  await grant(2);
  await page.reload();
  await expect(page.locator('#slideFilters_iHospitalId')).toBeVisible();
  await search();
  await expect(row).toContainText(applicant?.strHospitalName ?? '?');
  await close();
});

test('the slide statistics screen counts slides by hospital, format and upload day', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, DOCTOR);
  await uploadSlide(request, token, `stats-${RUN}.svs`, `ST${RUN}`);
  await logIn(page, ADMIN);
  await page.goto('/#/total/ThoughTotal');
  const figures = page.getByTestId('slide-statistics-figures');
  await expect(figures).toBeVisible();

  // The doctor's hospital: the slide just uploaded is in today's uploads, its format listed.
  await page.getByTestId('slide-statistics-hospital').click();
  await pickOption(page, 'Demo Applicant Hospital');
  // Its clear button is named in Chinese too (rc-select's own name is English "Clear"), and
  // holds antd's round icon (not a bare "×").
  const clear = page.getByTestId('slide-statistics-hospital').locator('.ant-select-clear');
  await expect(clear).toHaveAttribute('aria-label', '清除');
  await expect(clear.locator('.anticon-close-circle')).toHaveCount(1);
  await expect(page.getByTestId('slide-statistics-uploads')).toContainText(/[1-9]\d* 张/);
  await expect(page.getByTestId('slide-statistics-types')).toContainText('SVS');
  // Uploads begun and not finished are a figure of their own, and a part of each day's bar.
  await expect(figures).toContainText('未完成');
  await expect(page.getByTestId('slide-statistics-chart')).toContainText('每日上传');
  await expect(page.getByTestId('slide-statistics-chart').locator('canvas')).toHaveCount(1);
  // One hospital chosen: no table of hospitals.
  await expect(page.getByTestId('slide-statistics-hospitals')).toHaveCount(0);

  // A period long before any upload: the chart says so, the stored slides are still counted.
  const inputs = page.getByTestId('slide-statistics-filters').locator('.ant-picker-range input');
  await inputs.first().click();
  await inputs.first().fill('2020-01-01');
  await inputs.first().press('Enter');
  await inputs.nth(1).fill('2020-01-31');
  await inputs.nth(1).press('Enter');
  await expect(page.getByTestId('slide-statistics-chart')).toContainText(
    '每日上传（2020-01-01 至 2020-01-31）',
  );
  await expect(page.getByTestId('slide-statistics-chart')).toContainText('该时段内没有上传切片');
  await expect(page.getByTestId('slide-statistics-uploads')).toContainText('0 张');

  // In English, all hospitals: the table of hospitals lists the doctor's.
  await page.goto('/?lang=en#/total/ThoughTotal');
  await expect(page.getByTestId('slide-statistics-chart')).toContainText('Uploads per day, ');
  await expect(page.getByTestId('slide-statistics-hospitals')).toContainText(
    'Demo Applicant Hospital',
  );
  await expect(figures).toContainText('Slides');
  await expect(figures).toContainText('Not finished');
  // Every column of the hospitals' table is in sight on a wide screen, beside the formats' table
  // from 1920 px, above it below (at 1600 px, beside it, the storage column was cut).
  for (const width of [1366, 1600, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const table = page.getByTestId('slide-statistics-hospitals').locator('.ant-table-content');
    await expect
      .poll(() => table.evaluate((el) => el.scrollWidth - el.clientWidth), { message: `${width}` })
      .toBeLessThanOrEqual(0);
    const hospitalsTop = (await page.getByTestId('slide-statistics-hospitals').boundingBox())!.y;
    const typesTop = (await page.getByTestId('slide-statistics-types').boundingBox())!.y;
    if (width >= 1920) {
      expect(Math.abs(typesTop - hospitalsTop), `${width}`).toBeLessThan(2);
    } else {
      expect(typesTop, `${width}`).toBeGreaterThan(hospitalsTop + 40);
    }
  }
});
