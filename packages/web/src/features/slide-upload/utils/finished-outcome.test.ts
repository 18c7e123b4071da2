import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import { JUST_FINISHED_MS, finishedOutcome, idsToFollow } from './finished-outcome';
import type { QueueItem } from './queue';

const status = (state: number, bProcessing = false, strFailReason: string | null = null) => ({
  strFileName: 'a.svs',
  strDiagnosistNum: 'P-1',
  ddUploadState: { iNumber: state },
  bProcessing,
  strFailReason,
});

const renamedTo = null;
const numberNow = null;

describe('finishedOutcome', () => {
  const item = {
    state: 'uploaded' as const,
    strFileName: 'a.svs',
    target: { iPatientId: null, strDiagnosistNum: 'P-1', strPatientName: '' },
    dtFinished: null,
  };

  it('reads as processing until first asked about, when it has only just finished', () => {
    const now = 1_000_000;
    const just = { ...item, dtFinished: now - 1_000 };
    expect(finishedOutcome(just, undefined, false, now).state).toBe('processing');
    const earlier = { ...item, dtFinished: now - JUST_FINISHED_MS - 1 };
    expect(finishedOutcome(earlier, undefined, false, now).state).toBe('uploaded');
    // The answer decides once it is there.
    expect(finishedOutcome(just, status(SlideUploadState.Uploaded), true, now).state).toBe(
      'uploaded',
    );
    expect(finishedOutcome(just, undefined, true, now).state).toBe('removed');
  });

  it('follows the slide engine after the bytes arrived', () => {
    expect(finishedOutcome(item, undefined)).toEqual({
      state: 'uploaded',
      reason: null,
      renamedTo,
      numberNow,
    });
    expect(finishedOutcome(item, status(SlideUploadState.Uploaded, true))).toEqual({
      state: 'processing',
      reason: null,
      renamedTo,
      numberNow,
    });
    expect(finishedOutcome(item, status(SlideUploadState.Uploaded))).toEqual({
      state: 'uploaded',
      reason: null,
      renamedTo,
      numberNow,
    });
    expect(
      finishedOutcome(item, status(SlideUploadState.Failed, false, 'The slide cannot be read')),
    ).toEqual({ state: 'failed', reason: 'The slide cannot be read', renamedTo, numberNow });
  });

  it('keeps a failure of the queue itself as it is', () => {
    expect(finishedOutcome({ ...item, state: 'failed' }, undefined)).toEqual({
      state: 'failed',
      reason: null,
      renamedTo,
      numberNow,
    });
  });

  it('says when the slide was renamed or deleted since', () => {
    expect(
      finishedOutcome(item, { ...status(SlideUploadState.Uploaded), strFileName: 'b.svs' }),
    ).toEqual({ state: 'uploaded', reason: null, renamedTo: 'b.svs', numberNow });
    // Its pathology number changed in slide management since (to match a case, say).
    expect(
      finishedOutcome(item, { ...status(SlideUploadState.Uploaded), strDiagnosistNum: 'P-2' }),
    ).toEqual({ state: 'uploaded', reason: null, renamedTo, numberNow: 'P-2' });
    // Left out of an answer about it: deleted. Not asked about yet: nothing is known.
    expect(finishedOutcome(item, undefined, true)).toEqual({
      state: 'removed',
      reason: null,
      renamedTo,
      numberNow,
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
