import { describe, expect, it } from 'vitest';
import {
  bytesLeftToSend,
  canCancel,
  emptyQueue,
  isStorageRefusal,
  nextItem,
  percentOf,
  queueReducer,
  queueTotals,
  restoredQueue,
  resumableItem,
  splitQueue,
  statusOf,
  type QueueAction,
  type QueueItem,
  type QueueState,
} from './queue';

const CASE = { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: 'Wang' };

function item(iFileId: number, over: Partial<QueueItem> = {}): QueueItem {
  return {
    iFileId,
    strFileName: `s${iFileId}.svs`,
    lSize: 100,
    lLastModified: 1000,
    listFileSliceInfo: null,
    target: CASE,
    iUploadType: 1,
    iSlideDocumentId: null,
    state: 'waiting',
    lProgress: 0,
    reason: null,
    bNeedsFiles: false,
    dtAdded: 1,
    dtFinished: null,
    ...over,
  };
}

const run = (state: QueueState, ...actions: QueueAction[]) => actions.reduce(queueReducer, state);
const stateOf = (s: QueueState, id: number) => s.items.find((i) => i.iFileId === id)?.state;

describe('upload queue state machine (spec §4 "Upload")', () => {
  const queued = run(emptyQueue, { type: 'add', items: [item(1), item(2)] });

  it('goes waiting → uploading → uploaded, and uploaded is status 1', () => {
    const s = run(
      queued,
      { type: 'start' },
      { type: 'begin', iFileId: 1 },
      { type: 'registered', iFileId: 1, iSlideDocumentId: 50, lProgress: 20 },
      { type: 'progress', iFileId: 1, lProgress: 60 },
    );
    expect(s.uploading).toBe(true);
    const uploading = s.items[0]!;
    expect(uploading).toMatchObject({ state: 'uploading', iSlideDocumentId: 50, lProgress: 60 });
    expect(statusOf(uploading)).toBe(0);
    const done = run(s, { type: 'uploaded', iFileId: 1, at: 99 });
    expect(done.items[0]).toMatchObject({ state: 'uploaded', lProgress: 100, dtFinished: 99 });
    expect(statusOf(done.items[0]!)).toBe(1);
  });

  it('stop pauses the uploading item and clears the flag; start lets it wait again', () => {
    const stopped = run(queued, { type: 'start' }, { type: 'begin', iFileId: 1 }, { type: 'stop' });
    expect(stopped.uploading).toBe(false);
    expect(stateOf(stopped, 1)).toBe('paused');
    expect(stateOf(stopped, 2)).toBe('waiting');
    const again = run(stopped, { type: 'start' });
    expect(stateOf(again, 1)).toBe('waiting');
    expect(nextItem(again)?.iFileId).toBe(1);
  });

  it('a paused item gives back the bytes its cut-off chunks had on the wire, and gains none', () => {
    const stopped = run(
      queued,
      { type: 'start' },
      { type: 'begin', iFileId: 1 },
      { type: 'progress', iFileId: 1, lProgress: 62 },
      { type: 'stop' },
    );
    expect(stopped.items[0]).toMatchObject({ state: 'paused', lProgress: 62 });
    const givenBack = run(stopped, { type: 'progress', iFileId: 1, lProgress: 54 });
    expect(givenBack.items[0]).toMatchObject({ state: 'paused', lProgress: 54 });
    expect(run(givenBack, { type: 'progress', iFileId: 1, lProgress: 70 })).toBe(givenBack);
    // The chunks its pause let finish add theirs.
    const wound = run(givenBack, {
      type: 'progress',
      iFileId: 1,
      lProgress: 70,
      bWindingDown: true,
    });
    expect(wound.items[0]).toMatchObject({ state: 'paused', lProgress: 70 });
  });

  it('a failure is final (status 1) and keeps its reason', () => {
    const s = run(
      queued,
      { type: 'begin', iFileId: 2 },
      { type: 'failed', iFileId: 2, reason: { text: 'not a slide' }, at: 5 },
    );
    expect(s.items[1]).toMatchObject({ state: 'failed', reason: { text: 'not a slide' } });
    expect(statusOf(s.items[1]!)).toBe(1);
    // Nothing moves it any more.
    expect(run(s, { type: 'begin', iFileId: 2 }, { type: 'uploaded', iFileId: 2, at: 6 })).toBe(s);
  });

  it('pauses by itself with a reason, and start retries it', () => {
    const s = run(
      queued,
      { type: 'start' },
      { type: 'begin', iFileId: 1 },
      { type: 'pausedByError', iFileId: 1, reason: { key: 'network' } },
    );
    expect(s.items[0]).toMatchObject({ state: 'paused', reason: { key: 'network' } });
    const again = run(s, { type: 'start' });
    expect(again.items[0]).toMatchObject({ state: 'waiting', reason: null });
  });

  it('cancels only while status is 0', () => {
    const s = run(queued, { type: 'begin', iFileId: 1 }, { type: 'uploaded', iFileId: 1, at: 2 });
    expect(canCancel(s.items[0]!)).toBe(false);
    expect(run(s, { type: 'cancel', iFileId: 1 })).toBe(s);
    expect(canCancel(s.items[1]!)).toBe(true);
    expect(run(s, { type: 'cancel', iFileId: 2 }).items.map((i) => i.iFileId)).toEqual([1]);
  });

  it('refuses transitions the state does not allow', () => {
    // A finished item stays as it ended (a waiting or paused one may complete: the chunk a
    // pause let finish).
    const failed = run(queued, {
      type: 'failed',
      iFileId: 1,
      reason: { key: 'verifyFailed' },
      at: 1,
    });
    expect(run(failed, { type: 'uploaded', iFileId: 1, at: 2 })).toBe(failed);
    expect(run(queued, { type: 'progress', iFileId: 1, lProgress: 5 })).toBe(queued);
    expect(run(queued, { type: 'begin', iFileId: 99 })).toBe(queued);
  });

  it('progress stays within the size', () => {
    const s = run(
      queued,
      { type: 'begin', iFileId: 1 },
      { type: 'progress', iFileId: 1, lProgress: 500 },
    );
    expect(s.items[0]!.lProgress).toBe(100);
  });

  it('moves finished items to the finished list, newest first, and clears them', () => {
    const s = run(
      run(emptyQueue, { type: 'add', items: [item(1), item(2), item(3)] }),
      { type: 'begin', iFileId: 1 },
      { type: 'uploaded', iFileId: 1, at: 10 },
      { type: 'begin', iFileId: 2 },
      { type: 'failed', iFileId: 2, reason: { key: 'verifyFailed' }, at: 20 },
    );
    const { active, finished } = splitQueue(s.items);
    expect(active.map((i) => i.iFileId)).toEqual([3]);
    expect(finished.map((i) => i.iFileId)).toEqual([2, 1]);
    expect(run(s, { type: 'clearFinished' }).items.map((i) => i.iFileId)).toEqual([3]);
  });

  it('totals count the batch under way: unfinished items and those finished meanwhile', () => {
    const items = [
      // Finished before this batch began: not counted.
      item(1, { state: 'uploaded', lProgress: 100, dtAdded: 1, dtFinished: 5 }),
      item(2, { lProgress: 40, dtAdded: 10 }),
      item(3, { lSize: 50, lProgress: 10, state: 'paused', dtAdded: 10 }),
      // Finished during this batch, uploaded or failed: counted whole.
      item(4, { state: 'uploaded', lProgress: 100, dtAdded: 10, dtFinished: 20 }),
      item(5, { state: 'failed', lSize: 30, lProgress: 7, dtAdded: 10, dtFinished: 30 }),
    ];
    expect(queueTotals(items)).toEqual({ lSize: 280, lProgress: 180 });
  });

  it('totals only move forward as the slides of a batch finish', () => {
    const at = (progress: number[], finished: number) =>
      queueTotals(
        progress.map((p, k) =>
          k < finished
            ? item(k, { state: 'uploaded', lProgress: 100, dtAdded: 1, dtFinished: 2 + k })
            : item(k, { lProgress: p, dtAdded: 1 }),
        ),
      );
    const before = at([100, 100, 30, 0], 0);
    const after = at([100, 100, 30, 0], 2);
    expect(before).toEqual({ lSize: 400, lProgress: 230 });
    expect(after).toEqual(before);
    // Everything finished: the batch is over, the panel says so instead of a bar.
    expect(at([100, 100], 2)).toEqual({ lSize: 0, lProgress: 0 });
  });

  it('percent reaches 100 only when everything is there', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(1, 3)).toBe(33);
  });
});

