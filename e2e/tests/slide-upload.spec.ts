import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { xxhash128 } from 'hash-wasm';
import {
  ADMIN,
  DOCTOR,
  EXPERT,
  addCase,
  dialogsSettled,
  expectWholeText,
  logIn,
  openAccountMenu,
  openFromMenu,
  tokenOf,
  userIdOf,
  userPage,
} from './helpers';
import { beginUpload, post, uploadCaseSlide, type Envelope } from './slide-helpers';

/*
 * Slide upload (issue 5): the doctor uploads a real slide to a case from its Imagery tab, pauses
 * half-way, reloads the page, chooses the same file again and the upload continues with only what
 * the server lacks; the slide then shows in the Imagery tab, stored byte for byte. Files that are
 * not slides are refused before anything is sent.
 */

const RUN = String(Date.now() % 100_000_000);
const SLIDES = path.resolve(import.meta.dirname, '../../../shared/testdata/slides');
const SLIDE = path.join(SLIDES, 'CMU-1-Small-Region.svs');
const NAME = 'CMU-1-Small-Region.svs';
const CHUNKS = '**/api/slideDocument/fileUploadHandler';

/** A promise chunk routes wait on (`held`) until the test lets them go (`release`). */
function gate(): { held: Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

/**
 * Lets the first chunk through and holds every later one until `release()`: the upload stays on
 * its slide meanwhile; released, they go on, or with 'drop' the link drops them (a slow link,
 * then a cut). `sent()` counts the chunk requests made.
 */
async function holdLaterChunks(page: Page, then: 'continue' | 'drop' = 'continue') {
  const { held, release } = gate();
  let sent = 0;
  await page.route(CHUNKS, async (route) => {
    sent += 1;
    if (sent >= 2) {
      await held;
    }
    // The request may have been aborted meanwhile (a cancel, a closed page).
    await (sent >= 2 && then === 'drop' ? route.abort() : route.continue()).catch(() => undefined);
  });
  return { release, sent: () => sent };
}

/** Queues the test slide from the case's Imagery tab (batch) and starts the queue. */
async function startCaseUpload(page: Page) {
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await page.getByTestId('upload-start').click();
}

interface SlideRow {
  iSlideDocumentId: number;
  strFileName: string;
  ddUploadState: { iNumber: number };
  strChecksum: string | null;
  lSize: number;
  /** An unfinished upload no queue is sending (paused, or silent for two minutes). */
  bStalled: boolean;
}

async function slidesOf(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(
    `/api/slideDocument/selectSlideDocumentByPatient?iPatientId=${id}`,
    {
      headers: { token },
    },
  );
  const body = (await res.json()) as { objData: { listSlideDocument: SlideRow[] } };
  return body.objData.listSlideDocument;
}

async function openImagery(page: Page, id: number) {
  await page.goto(`/#/case/Imagery-info?iPatientId=${id}`);
  await expect(page.getByTestId('case-imagery')).toBeVisible();
}

/**
 * A new case of the demo doctor (in Chinese) whose slide upload was paused after its first chunk:
 * the completing chunk hangs on the wire until `release()`, when the link drops it.
 */
async function pausedAfterFirstChunk(page: Page, request: APIRequestContext, num: string) {
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, num);
  await logIn(page, DOCTOR);
  await openImagery(page, id);
  const { release, sent } = await holdLaterChunks(page, 'drop');
  await startCaseUpload(page);
  const item = page.getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-progress')).toContainText('54%');
  await expect.poll(sent).toBe(2);
  await page.getByTestId('upload-start').click();
  return { token, id, item, release };
}

