import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import {
  NOTHING_KNOWN,
  finishedBefore,
  finishedOutcome,
  idsToFollow,
  isSlideListKey,
  readSince,
  withAnswer,
} from './finished-outcome';
import type { QueueItem } from './queue';

const status = (
  state: number,
  bProcessing = false,
  strFailReason: string | null = null,
  strSameFileAs: string | null = null,
) => ({
  strFileName: 'a.svs',
  strDiagnosistNum: 'P-1',
  ddUploadState: { iNumber: state },
  bProcessing,
  strFailReason,
  strSameFileAs,
});

const renamedTo = null;
const numberNow = null;
const sameFileAs = null;

describe('finishedOutcome', () => {
  const item = {
    state: 'uploaded' as const,
    strFileName: 'a.svs',
    target: { iPatientId: null, strDiagnosistNum: 'P-1', strPatientName: '' },
  };

  it('reads as processing while its first answer is on its way, uploaded if none comes', () => {
    expect(finishedOutcome(item, undefined, false, true).state).toBe('processing');
    expect(finishedOutcome(item, undefined, false, false).state).toBe('uploaded');
    // The answer decides once it is there.
    expect(finishedOutcome(item, status(SlideUploadState.Uploaded), true, true).state).toBe(
      'uploaded',
    );
    expect(finishedOutcome(item, undefined, true, true).state).toBe('removed');
  });

  it('follows the slide engine after the bytes arrived', () => {
    expect(finishedOutcome(item, undefined)).toEqual({
      state: 'uploaded',
      reason: null,
      renamedTo,
      numberNow,
      sameFileAs,
    });
    expect(finishedOutcome(item, status(SlideUploadState.Uploaded, true))).toEqual({
      state: 'processing',
      reason: null,
      renamedTo,
      numberNow,
      sameFileAs,
    });
    expect(finishedOutcome(item, status(SlideUploadState.Uploaded))).toEqual({
      state: 'uploaded',
      reason: null,
      renamedTo,
      numberNow,
      sameFileAs,
    });
    expect(
      finishedOutcome(item, status(SlideUploadState.Failed, false, 'The slide cannot be read')),
    ).toEqual({
      state: 'failed',
      reason: 'The slide cannot be read',
      renamedTo,
      numberNow,
      sameFileAs,
    });
  });

  it('names the slide of its case it repeats byte for byte, once read', () => {
    expect(
      finishedOutcome(item, status(SlideUploadState.Uploaded, false, null, 'scan-1.svs')),
    ).toMatchObject({ state: 'uploaded', sameFileAs: 'scan-1.svs' });
    expect(
      finishedOutcome(item, status(SlideUploadState.Uploaded, true, null, 'scan-1.svs')),
    ).toMatchObject({ state: 'processing', sameFileAs: 'scan-1.svs' });
  });

  it('keeps a failure of the queue itself as it is', () => {
    expect(finishedOutcome({ ...item, state: 'failed' }, undefined)).toEqual({
      state: 'failed',
      reason: null,
      renamedTo,
      numberNow,
      sameFileAs,
    });
  });

  it('says when the slide was renamed or deleted since', () => {
    expect(
      finishedOutcome(item, { ...status(SlideUploadState.Uploaded), strFileName: 'b.svs' }),
    ).toEqual({ state: 'uploaded', reason: null, renamedTo: 'b.svs', numberNow, sameFileAs });
    // Its pathology number changed in slide management since (to match a case, say).
    expect(
      finishedOutcome(item, { ...status(SlideUploadState.Uploaded), strDiagnosistNum: 'P-2' }),
    ).toEqual({ state: 'uploaded', reason: null, renamedTo, numberNow: 'P-2', sameFileAs });
    // Left out of an answer about it: deleted. Not asked about yet: nothing is known.
    expect(finishedOutcome(item, undefined, true)).toEqual({
      state: 'removed',
      reason: null,
      renamedTo,
      numberNow,
      sameFileAs,
    });
    expect(finishedOutcome(item, undefined, false).state).toBe('uploaded');
  });
});