describe('queue after a page reload', () => {
  const saved = [
    item(1, { state: 'uploading', iSlideDocumentId: 9, lProgress: 30 }),
    item(2, { state: 'waiting' }),
    item(3, { state: 'uploaded', lProgress: 100 }),
  ];

  it('pauses what was not finished until its files are chosen again', () => {
    const s = restoredQueue(saved);
    expect(s.uploading).toBe(false);
    expect(s.items.map((i) => [i.state, i.bNeedsFiles])).toEqual([
      ['paused', true],
      ['paused', true],
      ['uploaded', false],
    ]);
    // Start has nothing to send while no file is there.
    expect(nextItem(run(s, { type: 'start' }))).toBeUndefined();
  });

  it('matches chosen files by case, name, size and modification time', () => {
    const s = restoredQueue(saved);
    const doc = { strFileName: 's1.svs', lSize: 100, lLastModified: 1000 };
    expect(resumableItem(s.items, CASE, doc)?.iFileId).toBe(1);
    expect(resumableItem(s.items, CASE, { ...doc, lSize: 101 })).toBeUndefined();
    expect(resumableItem(s.items, CASE, { ...doc, lLastModified: 1 })).toBeUndefined();
    expect(resumableItem(s.items, { ...CASE, iPatientId: 8 }, doc)).toBeUndefined();
    // A finished item is never resumed.
    expect(resumableItem(s.items, CASE, { ...doc, strFileName: 's3.svs' })).toBeUndefined();
  });

  it('the attached item goes on with its document id', () => {
    const s = run(restoredQueue(saved), { type: 'attach', iFileId: 1 }, { type: 'start' });
    expect(nextItem(s)).toMatchObject({ iFileId: 1, iSlideDocumentId: 9, state: 'waiting' });
  });

  it('a running queue takes up the attached item in its turn; a stopped one waits for Resume', () => {
    const running = run(restoredQueue(saved), { type: 'start' }, { type: 'attach', iFileId: 1 });
    expect(nextItem(running)).toMatchObject({ iFileId: 1, state: 'waiting' });
    const stopped = run(restoredQueue(saved), { type: 'attach', iFileId: 1 });
    expect(stopped.items[0]).toMatchObject({ state: 'paused', bNeedsFiles: false });
    expect(nextItem(stopped)).toBeUndefined();
  });
});