test('a slide deleted while its upload is paused leaves the queue and does not come back', async ({
  page,
  request,
}) => {
  const { token, id, item, release } = await pausedAfterFirstChunk(page, request, `SG${RUN}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('正在暂停…');
  // The case's list says what the queue says.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText('正在暂停 54%');
  release();
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText('已暂停 54%');
  await page.unroute(CHUNKS);

  // Deleted from the case's list: the question says its upload stops.
  await page.getByTestId(`imagery-delete-${NAME}`).click();
  await dialogsSettled(page);
  await expect(page.locator('.ant-modal-confirm')).toContainText('该切片尚未上传完成');
  await page.getByTestId('imagery-delete-confirm').click();
  await expect(page.getByTestId('case-imagery-empty')).toBeVisible();
  // Gone from the queue too: Resume cannot send it again into the case.
  await page.getByTestId('upload-open').click();
  await expect(page.getByTestId(`upload-item-${NAME}`)).toHaveCount(0);
  await expect(page.getByTestId('upload-start')).toHaveText('开始上传');
  // Nothing left to send: the button says so by its look, not once pressed.
  await expect(page.getByTestId('upload-start')).toBeDisabled();
  expect(await slidesOf(request, token, id)).toEqual([]);
});

test('a paused upload resumed from its row goes through the queue’s Start and its storage check', async ({
  page,
  request,
}) => {
  const { token, id, item, release } = await pausedAfterFirstChunk(page, request, `SRR${RUN}`);
  await page.keyboard.press('Escape');
  release();
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText('已暂停 54%');
  await page.unroute(CHUNKS);

  // The hospital's storage reads as used up: Resume on the row opens the queue, whose Start
  // refuses, saying why (it resumed the queue without the check before).
  const usage = '**/api/hospitalManage/getMemoryUsage**';
  await page.route(usage, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as Envelope<{ lUsedBytes: number; lTotalBytes: number }>;
    body.objData.lUsedBytes = body.objData.lTotalBytes;
    await route.fulfill({ response: answer, json: body });
  });
  await page.getByTestId(`imagery-resume-${NAME}`).click();
  await expect(page.getByTestId('upload-capacity-refused')).toBeVisible();
  await expect(item.getByTestId('upload-item-state')).toHaveText('已暂停');
  await page.keyboard.press('Escape');
  await page.unroute(usage);

  // With storage left, the same button goes on: the slide finishes in the case. While the
  // server answers the completing chunk (it checks the whole file, long for gigabytes after a
  // restart), the item says so rather than blame the link.
  const { held, release: answer } = gate();
  await page.route(CHUNKS, async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const completing = /name="iUpdadeState"\r\n\r\n1/.test(body);
    const response = await route.fetch();
    if (completing) {
      await held;
    }
    await route.fulfill({ response }).catch(() => undefined);
  });
  await page.getByTestId(`imagery-resume-${NAME}`).click();
  await expect(page.getByTestId('upload-start')).toHaveAttribute('data-uploading', 'true');
  await expect(item.getByTestId('upload-item-completing')).toHaveText(
    '正在发送最后一块：服务器收到后核对整个文件再答复（数 GB 的切片可能需要数十秒）…',
  );
  await expect(page.getByTestId('upload-speed')).toContainText('—');
  answer();
  await expect
    .poll(async () => (await slidesOf(request, token, id)).map((s) => s.ddUploadState.iNumber))
    .not.toEqual([0]);
  await page.unroute(CHUNKS);
});

test('the doctor uploads a slide, pauses, reloads, resumes and sees it in the Imagery tab', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SU${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);
  await expect(page.getByTestId('case-imagery-empty')).toBeVisible();

  // The first chunk goes through; the next one is held, as on a slow link, until the pause.
  const { release, sent } = await holdLaterChunks(page, 'drop');

  await page.getByTestId('imagery-upload-batch').click();
  const panel = page.getByTestId('upload-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  const item = page.getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('Waiting');

  await page.getByTestId('upload-start').click();
  await expect(item.getByTestId('upload-item-state')).toHaveText('Uploading');
  // 1 MB of 1.85 MB acknowledged, the completing chunk held.
  await expect(item.getByTestId('upload-item-progress')).toContainText('54%');
  await expect.poll(sent).toBe(2);
  await expect(page.getByTestId('upload-start')).toHaveText('Pause');
  await page.getByTestId('upload-start').click();
  // The chunk on the wire is let finish (its bytes would be kept), and nothing more is begun.
  await expect(item.getByTestId('upload-item-state')).toHaveText('Pausing…');
  await item.getByTestId('upload-item-state').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Finishing the chunks already on their way, so that they need not be sent again',
  );
  // Part of it is sent: the button goes on with it.
  await expect(page.getByTestId('upload-start')).toHaveText('Resume');
  // The link drops the held chunk: the pause is done, and nothing is tried again.
  release();
  await expect(item.getByTestId('upload-item-state')).toHaveText('Paused');
  // Screen readers are told, as the queue's colours and bars tell the eye.
  await expect(page.getByTestId('upload-announcer')).toHaveText(`${NAME}: Paused`);
  await expect(page.getByTestId('upload-announcer')).toHaveAttribute('role', 'status');
  // What goes on with it is said on the row, not only in a passing toast.
  await expect(item.getByTestId('upload-item-paused-next')).toHaveText(
    'Press Resume above to continue where it stopped',
  );
  await page.unroute(CHUNKS);
  expect(sent()).toBe(2);
  // Paused, it shows what the server holds: the cut-off chunk's bytes on the wire are given back.
  await expect(item.getByTestId('upload-item-progress')).toContainText('54%');
  // Its own pause, not another tab's upload (the panel looks at the browser's upload locks).
  await expect(item.getByTestId('upload-item-other-tab')).toHaveCount(0);
  // The case's Imagery tab behind the panel lists it already, with its share (it listed nothing
  // until a reload).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText('Paused 54%');
  // Its row offers to resume it (Resume was only in the queue behind the header).
  await expect(page.getByTestId(`imagery-resume-${NAME}`)).toHaveText('Resume upload');

  // The server holds half of it, as an unfinished upload of the case.
  const half = await slidesOf(request, token, id);
  expect(half.map((s) => [s.strFileName, s.ddUploadState.iNumber])).toEqual([[NAME, 0]]);
  // Told of the pause: slide management lists it as interrupted at once, not as uploading for
  // two more minutes.
  await expect.poll(async () => (await slidesOf(request, token, id))[0]?.bStalled).toBe(true);

  // A reload loses the browser's files but not the queue.
  await page.reload();
  await expect(page.getByTestId('case-imagery')).toBeVisible();
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText(/^Paused \d+%$/);
  // The row offers the way on (the queue waits for the file behind the header).
  await expect(page.getByTestId(`imagery-continue-${NAME}`)).toBeVisible();
  await page.getByTestId('upload-open').click();
  const restored = page.getByTestId(`upload-item-${NAME}`);
  await expect(restored.getByTestId('upload-item-state')).toHaveText('Paused');
  // It says where its files are chosen: right above, as the panel is open for its case (it sent
  // the doctor to the tab the doctor was on).
  await expect(restored.getByTestId('upload-item-needs-files')).toHaveText(
    'Choose the same files again above to continue',
  );
  await expect(restored.getByTestId('upload-item-progress')).toContainText('54%');
  // Start has nothing it can send until the file is chosen again.
  await page.getByTestId('upload-start').click();
  await expect(page.locator('.ant-message')).toContainText(
    '1 slide waits for its file to be chosen again: the slide says where',
  );
  await expect(page.getByTestId('upload-start')).toHaveText('Resume');
  await page.keyboard.press('Escape');

  // Choosing the same file again resumes it: only the missing chunk travels.
  const chunkRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/slideDocument/fileUploadHandler')) {
      chunkRequests.push(r.url());
    }
  });
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await expect(restored.getByTestId('upload-item-needs-files')).toBeHidden();
  // The queue is stopped: it says the slide goes on with Resume (it said it would go on, and
  // waited paused).
  await expect(page.locator('.ant-message')).toContainText(
    '1 slide has its file again: press Resume to continue where it stopped',
  );
  await page.getByTestId('upload-start').click();
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${NAME}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText('Uploaded', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`)).toHaveCount(0);
  await expect(page.getByTestId('upload-announcer')).toHaveText(`${NAME}: Uploaded`);
  expect(chunkRequests).toHaveLength(1);
  await expect(page.getByTestId('upload-all-done')).toHaveText(
    'Queue empty. In the finished list: 1 uploaded, 0 failed',
  );

  // The Imagery tab shows it uploaded; the server stored exactly the file.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`imagery-row-${NAME}`)).toBeVisible();
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText('Uploaded');
  await expect(page.getByTestId(`imagery-row-${NAME}`)).toContainText('SVS');
  const [stored] = await slidesOf(request, token, id);
  expect(stored).toMatchObject({
    ddUploadState: { iNumber: 1 },
    lSize: 1_938_955,
    strChecksum: await xxhash128(fs.readFileSync(SLIDE)),
  });

  // From the finished list, straight to the slide it sent.
  await page.getByTestId('upload-open').click();
  await finished.getByTestId(`upload-view-${NAME}`).click();
  await expect(page.getByTestId('upload-panel')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/ShowSlide\\?id=${stored!.iSlideDocumentId}$`));
  await expect(page.getByTestId(`viewer-slide-name-${stored!.iSlideDocumentId}`)).toHaveText(NAME);
});

/**
 * The toast saying files were added comes down below the upload drawer's title bar: at antd's
 * place it lay over the title and the close button, the one way out of the drawer.
 */
async function expectToastBelowDrawerTitle(page: Page, text: string) {
  const toast = page.locator('.ant-message-notice').filter({ hasText: text });
  await expect(toast).toBeVisible();
  const bar = await page.getByTestId('upload-panel').locator('.ant-drawer-header').boundingBox();
  // Polled: the toast slides in from above.
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? 0, { timeout: 900 })
    .toBeGreaterThanOrEqual(bar!.y + bar!.height);
}

test('the whole queue is cancelled after one question, what was sent deleted from the server', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `QX${RUN}`);
  await logIn(page, DOCTOR);
  await openImagery(page, id);
  const { release } = await holdLaterChunks(page, 'drop');
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page
    .getByTestId('upload-file-input')
    .setInputFiles([SLIDE, path.join(SLIDES, 'boxes.tiff'), path.join(SLIDES, 'small_dicom.dcm')]);
  await expect(page.getByTestId('upload-cancel-all')).toHaveText('全部取消');
  await page.getByTestId('upload-start').click();
  // The first chunk of the first slide is stored, its second held on the wire.
  const first = page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`);
  await expect(first.getByTestId('upload-item-progress')).toContainText('54%');
  await page.getByTestId('upload-cancel-all').click();
  await dialogsSettled(page);
  const question = page.getByRole('dialog').filter({ hasText: '取消队列中全部 3 张切片的上传？' });
  await expect(page.getByTestId('upload-cancel-all-content')).toHaveText(
    /^已发送的 1(\.0+)? MB 将从服务器删除。在确认前已上传完成的切片会保留。$/,
  );
  await question.getByTestId('upload-cancel-all-confirm').click();
  await expect(page.locator('.ant-message')).toContainText('已取消队列中的上传');
  release();
  await expect(page.getByTestId('upload-queue').getByTestId(/^upload-item-/)).toHaveCount(0);
  await expect(page.getByTestId('upload-cancel-all')).toHaveCount(0);
  // Its record and stored chunk are gone from the server (a started slide has one).
  await expect.poll(async () => (await slidesOf(request, token, id)).length).toBe(0);
  await dialogsSettled(page);
  // The pointer rested where the confirmation's button was, over the drawer: a tooltip it
  // opened there takes the first Escape (antd closes the innermost layer first), which once
  // left the drawer open in CI. Moved onto the drawer's mask, it opens none.
  await page.mouse.move(8, 8);
  await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('upload-panel')).toBeHidden();

  // In English, slides chosen and not begun: nothing of them is on the server.
  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-en').click();
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page
    .getByTestId('upload-file-input')
    .setInputFiles([path.join(SLIDES, 'boxes.tiff'), path.join(SLIDES, 'small_dicom.dcm')]);
  await page.getByTestId('upload-cancel-all').click();
  await dialogsSettled(page);
  await expect(
    page
      .getByRole('dialog')
      .filter({ hasText: 'Cancel the uploads of all 2 slides in the queue?' }),
  ).toBeVisible();
  await expect(page.getByTestId('upload-cancel-all-content')).toHaveText(
    'Nothing of these files is stored on the server yet: they only leave the upload queue.',
  );
  await page.getByTestId('upload-cancel-all-confirm').click();
  await expect(page.getByTestId('upload-queue').getByTestId(/^upload-item-/)).toHaveCount(0);
});