describe('idsToFollow', () => {
  it('asks about uploaded items the server knows, at most `max`', () => {
    const item = (state: QueueItem['state'], id: number | null) =>
      ({ state, iSlideDocumentId: id }) as QueueItem;
    const items = [
      item('uploaded', 3),
      item('failed', 4),
      item('uploaded', null),
      item('uploaded', 5),
    ];
    expect(idsToFollow(items, 10)).toEqual([3, 5]);
    expect(idsToFollow(items, 1)).toEqual([3]);
  });
});

describe('withAnswer', () => {
  const of = (id: number, bProcessing: boolean) => ({
    iSlideDocumentId: id,
    strFileName: `${id}.svs`,
    strDiagnosistNum: 'P-1',
    ddUploadState: { iNumber: SlideUploadState.Uploaded },
    iUpdateState: 1,
    lSize: 10,
    lProgress: 10,
    bProcessing,
    strFailReason: null,
    strSameFileAs: null,
  });

  it('keeps earlier answers while another list is asked about, and forgets the deleted', () => {
    const first = withAnswer(NOTHING_KNOWN, [1], [of(1, false)]);
    expect(first.statuses.get(1)?.bProcessing).toBe(false);
    expect([...first.answered]).toEqual([1]);
    // Another upload finished: [1, 2] asked; until then 1 keeps its answer.
    const second = withAnswer(first, [1, 2], [of(2, true)]);
    expect(second.statuses.has(1)).toBe(false);
    expect(second.statuses.get(2)?.bProcessing).toBe(true);
    expect([...second.answered].sort()).toEqual([1, 2]);
    // The earlier state is not changed.
    expect(first.statuses.has(1)).toBe(true);
  });
});

describe('readSince', () => {
  const reading = (id: number, bProcessing: boolean) => ({ iSlideDocumentId: id, bProcessing });
  it('names the slides that were being read and are not any more', () => {
    const before = new Map([
      [1, reading(1, true)],
      [2, reading(2, true)],
      [3, reading(3, false)],
    ]);
    expect(readSince(before, [reading(1, false), reading(2, true), reading(3, false)])).toEqual([
      1,
    ]);
  });

  it('names a slide read by its first answer, none read before or still being read', () => {
    // Just uploaded: the lists may have seen it being read.
    expect(readSince(new Map(), [reading(1, false)])).toEqual([1]);
    expect(readSince(new Map([[1, reading(1, false)]]), [reading(1, false)])).toEqual([]);
    expect(readSince(new Map(), [reading(1, true)])).toEqual([]);
  });

  it('takes the first answer about a slide finished before the panel was mounted as no news', () => {
    const earlier = new Set([1]);
    expect(readSince(new Map(), [reading(1, false), reading(2, false)], earlier)).toEqual([2]);
    // Seen being read since the mounting, it is news when read.
    expect(readSince(new Map([[1, reading(1, true)]]), [reading(1, false)], earlier)).toEqual([1]);
  });
});

describe('finishedBefore', () => {
  it('names the slides whose upload finished before the given time', () => {
    const done = (id: number | null, dtFinished: number | null) =>
      ({ state: 'uploaded', iSlideDocumentId: id, dtFinished }) as QueueItem;
    const items = [done(1, 100), done(2, 300), done(null, 50), done(4, null)];
    expect([...finishedBefore(items, 200)]).toEqual([1]);
  });
});

describe('isSlideListKey', () => {
  it('takes the slide lists and figures, not the queue’s own statuses or other queries', () => {
    expect(isSlideListKey(['slides', 'case', 1, 7])).toBe(true);
    expect(isSlideListKey(['slides', 'page', 1, {}])).toBe(true);
    expect(isSlideListKey(['slides', 'waiting', 1, 'P-1'])).toBe(true);
    // The figures count the slides refused as failed.
    expect(isSlideListKey(['slides', 'statistics', 1, null])).toBe(true);
    expect(isSlideListKey(['slides', 'statisticsReport', 1, {}])).toBe(true);
    expect(isSlideListKey(['slides', 'documentStatus', 1, [2]])).toBe(false);
    expect(isSlideListKey(['hospitals', 'queueStorage'])).toBe(false);
  });
});