describe('storage refusals', () => {
  it('tell an item stopped by the hospital’s storage from one paused otherwise', () => {
    const refusal = (code: string) => ({
      text: 'x',
      message: { code, params: {}, messageParams: {} },
    });
    expect(isStorageRefusal(refusal('CAPACITY_USED_UP'))).toBe(true);
    expect(isStorageRefusal(refusal('SLIDE_EXCEEDS_CAPACITY'))).toBe(true);
    expect(isStorageRefusal(refusal('SLIDE_CONTENT_MISMATCH'))).toBe(false);
    expect(isStorageRefusal({ key: 'network' })).toBe(false);
    expect(isStorageRefusal({ text: 'capacity' })).toBe(false);
    expect(isStorageRefusal(null)).toBe(false);
  });
});

describe('bytes left to send', () => {
  it('counts the slide on the wire and those waiting, not those paused, finished or elsewhere', () => {
    const items = [
      item(1, { state: 'uploading', lSize: 100, lProgress: 40 }),
      item(2, { state: 'waiting', lSize: 50 }),
      item(3, {
        state: 'paused',
        lSize: 2_000,
        reason: {
          text: 'x',
          message: { code: 'SLIDE_EXCEEDS_CAPACITY', params: {}, messageParams: {} },
        },
      }),
      item(4, { state: 'waiting', lSize: 70, bNeedsFiles: true }),
      item(5, { state: 'paused', lSize: 80, reason: { key: 'otherTab' } }),
      item(6, { state: 'uploaded', lSize: 90, lProgress: 90 }),
    ];
    expect(bytesLeftToSend(items)).toBe(60 + 50);
  });
});