test('slides queued for a case that have not begun are pointed out in its Slide files tab', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `QN${RUN}`);
  await logIn(page, DOCTOR);
  await openImagery(page, id);
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page
    .getByTestId('upload-file-input')
    .setInputFiles([SLIDE, path.join(SLIDES, 'boxes.tiff')]);
  await expectToastBelowDrawerTitle(page, '已将 2 张切片加入队列');
  await expect(page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('upload-panel')).toBeHidden();
  // Queued, not begun: the server has no record, so the list has no row; the tab says so.
  const queued = page.getByTestId('imagery-queued');
  await expect(queued).toHaveText(
    `上传队列中还有 2 张切片尚未开始上传：${NAME}、boxes.tiff打开上传队列`,
  );
  await expect(page.getByTestId('case-imagery-empty')).toBeVisible();
  // Its button opens the queue, where they wait.
  await page.getByTestId('imagery-open-queue').click();
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  await page.getByTestId('upload-start').click();
  // Both uploaded, both listed: nothing left to point out.
  await expect(
    page.getByTestId('upload-finished').getByTestId('upload-item-boxes.tiff'),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`imagery-row-${NAME}`)).toBeVisible();
  await expect(page.getByTestId('imagery-row-boxes.tiff')).toBeVisible();
  await expect(queued).toHaveCount(0);
});

test('a cancel question overtaken by the upload finishing says nothing was cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SC${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);

  // The completing chunk is held while the doctor is asked whether to cancel.
  const { release, sent } = await holdLaterChunks(page);
  await startCaseUpload(page);
  const item = page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-progress')).toContainText('54%');
  await expect.poll(sent).toBe(2);
  // The total is the batch's, finished slides in it too (it read as wrong beside "Queue (1)").
  await page.getByTestId('upload-total-label').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'This batch: the slides still in the queue, and those finished since the first of them was added',
  );
  await page.mouse.move(0, 0);
  await page.getByTestId(`upload-cancel-${NAME}`).click();
  const title = page.locator('.ant-modal-confirm-title');
  await expect(title).toHaveText(`Cancel the upload of ${NAME} (pathology no. SC${RUN})?`);
  await expect(page.locator('.ant-modal-confirm-content')).toContainText(
    'already sent are deleted',
  );

  // The upload ends under the question: it becomes a notice, with nothing left to cancel.
  release();
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${NAME}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText(/Uploaded|Processing/, {
    timeout: 30_000,
  });
  await expect(title).toHaveText(`“${NAME}” finished uploading before it could be cancelled`);
  await expect(page.locator('.ant-modal-confirm-content')).toHaveText(
    'Nothing was cancelled: the slide is stored. It can be deleted in slide management or in the case’s slide list.',
  );
  await expect(page.getByTestId('upload-cancel-confirm')).toHaveCount(0);
  await dialogsSettled(page);
  await page.getByTestId('upload-cancel-late-ok').click();
  await expect(title).toHaveCount(0);
  // The slide stays, uploaded.
  expect((await slidesOf(request, token, id)).map((s) => s.ddUploadState.iNumber)).toEqual([1]);
  await expect(finished).toBeVisible();
});

test('the cancel question follows the upload it is about while it is open', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SCQ${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);

  // The first slide's only chunk is held, then the second slide's later chunks: the second
  // waits, then has sent part of itself and stays there.
  const first = gate();
  const later = gate();
  let sent = 0;
  await page.route(CHUNKS, async (route) => {
    sent += 1;
    await (sent === 1 ? first.held : sent >= 3 ? later.held : Promise.resolve());
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page
    .getByTestId('upload-file-input')
    .setInputFiles([path.join(SLIDES, 'boxes.tiff'), path.join(SLIDES, 'small_dicom.dcm')]);
  await page.getByTestId('upload-start').click();
  await expect.poll(() => sent).toBe(1);

  // Asked while it waits: nothing of it is on the server yet.
  await page.getByTestId('upload-cancel-small_dicom.dcm').click();
  const content = page.getByTestId('upload-cancel-content');
  await expect(content).toHaveText(
    'Nothing of this file is stored on the server yet: it only leaves the upload queue.',
  );
  // The queue reaches it under the question: the question now says what cancelling deletes.
  first.release();
  await expect.poll(() => sent).toBeGreaterThanOrEqual(3);
  await expect(content).toHaveText(
    /^The [\d.]+ (KB|MB) already sent are deleted from the server\.$/,
  );
  await dialogsSettled(page);
  await page.getByTestId('upload-cancel-confirm').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveCount(0);
  later.release();
  // Cancelled: only the first slide is left on the case.
  await expect
    .poll(async () => (await slidesOf(request, token, id)).map((s) => s.strFileName))
    .toEqual(['boxes.tiff']);
});

test('an upload cancelled on slide management leaves its list and figures at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const num = `CX${RUN}`;
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  const uploading = page
    .getByTestId('slide-summary')
    .locator('.ant-statistic')
    .filter({ hasText: 'Uploading' })
    .locator('.ant-statistic-content-value');
  const before = Number(await uploading.innerText());

  // The second chunk is held: the slide stays uploading until it is cancelled.
  const { release, sent } = await holdLaterChunks(page);
  await page.getByTestId('slide-upload-number').click();
  await page.locator('#slideUploadNumber_strDiagnosistNum').fill(num);
  await page.getByTestId('slide-upload-number-submit').click();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await page.getByTestId('upload-start').click();
  await expect.poll(sent).toBe(2);
  await page.keyboard.press('Escape');
  const row = page.locator('tr', { hasText: NAME }).filter({ hasText: num });
  await expect(row).toBeVisible();
  await expect(uploading).toHaveText(String(before + 1));

  await page.getByTestId('upload-open').click();
  await page.getByTestId(`upload-cancel-${NAME}`).click();
  await page.getByTestId('upload-cancel-confirm').click();
  await expect(page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`)).toHaveCount(0);
  // The keyboard's place stays in the panel: it fell to the page's body with the row.
  await expect
    .poll(() =>
      page.evaluate(() => !!document.activeElement?.closest('[data-testid="upload-panel"]')),
    )
    .toBe(true);
  release();
  await page.keyboard.press('Escape');
  // No reload, no search: the row goes and the figure falls back.
  await expect(uploading).toHaveText(String(before));
  await expect(row).toHaveCount(0);
});

test('the finished list follows a slide renumbered or deleted since, and counts it apart', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `RN${RUN}`;
  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  await page.getByTestId('slide-upload-number').click();
  await page.locator('#slideUploadNumber_strDiagnosistNum').fill(num);
  await page.getByTestId('slide-upload-number-submit').click();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  // Chosen twice: the second is refused, and the note goes once the queue is started.
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await expect(page.getByTestId(`upload-refused-${NAME}`)).toBeVisible();
  await page.getByTestId('upload-start').click();
  await expect(page.getByTestId('upload-refused')).toBeHidden();
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${NAME}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText('Uploaded', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('upload-all-done')).toHaveText(
    'Queue empty. In the finished list: 1 uploaded, 0 failed',
  );
  await page.keyboard.press('Escape');
  // By the same number again, in another browser (whose queue knows nothing of it): the name the
  // number holds is refused when chosen, before anything is sent.
  const other = await userPage(browser, DOCTOR, '?lang=en');
  await openFromMenu(other.page, '/sliceManage');
  await other.page.getByTestId('slide-upload-number').click();
  await other.page.locator('#slideUploadNumber_strDiagnosistNum').fill(num);
  await other.page.getByTestId('slide-upload-number-submit').click();
  await other.page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await expect(other.page.getByTestId(`upload-refused-${NAME}`)).toContainText(
    `A slide named “${NAME}” already exists for this pathology number`,
  );
  await other.close();
  const listed = await request.get(
    `/api/slideDocument/selectSlideDocumentByType?iCurPage=1&iPageSize=10&iNumMatch=1&strDiagnosistNum=${num}`,
    { headers: { token } },
  );
  const [slide] = ((await listed.json()) as { objData: { listPage: SlideRow[] } }).objData.listPage;

  // Renumbered in slide management (to match it to a case, say): the finished row says so.
  const renumbered = await post(request, token, 'slideDocument/updateSlideDocument', {
    iSlideDocumentId: slide!.iSlideDocumentId,
    strDiagnosistNum: `${num}-B`,
  });
  expect(renumbered.iCode, renumbered.strMessage).toBe(0);
  await page.getByTestId('upload-open').click();
  await expect(finished.getByTestId('upload-item-number')).toHaveText(`${num}-B`);

  // Deleted: neither uploaded nor failed any more.
  await page.keyboard.press('Escape');
  const deleted = await post(request, token, 'slideDocument/deleteSlideDocument', {
    listSlideDocument: [{ iSlideDocumentId: slide!.iSlideDocumentId }],
  });
  expect(deleted.iCode, deleted.strMessage).toBe(0);
  await page.getByTestId('upload-open').click();
  await expect(finished.getByTestId('upload-item-state')).toHaveText('Deleted');
  await expect(page.getByTestId('upload-all-done')).toHaveText(
    'Queue empty. In the finished list: 0 uploaded, 0 failed, 1 deleted since',
  );
});

test('a second tab says which slide the first is sending; each tab shows at once what the other queues and finishes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `TT${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);
  // The second chunk is held: the first tab stays on this slide.
  const { release, sent } = await holdLaterChunks(page);
  await startCaseUpload(page);
  await expect.poll(sent).toBe(2);

  // Another tab of the same browser lists the shared queue.
  const second = await page.context().newPage();
  await logIn(second, DOCTOR, '?lang=en');
  await second.getByTestId('upload-open').click();
  const item = second.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-other-tab')).toHaveText(
    'Being uploaded in another tab of this browser: it goes on there',
  );
  await expect(item.getByTestId('upload-item-needs-files')).toHaveCount(0);
  // Not "Paused": going on there, at the first tab's progress, and not counted in this tab's
  // total (it read the other tab's gigabytes beside its own slide's megabytes).
  await expect(item.getByTestId('upload-item-state')).toHaveText('Uploading in another tab');
  const progressIn = (tab: Page) =>
    tab
      .getByTestId('upload-queue')
      .getByTestId(`upload-item-${NAME}`)
      .getByTestId('upload-item-progress')
      .innerText();
  await expect.poll(async () => progressIn(second)).toBe(await progressIn(page));
  await expect(second.getByTestId('upload-progress')).toHaveCount(0);
  await expect(second.getByTestId('upload-all-done')).toHaveCount(0);
  await expect(second.getByTestId('upload-start')).toHaveText('Start');
  // A tab whose queue does not know the slide (saved by another tab meanwhile) does not offer to
  // continue it from the case's list, where it would only wait for the first tab: it says where
  // it goes on.
  const third = await page.context().newPage();
  await third.goto('/?lang=en#/login');
  await third.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith('slideUploadQueue:'))) {
      localStorage.removeItem(key);
    }
  });
  await third.locator('#login_strUserName').fill(DOCTOR.name);
  await third.locator('#login_strUserPassword').fill(DOCTOR.password);
  await third.getByTestId('login-submit').click();
  await expect(third.getByTestId('workplace-greeting')).toBeVisible();
  await third.goto(`/?lang=en#/case/Imagery-info?iPatientId=${id}`);
  await expect(third.getByTestId(`imagery-other-tab-${NAME}`)).toHaveText(
    'Uploading in another tab',
  );
  await expect(third.getByTestId(`imagery-continue-${NAME}`)).toHaveCount(0);
  await third.close();
  // This tab queues a slide of its own (not started) while the first one sends.
  await second.keyboard.press('Escape');
  await openImagery(second, id);
  // Its list says the slide goes on (the first tab's share, as the server has it), not "Paused"
  // with this tab's stale share, and offers no Continue.
  await expect(second.getByTestId(`imagery-state-${NAME}`)).toHaveText(/^Uploading \d+%$/);
  await expect(second.getByTestId(`imagery-continue-${NAME}`)).toHaveCount(0);
  await second.getByTestId('imagery-upload-batch').click();
  await expect(second.getByTestId('upload-choose-files')).toBeEnabled();
  // Its file chosen here too: it goes on in the first tab, and nothing here is to be pressed
  // (this tab's Start is greyed; it was told to press Resume). In front, as a tab in use is.
  await second.bringToFront();
  await second.getByTestId('upload-file-input').setInputFiles(path.join(SLIDES, NAME));
  await expect(second.locator('.ant-message')).toContainText(
    '1 slide is being uploaded in another tab of this browser: it goes on there',
  );
  await expect(second.locator('.ant-message')).not.toContainText('press Resume');
  await second.getByTestId('upload-file-input').setInputFiles(path.join(SLIDES, 'boxes.tiff'));
  await expect(
    second.getByTestId('upload-queue').getByTestId('upload-item-boxes.tiff'),
  ).toBeVisible();
  // The first tab lists it at once, without a reload, waiting there for its file.
  await expect(
    page
      .getByTestId('upload-queue')
      .getByTestId('upload-item-boxes.tiff')
      .getByTestId('upload-item-needs-files'),
  ).toBeVisible();
  release();
  // Done in the first tab: the second stops saying so, and lists it finished as it happens.
  const finishedIn = (tab: Page) =>
    tab
      .getByTestId('upload-finished')
      .getByTestId(`upload-item-${NAME}`)
      .getByTestId('upload-item-state');
  await expect(finishedIn(page)).toHaveText(/Uploaded|Processing/, { timeout: 30_000 });
  await expect(item.getByTestId('upload-item-other-tab')).toHaveCount(0, { timeout: 10_000 });
  await expect(finishedIn(second)).toHaveText(/Uploaded|Processing/);
  await second.close();
  // The first tab saved its progress after the second had queued its slide, and kept that slide:
  // reloaded, its queue lists it, waiting for its file.
  await page.reload();
  await page.getByTestId('upload-open').click();
  await expect(
    page
      .getByTestId('upload-queue')
      .getByTestId('upload-item-boxes.tiff')
      .getByTestId('upload-item-needs-files'),
  ).toBeVisible();
});

test('logging out during an upload asks first, and the upload waits paused for its files', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `LO${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);
  const { release, sent } = await holdLaterChunks(page);
  await startCaseUpload(page);
  await expect.poll(sent).toBe(2);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('upload-panel')).toBeHidden();

  // Clicked only once menus and dialogs stand still: a click while the question zooms in or out
  // landed beside its button, and the question's frame then stayed over the page (seen once in CI).
  await openAccountMenu(page);
  await page.getByTestId('account-logout').click();
  // Asked first; kept logged in when the doctor thinks again.
  const question = page.getByRole('dialog').filter({ hasText: 'A slide is being uploaded' });
  await expect(question).toContainText('Logging out pauses the upload');
  await dialogsSettled(page);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await dialogsSettled(page);
  await openAccountMenu(page);
  await page.getByTestId('account-logout').click();
  await dialogsSettled(page);
  await page.getByTestId('account-logout-confirm').click();
  await expect(page).toHaveURL(/#\/login$/);
  release();

  // Back in without reloading the page: paused, waiting for its file, and not "login timed
  // out" (the server had refused its next chunk as from an ended session).
  await page.locator('#login_strUserName').fill(DOCTOR.name);
  await page.locator('#login_strUserPassword').fill(DOCTOR.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('workplace-greeting')).toBeVisible();
  await page.getByTestId('upload-open').click();
  const item = page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('Paused');
  // Opened away from the case, it names the case whose files it needs (the queue may hold
  // several cases).
  await expect(item.getByTestId('upload-item-needs-files')).toHaveText(
    `Choose the same files again for case LO${RUN} (its Slide files tab) to continue`,
  );
  await expect(item.getByTestId('upload-item-reason')).toHaveCount(0);
});

test('a session that ends mid-upload: logged in again, the upload goes on by itself', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SE${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);
  const { release, sent } = await holdLaterChunks(page);
  await startCaseUpload(page);
  await expect.poll(sent).toBe(2);
  // The session ends on the server (its 12 hours are over, say) while a chunk is on its way.
  const pageToken = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const ended = await request.post('/api/user/logout', { headers: { token: pageToken } });
  expect(ended.ok()).toBe(true);
  release();
  await expect(page).toHaveURL(/#\/login/);

  // Logged in again in the same tab: nobody presses Start, and the slide arrives whole.
  await page.locator('#login_strUserName').fill(DOCTOR.name);
  await page.locator('#login_strUserPassword').fill(DOCTOR.password);
  await page.getByTestId('login-submit').click();
  await expect
    .poll(async () => (await slidesOf(request, token, id))[0]?.ddUploadState.iNumber, {
      timeout: 30_000,
    })
    .toBe(1);
  const [stored] = await slidesOf(request, token, id);
  expect(stored!.strChecksum).toBe(await xxhash128(fs.readFileSync(SLIDE)));
  // Back where the session ended: the case's slide files, with the upload panel as it was.
  await expect(page).toHaveURL(/Imagery-info/);
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${NAME}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText('Uploaded');
});

test('the network drops mid-upload: the upload waits for it and goes on by itself', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SN${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);

  // The first chunk goes through; the hospital's network goes down as the second leaves.
  let sent = 0;
  await page.route(CHUNKS, async (route) => {
    sent += 1;
    if (sent === 2) {
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await page.getByTestId('upload-start').click();
  const item = page.getByTestId(`upload-item-${NAME}`);

  // No network: the queue says so and waits, still uploading, nothing failed or paused.
  await expect(item.getByTestId('upload-item-offline')).toHaveText(
    'No network: the upload goes on by itself when the connection is back (nothing sent is lost)',
  );
  await expect(item.getByTestId('upload-item-state')).toHaveText('Uploading');
  await expect(item.getByTestId('upload-item-progress')).toContainText('54%');
  expect(sent).toBe(2);

  // Back online, it goes on without anyone touching it and only the missing chunk travels.
  await context.setOffline(false);
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${NAME}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText('Uploaded', {
    timeout: 30_000,
  });
  expect(sent).toBe(3);
  const [stored] = await slidesOf(request, token, id);
  expect(stored).toMatchObject({
    ddUploadState: { iNumber: 1 },
    strChecksum: await xxhash128(fs.readFileSync(SLIDE)),
  });
});

test('files that are not slides are refused before anything is sent', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SX${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);
  // What an upload sends (records, chunks) is posted; the tab's own reads (its slides, those
  // waiting under the case's number, the supported types) are not sending anything.
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/slideDocument/') && r.method() === 'POST') {
      sent += 1;
    }
  });

  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles([
    {
      name: 'fake.svs',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('just text, renamed'),
    },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
  ]);
  const refused = page.getByTestId('upload-refused');
  await expect(refused.getByTestId('upload-refused-fake.svs')).toContainText(
    'is not a slide of type SVS',
  );
  await expect(refused.getByTestId('upload-refused-notes.txt')).toContainText(
    'Unsupported slide file type',
  );
  await expect(page.getByTestId('upload-queue')).not.toContainText('fake.svs');
  expect(sent).toBe(0);

  // An empty folder is said to be empty, in place of the last choice's refusals.
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-empty-folder-'));
  await page.getByTestId('upload-folder-input').setInputFiles(empty);
  await expect(refused).toContainText('The chosen folder holds no files');
  await expect(refused).not.toContainText('notes.txt');
  fs.rmSync(empty, { recursive: true });

  // A single upload takes one slide: a folder holding several is refused whole.
  await page.keyboard.press('Escape');
  await page.getByTestId('imagery-upload-single').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await expect(page.getByTestId('upload-file-input')).not.toHaveAttribute('multiple');
  await page.getByTestId('upload-folder-input').setInputFiles(SLIDES);
  await expect(page.getByTestId('upload-refused')).toContainText('A single upload takes one slide');
  // The folder's other files are named, not dropped in silence.
  await expect(page.getByTestId('upload-skipped')).toContainText(
    '2 files in the folder are not slides and were left out',
  );
  await expect(page.getByTestId('upload-skipped')).toContainText('MANIFEST.md');
  await expect(page.getByTestId('upload-queue')).not.toContainText('small.svs');
  expect(sent).toBe(0);
});

test('a folder holding the files of one DICOM series uploads as one slide', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SQ${RUN}`);
  // A scanner's export: one folder per slide, its instances as files (two of one series here),
  // and a note beside them.
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pc-dicom-')), `Scan${RUN}`);
  fs.mkdirSync(folder);
  fs.copyFileSync(path.join(SLIDES, 'small_dicom.dcm'), path.join(folder, 'level-0.dcm'));
  fs.copyFileSync(path.join(SLIDES, 'small_dicom.dcm'), path.join(folder, 'level-0-copy.dcm'));
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'scanned today');
  const name = `Scan${RUN}.dcm`;
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);

  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-folder-input').setInputFiles(folder);
  const item = page.getByTestId(`upload-item-${name}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('Waiting');
  await expect(page.getByTestId('upload-skipped')).toContainText('notes.txt');
  await page.getByTestId('upload-start').click();
  const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${name}`);
  await expect(finished.getByTestId('upload-item-state')).toHaveText('Uploaded', {
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`imagery-state-${name}`)).toHaveText('Uploaded');
  // One slide of both files, read by the slide engine.
  const slides = await slidesOf(request, token, id);
  expect(slides).toHaveLength(1);
  expect(slides[0]).toMatchObject({
    strFileName: name,
    ddUploadState: { iNumber: 1 },
    lSize: 2 * fs.statSync(path.join(SLIDES, 'small_dicom.dcm')).size,
  });
  await expect
    .poll(async () => ((await slidesOf(request, token, id))[0] as { iWidth?: number }).iWidth, {
      timeout: 20_000,
    })
    .toBe(3236);
});

test('a slide the slide engine cannot read ends failed in the queue, with why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SF${RUN}`);
  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);

  // A real SVS cut short: it passes the content check (a TIFF header) and uploads whole, but
  // the slide engine cannot read it.
  const cut = fs.readFileSync(SLIDE).subarray(0, 300 * 1024);
  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page
    .getByTestId('upload-file-input')
    .setInputFiles({ name: 'cut.svs', mimeType: 'application/octet-stream', buffer: cut });
  await page.getByTestId('upload-start').click();
  const item = page.getByTestId('upload-finished').getByTestId('upload-item-cut.svs');
  await expect(item.getByTestId('upload-item-state')).toHaveText('Failed', { timeout: 30_000 });
  await expect(item.getByTestId('upload-item-reason')).toContainText('cannot be read');
  // A screen reader hears the slide engine's verdict, not the queue's "uploaded" before it.
  await expect(page.getByTestId('upload-announcer')).toHaveText('cut.svs: Failed');
  await expect(page.getByTestId('upload-all-done')).toHaveText(
    'Queue empty. In the finished list: 0 uploaded, 1 failed',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('imagery-state-cut.svs')).toHaveText('Failed');
  await expect(page.getByTestId('imagery-state-cut.svs-reason')).toContainText('cannot be read');
  // The tab's count does not pass it off as a slide to read.
  await expect(page.getByTestId('imagery-count')).toHaveText('1 slide, 1 failed');

  // Opened in the viewer anyway (a bookmark, a link): it says so, with a way back.
  const failed = (await slidesOf(request, token, id)).find((s) => s.strFileName === 'cut.svs')!;
  await page.goto(`/?lang=en#/ShowSlide?id=${failed.iSlideDocumentId}`);
  const notReady = page.getByTestId('viewer-not-ready');
  await expect(notReady).toContainText('could not be read');
  await expect(notReady.getByTestId('viewer-not-ready-name')).toHaveText('cut.svs');
  await expect(notReady).toContainText("The case's slide list says why");
  // Trying again cannot help a failed slide: only the way back is offered.
  await expect(notReady.getByTestId('viewer-retry')).toHaveCount(0);
  // Switched to Chinese, the server's reason on screen follows (it stayed in English).
  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-zh').click();
  await expect(notReady).toContainText('切片上传失败或无法读取，不能浏览');
  await expect(notReady).toContainText('病例的切片列表会说明原因');
  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-en').click();
  await notReady.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('case-imagery')).toBeVisible();
  await expect(page.getByTestId('imagery-state-cut.svs-reason')).toContainText('cannot be read');
  // The list's reason, which the server writes, follows a switch of language too (it stayed in
  // the old one until a reload).
  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-zh').click();
  await expect(page.getByTestId('imagery-state-cut.svs-reason')).toContainText('无法读取该切片');
  await expect(page.getByTestId('imagery-count')).toHaveText('共 1 张切片，1 张失败');
});

test('the same scan uploaded twice under two names is pointed out in the queue and the Imagery tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `SD${RUN}`);
  await logIn(page, DOCTOR);
  await openImagery(page, id);

  const bytes = fs.readFileSync(path.join(SLIDES, 'small.svs'));
  for (const name of ['HE-1.svs', 'HE-1 copy.svs']) {
    await page.getByTestId('imagery-upload-batch').click();
    await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
    await page
      .getByTestId('upload-file-input')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
    await page.getByTestId('upload-start').click();
    const item = page.getByTestId('upload-finished').getByTestId(`upload-item-${name}`);
    await expect(item.getByTestId('upload-item-state')).toHaveText('已上传', { timeout: 30_000 });
    // Said where the upload ends, not only in the case's list: the copy, not the first.
    if (name === 'HE-1 copy.svs') {
      await expect(item.getByTestId('upload-item-same-file')).toHaveText(
        '与本病例已有的“HE-1.svs”逐字节相同，是同一次扫描上传了两次。如非有意，请在病例的“切片文件”页签中删除其中一张。',
      );
      const first = page.getByTestId('upload-finished').getByTestId('upload-item-HE-1.svs');
      await expect(first.getByTestId('upload-item-same-file')).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
  }
  await expect(page.getByTestId('imagery-same-HE-1 copy.svs')).toHaveText('与 HE-1.svs 是同一文件');
  await expect(page.getByTestId('imagery-same-HE-1.svs')).toHaveCount(0);

  // The copy deleted here, then the other renamed elsewhere (through the API, while the panel is
  // closed): opened again, the upload panel's finished list says so, under the name the slide
  // has now, instead of "uploaded" under the old one.
  // Enter in the dialog does not delete: the focus starts on Cancel.
  await page.getByTestId('imagery-delete-HE-1 copy.svs').click();
  await expect(page.getByTestId('imagery-delete-confirm')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('imagery-delete-confirm')).toBeHidden();
  await expect(page.getByTestId('imagery-view-HE-1 copy.svs')).toBeVisible();
  await page.getByTestId('imagery-delete-HE-1 copy.svs').click();
  await page.getByTestId('imagery-delete-confirm').click();
  await expect(page.getByTestId('imagery-view-HE-1 copy.svs')).toHaveCount(0);
  await page.getByTestId('upload-open').click();
  const finished = page.getByTestId('upload-finished');
  const copy = finished.getByTestId('upload-item-HE-1 copy.svs');
  await expect(copy.getByTestId('upload-item-state')).toHaveText('已删除');
  const original = finished.getByTestId('upload-item-HE-1.svs');
  await expect(original.getByTestId('upload-item-name')).toHaveText('HE-1.svs');
  await page.keyboard.press('Escape');
  await expect(finished).toBeHidden();
  const listed = (await (
    await request.get(`/api/slideDocument/selectSlideDocumentByPatient?iPatientId=${id}`, {
      headers: { token },
    })
  ).json()) as Envelope<{ listSlideDocument: { iSlideDocumentId: number; strFileName: string }[] }>;
  const first = listed.objData.listSlideDocument.find((s) => s.strFileName === 'HE-1.svs')!;
  const renamed = await post(request, token, 'slideDocument/updateSlideDocument', {
    iSlideDocumentId: first.iSlideDocumentId,
    strFileName: 'HE-1 block A.svs',
  });
  expect(renamed.iCode, JSON.stringify(renamed)).toBe(0);
  await page.getByTestId('upload-open').click();
  await expect(copy.getByTestId('upload-item-state')).toHaveText('已删除');
  await expect(original.getByTestId('upload-item-name')).toHaveText('HE-1 block A.svs');
  await expect(original.getByTestId('upload-item-renamed')).toHaveText(
    '已改名；上传时名为 HE-1.svs',
  );
  await expect(original.getByTestId('upload-item-state')).toHaveText('已上传');
});

/**
 * In the queue a Continue upload opened: the test slide chosen again (the panel's note of the
 * unfinished upload goes) and started, until the
 * queue says it is uploaded (`uploaded`, in the page's language); then the panel is closed.
 * `chunks()` counts the chunks sent meanwhile.
 */
async function chooseAgainAndFinish(page: Page, uploaded: string) {
  let chunks = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/slideDocument/fileUploadHandler')) {
      chunks += 1;
    }
  });
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  // Chosen again: the queue's row speaks for it, the panel's note of it is gone.
  await expect(page.getByTestId('upload-unfinished')).toHaveCount(0);
  await page.getByTestId('upload-start').click();
  await expect(page.getByTestId(`upload-item-${NAME}`).getByTestId('upload-item-state')).toHaveText(
    uploaded,
    { timeout: 30_000 },
  );
  await page.keyboard.press('Escape');
  return () => chunks;
}

test('an upload begun in a browser since closed continues from its row in the Slide files tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `CU${RUN}`;
  const id = await addCase(request, token, num);
  const docId = await beginUpload(request, token, { iPatientId: id }, NAME, NAME);

  await logIn(page, DOCTOR, '?lang=en');
  await openImagery(page, id);
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText('Uploading 54%');
  // It used to offer Delete alone: now the way on.
  await page.getByTestId(`imagery-continue-${NAME}`).click();
  await expect(page.locator('.ant-message')).toContainText(
    `Choose “${NAME}” again in the upload queue: it continues from 54%, where it stopped`,
  );
  await expect(page.getByTestId('upload-target')).toContainText(num);
  // The panel keeps saying which file to choose (the toast is gone in a second or two).
  await expect(page.getByTestId('upload-unfinished')).toContainText(
    'An upload of yours in this case is not finished: choose its file again below',
  );
  // Begun a moment ago: it says when data last came rather than that it stopped.
  await expect(page.getByTestId(`upload-unfinished-${NAME}`)).toHaveText(
    `“${NAME}”, 54% received, the last data less than two minutes ago`,
  );
  const chunks = await chooseAgainAndFinish(page, 'Uploaded');
  await expect(page.getByTestId(`imagery-state-${NAME}`)).toHaveText(/^(Processing|Uploaded)$/);
  await expect(page.getByTestId(`imagery-continue-${NAME}`)).toHaveCount(0);
  // Only what the server lacked went again: the second and last chunk.
  expect(chunks()).toBe(1);
  const [row] = await slidesOf(request, token, id);
  expect(row?.iSlideDocumentId).toBe(docId);
});

test('an upload by number begun in a browser since closed continues from slide management', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `CM${RUN}`;
  const docId = await beginUpload(request, token, { strDiagnosistNum: num }, NAME, NAME);

  await logIn(page, DOCTOR);
  await openFromMenu(page, '/sliceManage');
  const row = page.getByTestId(`slide-row-${NAME}`).filter({ hasText: num });
  await expect(row.getByTestId('slide-upload-state')).toHaveText('上传中 54%');
  // It offered Match and Delete alone: now the way on.
  await row.getByTestId(`slide-continue-${NAME}`).click();
  await expect(page.locator('.ant-message')).toContainText(
    `请在上传队列中再次选择“${NAME}”，将从中断处（54%）继续上传`,
  );
  await expect(page.getByTestId('upload-target')).toContainText(num);
  await expect(page.getByTestId('upload-unfinished')).toContainText(
    '您在此病理号下有 1 个未完成的上传：在下方再次选择对应文件，即从中断处继续',
  );
  await expect(page.getByTestId(`upload-unfinished-${NAME}`)).toHaveText(
    `“${NAME}”，已接收 54%，最后一次收到数据在两分钟内`,
  );
  const chunks = await chooseAgainAndFinish(page, '已上传');
  await expect(row.getByTestId(`slide-continue-${NAME}`)).toHaveCount(0);
  // Only what the server lacked went again, into the same slide.
  expect(chunks()).toBe(1);
  const listed = await request.get(
    `/api/slideDocument/selectSlideDocumentByType?iCurPage=1&iPageSize=10&iNumMatch=1&strDiagnosistNum=${num}`,
    { headers: { token } },
  );
  const { listPage } = ((await listed.json()) as { objData: { listPage: SlideRow[] } }).objData;
  expect(listPage.map((s) => s.iSlideDocumentId)).toEqual([docId]);
});

test('a copy of the file on another computer continues the upload at once; another file of its name is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `CO${RUN}`;
  const id = await addCase(request, token, num);
  const docId = await beginUpload(request, token, { iPatientId: id }, NAME, NAME);
  let chunks = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/slideDocument/fileUploadHandler')) {
      chunks += 1;
    }
  });

  await logIn(page, DOCTOR);
  await openImagery(page, id);
  await page.getByTestId(`imagery-continue-${NAME}`).click();
  const bytes = fs.readFileSync(SLIDE);
  const input = page.getByTestId('upload-file-input');
  // Another file of the name (another size): refused when chosen, not after Start.
  await input.setInputFiles({
    name: NAME,
    mimeType: 'application/octet-stream',
    buffer: bytes.subarray(0, bytes.length - 1000),
  });
  await expect(page.getByTestId(`upload-refused-${NAME}`)).toContainText(
    `未完成的上传“${NAME}”是另一个文件（上传时的文件名、大小或所含文件不同）`,
  );
  await expect(page.getByTestId(`upload-item-${NAME}`)).toHaveCount(0);
  // The same bytes with another modification time (a copy on another computer): it reads as
  // the upload it continues, at the server's share, before anything is sent.
  await input.setInputFiles({ name: NAME, mimeType: 'application/octet-stream', buffer: bytes });
  const item = page.getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('等待中');
  await expect(item.getByTestId('upload-item-progress')).toContainText('54%');
  await expect(item.getByTestId('upload-item-continued')).toHaveText(
    '继续此前开始的上传：先核对服务器已有的部分与此文件一致，再只发送其余部分',
  );
  expect(chunks).toBe(0);
  await page.getByTestId('upload-start').click();
  await expect(item.getByTestId('upload-item-state')).toHaveText('已上传', { timeout: 30_000 });
  // Only what the server lacked went: the second and last chunk, into the same slide.
  expect(chunks).toBe(1);
  const [row] = await slidesOf(request, token, id);
  expect(row?.iSlideDocumentId).toBe(docId);
});

test('a refusal kept in the queue reads in the language chosen since', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A hospital of its own with 1 MB of storage (0.001 GB): the 1.85 MB slide does not fit.
  const admin = await tokenOf(request, ADMIN);
  const added = await post<{ iHospitalId: number }>(request, admin, 'hospitalManage/addHospital', {
    strHospitalName: `E2E Small Storage ${RUN}`,
    strContactName: 'Zhou',
    strContactMobile: '13800003333',
    ddIsDiagnosis: { iNumber: 0 },
    dtValidUntil: '2099-12-31',
    dTotalMemory: 0.001,
  });
  expect(added.iCode, added.strMessage).toBe(0);
  const doctor = { name: `e2e_small_${RUN}`, password: 'Small#2026' };
  const user = await post(request, admin, 'userManage/addUser', {
    strUserName: doctor.name,
    strUserPassword: doctor.password,
    strRealName: '周医生',
    strMobile: `139${RUN.padStart(8, '0')}`,
    ddRoleType: { iNumber: 3 },
    hospital: { iHospitalId: added.objData.iHospitalId },
  });
  expect(user.iCode, user.strMessage).toBe(0);
  const id = await addCase(request, await tokenOf(request, doctor), `QL${RUN}`);
  let chunks = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/slideDocument/fileUploadHandler')) {
      chunks += 1;
    }
  });
  await logIn(page, doctor);
  await openImagery(page, id);

  await page.getByTestId('imagery-upload-batch').click();
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  // Chosen from the keyboard: the button keeps the focus (switched off while the files were
  // read, it lost it to the page).
  await page.getByTestId('upload-choose-files').focus();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  const item = page.getByTestId(`upload-item-${NAME}`);
  await expect(item).toBeVisible();
  await expect(page.getByTestId('upload-choose-files')).toBeFocused();
  // Said as soon as the slide is queued, before Start and before the slides that do not fit
  // stop one by one.
  const shortOf = page.getByTestId('upload-short-of-storage');
  await expect(shortOf).toContainText('待上传的切片（1.85 MB）超过本院剩余存储容量（1.02 MB）');
  expect(chunks).toBe(0);
  await page.getByTestId('upload-start').click();
  await expect(item.getByTestId('upload-item-state')).toHaveText('存储空间不足');
  // Still true, and still said; nothing was sent, so the button starts (it does not "resume").
  await expect(shortOf).toBeVisible();
  await expect(page.getByTestId('upload-start')).toHaveText('开始上传');
  expect(chunks).toBe(0);
  await expect(item.getByTestId('upload-item-reason')).toHaveText(
    '切片大小超出本院剩余存储容量（剩余 1.02 MB）',
  );
  // What to do next: nothing retries by itself once storage is freed. Nothing was sent, so it
  // does not promise that what was sent is kept.
  await expect(item.getByTestId('upload-item-storage-next')).toHaveText(
    '在切片管理中删除切片释放空间，或由管理员扩容后，再次开始上传即可。',
  );
  await page.keyboard.press('Escape');

  // In English now: the reason the server gave in Chinese reads in English.
  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-en').click();
  await page.getByTestId('upload-open').click();
  await expect(item.getByTestId('upload-item-state')).toHaveText('Not enough storage');
  await expect(item.getByTestId('upload-item-storage-next')).toHaveText(
    'Once storage is freed (by deleting slides in slide management) or enlarged by an administrator, start the upload again.',
  );
  const english = 'The slide exceeds your hospital’s remaining storage (1.02 MB left)';
  await expect(item.getByTestId('upload-item-reason')).toHaveText(english);
  await expect(shortOf).toContainText(
    'The slides waiting (1.85 MB) are more than the storage left (1.02 MB)',
  );
  await expect(page.getByTestId('upload-start')).toHaveText('Start');
  // (Kept across a reload by its parts too: persisted-queue.test.ts. After a reload this paused
  // item asks for its file again instead.)
});

test('the header’s Upload on a case screen opens the queue for that case; elsewhere it says where', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `UH${RUN}`;
  const id = await addCase(request, token, num, '刘敏');
  await logIn(page, DOCTOR);

  // On the case's report tab (not its Slide files tab): the drop zone for this case.
  await page.goto(`/#/case/report-info?iPatientId=${id}`);
  await expect(page.getByTestId('case-detail-tabs')).toBeVisible();
  await page.getByTestId('upload-open').click();
  await expect(page.getByTestId('upload-target')).toHaveText(`批量上传切片 · 病例 ${num} · 刘敏`);
  await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  const item = page.getByTestId(`upload-item-${NAME}`);
  await expect(item.getByTestId('upload-item-state')).toHaveText('等待中');
  await page.getByTestId('upload-start').click();
  await expect(
    page
      .getByTestId('upload-finished')
      .getByTestId(`upload-item-${NAME}`)
      .getByTestId('upload-item-state'),
  ).toHaveText('已上传', { timeout: 30_000 });
  const slides = await slidesOf(request, token, id);
  expect(slides.map((s) => s.strFileName)).toEqual([NAME]);
  await page.keyboard.press('Escape');

  // The name it holds now is refused for this case in the header's panel too.
  await page.getByTestId('upload-open').click();
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  // The reason names the file: it is not named again before it.
  await expect(page.getByTestId(`upload-refused-${NAME}`)).toHaveText(
    `该病理号下已有名为“${NAME}”的切片（已上传或正在上传）`,
  );
  await expect(page.getByTestId('upload-queue').getByTestId(`upload-item-${NAME}`)).toHaveCount(0);

  // The browser's Back leaves the case: the header's panel stays open and follows the screen
  // shown, so it names no case any more; Forward brings the case back into it.
  await page.goBack();
  await expect(page.getByTestId('case-detail-tabs')).toHaveCount(0);
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  await expect(page.getByTestId('upload-target')).toHaveCount(0);
  await expect(page.getByTestId('upload-panel')).toContainText(
    '如需添加切片，请打开病例的“切片文件”页签',
  );
  await page.goForward();
  await expect(page.getByTestId('upload-target')).toHaveText(`批量上传切片 · 病例 ${num} · 刘敏`);
  await page.keyboard.press('Escape');

  // The Slide files tab's own "Upload one slide" is for this screen: Back closes that panel.
  await page.getByTestId('case-tab-Imagery-info').click();
  await page.getByTestId('imagery-upload-single').click();
  await expect(page.getByTestId('upload-target')).toHaveText(`上传单张切片 · 病例 ${num} · 刘敏`);
  await page.goBack();
  await expect(page.getByTestId('upload-panel')).toBeHidden();

  // Away from the case (its list), in English: no case to upload to, the panel says where.
  await openAccountMenu(page);
  await page.getByTestId('account-lang').click();
  await page.getByTestId('account-lang-en').click();
  await openFromMenu(page, '/sliceManage');
  await expect(page.getByTestId('case-detail-tabs')).toHaveCount(0);
  await page.getByTestId('upload-open').click();
  await expect(page.getByTestId('upload-target')).toHaveCount(0);
  await expect(page.getByTestId('upload-panel')).toContainText(
    'To add slides, open a case’s Slide files tab',
  );
  await expect(page.getByTestId('upload-choose-files')).toHaveCount(0);
});

test('a long scanner file name is shown whole in the queue on a phone, which offers no drag and drop or folders and writes out what a state means', async ({
  browser,
  request,
}) => {
  const token = await tokenOf(request, DOCTOR);
  const id = await addCase(request, token, `UP${RUN}`);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    const page = await phone.newPage();
    await logIn(page, DOCTOR);
    await openImagery(page, id);
    // The header's Upload is its icon, named for screen readers, and the site's name takes up to
    // two lines: it was cut to "PathCo…". Now the name is whole.
    await expect(page.getByTestId('upload-open')).toHaveAccessibleName('上传');
    await expect(page.getByTestId('upload-open')).toHaveText('');
    const title = page.getByTestId('header-site-title');
    await expect(title).toHaveText('PathConsult 远程病理会诊平台');
    await expectWholeText(title);
    await page.getByTestId('imagery-upload-batch').click();
    await expect(page.getByTestId('upload-choose-files')).toBeEnabled();
    // A phone neither drags files nor chooses folders: the panel says to choose files.
    await expect(page.getByTestId('upload-drop')).toContainText('选择要上传的切片文件');
    await expect(page.getByTestId('upload-choose-folder')).toHaveCount(0);
    // Nor is it told to choose a folder: slides of several files are sent from a computer.
    await expect(page.getByTestId('upload-drop')).toContainText('请在电脑上上传');
    await expect(page.getByTestId('upload-drop')).not.toContainText('请选择其所在文件夹');
    // Names of the same scanner differ at their end: the block, the stain, the level.
    const long = '2026-11-29_HOSPITAL-A_S2026-004512_block-A3_HE_scan-level-2.svs';
    await page.getByTestId('upload-file-input').setInputFiles({
      name: long,
      mimeType: 'application/octet-stream',
      buffer: fs.readFileSync(SLIDE),
    });
    await expectToastBelowDrawerTitle(page, '已将 1 张切片加入队列');
    const name = page.getByTestId(`upload-item-${long}`).getByTestId('upload-item-name');
    await expect(name).toHaveText(long);
    // Wrapped, not cut: nothing of it hidden, and all of it on the screen.
    const box = await name.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      return { right: rect.right, hidden: el.scrollWidth > el.clientWidth };
    });
    expect(box.hidden).toBe(false);
    expect(box.right).toBeLessThanOrEqual(390);

    // A state that explains itself on hover (deleted since its upload, here) says so on the
    // screen: a phone has no hover, and the tooltip opened by itself where a tap had just been.
    await page.getByTestId('upload-start').click();
    const finished = page.getByTestId('upload-finished').getByTestId(`upload-item-${long}`);
    await expect(finished.getByTestId('upload-item-state')).toHaveText('已上传', {
      timeout: 30_000,
    });
    // Read by the slide engine, it opens from here.
    await expect(finished.getByTestId(`upload-view-${long}`)).toHaveText('查看');
    await page.keyboard.press('Escape');
    const [stored] = await slidesOf(request, token, id);
    const removed = await post(request, token, 'slideDocument/deleteSlideDocument', {
      listSlideDocument: [{ iSlideDocumentId: stored!.iSlideDocumentId }],
    });
    expect(removed.iCode, JSON.stringify(removed)).toBe(0);
    await page.getByTestId('upload-open').click();
    await expect(finished.getByTestId('upload-item-state')).toHaveText('已删除');
    await expect(finished.getByTestId('upload-item-state-hint')).toHaveText(
      '此切片在上传完成后已被删除；清空列表前仍列在这里。',
    );
    await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
  } finally {
    await phone.close();
  }
});

test('uploading by the number of a case the doctor has sends the slides to the case itself', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, DOCTOR);
  const num = `UN${RUN}`;
  const caseId = await addCase(request, token, num, 'Chen Jing');
  // A second case, already sent to the expert: its slides can no longer change.
  const lockedNum = `UL${RUN}`;
  const locked = await addCase(request, token, lockedNum);
  await uploadCaseSlide(request, token, locked, 'small.svs', 'small.svs');
  const expert = await tokenOf(request, EXPERT);
  const sent = await post(request, token, 'patient/addPatientReceive', {
    listPatient: [{ iPatientId: locked }],
    listUser: [{ iUserId: await userIdOf(request, expert) }],
  });
  expect(sent.iCode, sent.strMessage).toBe(0);

  await logIn(page, DOCTOR, '?lang=en');
  await openFromMenu(page, '/sliceManage');
  const byNumber = async (value: string) => {
    await page.getByTestId('slide-upload-number').click();
    await expect(page.getByTestId('slide-upload-number-modal')).toBeVisible();
    await page.locator('#slideUploadNumber_strDiagnosistNum').fill(value);
    await page.getByTestId('slide-upload-number-submit').click();
  };

  // Typed in other letters' case, the number is the case's: the queue takes the slide for it.
  await byNumber(num.toLowerCase());
  await expect(page.getByTestId('upload-target')).toHaveText(
    `Upload slides · Case ${num} · Chen Jing`,
  );
  await expect(page.getByTestId('upload-case-found')).toHaveText(
    `A case of pathology number ${num} already exists: these slides go straight to it.`,
  );
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await page.getByTestId('upload-start').click();
  await expect(
    page
      .getByTestId('upload-finished')
      .getByTestId(`upload-item-${NAME}`)
      .getByTestId('upload-item-state'),
  ).toHaveText('Uploaded', { timeout: 30_000 });
  // In the case, not left unmatched.
  expect((await slidesOf(request, token, caseId)).map((s) => s.strFileName)).toEqual([NAME]);
  await page.keyboard.press('Escape');

  // Again by number: the name the case holds is refused when chosen, before anything is sent.
  await byNumber(num);
  await page.getByTestId('upload-file-input').setInputFiles(SLIDE);
  await expect(page.getByTestId(`upload-refused-${NAME}`)).toContainText(
    `A slide named “${NAME}” already exists for this pathology number`,
  );
  await page.keyboard.press('Escape');

  // The submitted case's number is refused in the dialog, which stays open.
  await byNumber(lockedNum);
  await expect(page.getByTestId('slide-upload-number-modal')).toContainText(
    `Case ${lockedNum} has been submitted: its slides can no longer change`,
  );
  await expect(page.getByTestId('upload-panel')).toBeHidden();

  // Cancelled, or the screen left, while the number is still being looked up: the late answer
  // opens no queue over whatever the doctor does now.
  // The route itself says when the lookup is asked and when its answer reached the page, so the
  // test does not depend on request events.
  let asked = gate();
  let release = gate();
  let answered = gate();
  await page.route('**/api/slideDocument/getCaseByNumber**', async (route) => {
    asked.release();
    await release.held;
    await route.fulfill({ response: await route.fetch() });
    answered.release();
  });
  const submit = page.getByTestId('slide-upload-number-submit');
  const lateAnswer = async (leave: () => Promise<void>) => {
    asked = gate();
    release = gate();
    answered = gate();
    await expect(submit).not.toHaveClass(/ant-btn-loading/);
    await page.locator('#slideUploadNumber_strDiagnosistNum').fill(num);
    await submit.click();
    // The form was submitted: its button spins while the number is looked up.
    await expect(submit).toHaveClass(/ant-btn-loading/);
    await asked.held;
    await leave();
    release.release();
    await answered.held;
    // Time for what the answer would set off (the case's slides are read, then the panel).
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('upload-panel')).toBeHidden();
  };
  await lateAnswer(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('slide-upload-number-modal')).toBeHidden();
  });
  await page.getByTestId('slide-upload-number').click();
  await lateAnswer(async () => {
    await page.evaluate(() => {
      window.location.hash = '#/workplace';
    });
    await expect(page.getByTestId('slide-upload-number-modal')).toBeHidden();
  });
});
