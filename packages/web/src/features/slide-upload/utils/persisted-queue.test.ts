import { describe, expect, it } from 'vitest';
import { FINISHED_KEPT, parseQueue, serializeQueue, storageKeyOf } from './persisted-queue';
import type { QueueItem } from './queue';

function item(iFileId: number, over: Partial<QueueItem> = {}): QueueItem {
  return {
    iFileId,
    strFileName: `s${iFileId}.mrxs`,
    lSize: 300,
    lLastModified: 1_700_000_000_000,
    listFileSliceInfo: [
      { strFilePath: `s${iFileId}.mrxs`, lSize: 100 },
      { strFilePath: `s${iFileId}/Slidedat.ini`, lSize: 200 },
    ],
    target: { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: 'Wang' },
    iUploadType: 0,
    iSlideDocumentId: 42,
    state: 'uploading',
    lProgress: 100,
    reason: { key: 'network', detail: 'Network error' },
    bNeedsFiles: false,
    dtAdded: 5,
    dtFinished: null,
    ...over,
  };
}

describe('queue kept in localStorage', () => {
  it('is one key per user', () => {
    expect(storageKeyOf(3)).not.toBe(storageKeyOf(4));
  });

  it('round-trips the metadata; the files must be chosen again', () => {
    const items = [item(1), item(2, { state: 'failed', reason: { text: 'bad' }, dtFinished: 9 })];
    const back = parseQueue(serializeQueue(items));
    expect(back).toEqual(
      items.map((i) => ({ ...i, target: { ...i.target, strPatientName: '' }, bNeedsFiles: true })),
    );
  });

  it('keeps a server message by its parts, and only well-formed ones', () => {
    const message = {
      code: 'SLIDE_UPLOAD_FAILED',
      params: { name: 'a.svs', type: 'SVS', reason: '' },
      messageParams: { reason: 'SLIDE_CONTENT_MISMATCH' },
    };
    const failed = item(1, {
      state: 'failed',
      reason: { text: '上传失败：…', message },
      dtFinished: 9,
    });
    expect(parseQueue(serializeQueue([failed]))[0]!.reason).toEqual({
      text: '上传失败：…',
      message,
    });
    // A damaged entry keeps the text it was shown with.
    const damaged = JSON.parse(serializeQueue([failed])) as { items: { reason: unknown }[] };
    damaged.items[0]!.reason = { text: 'kept', message: { ...message, params: { name: {} } } };
    expect(parseQueue(JSON.stringify(damaged))[0]!.reason).toEqual({ text: 'kept' });
  });

  it('never stores the patient’s name, nor reads back one an older version stored', () => {
    const stored = serializeQueue([item(1), item(2, { state: 'uploaded', dtFinished: 3 })]);
    expect(stored).not.toContain('Wang');
    expect(stored).toContain('P-7');
    const older = JSON.stringify({ version: 1, items: [item(1)] });
    expect(older).toContain('Wang');
    expect(parseQueue(older)[0]!.target).toEqual({
      iPatientId: 7,
      strDiagnosistNum: 'P-7',
      strPatientName: '',
    });
  });

  it('keeps every unfinished item and only the newest finished ones', () => {
    const finished = Array.from({ length: FINISHED_KEPT + 5 }, (_, i) =>
      item(100 + i, { state: 'uploaded', reason: null, dtFinished: i }),
    );
    const back = parseQueue(serializeQueue([item(1), ...finished]));
    expect(back).toHaveLength(FINISHED_KEPT + 1);
    expect(back[0]!.iFileId).toBe(1);
    // The oldest finished (dtFinished 0..4) are gone.
    expect(back.some((i) => i.iFileId === 100)).toBe(false);
  });

  it('drops what it cannot trust', () => {
    expect(parseQueue(null)).toEqual([]);
    expect(parseQueue('not json')).toEqual([]);
    expect(parseQueue(JSON.stringify({ version: 99, items: [item(1)] }))).toEqual([]);
    const good = item(1);
    const raw = JSON.stringify({
      version: 1,
      items: [
        good,
        { ...item(2), state: 'exploded' },
        { ...item(3), lSize: -1 },
        { ...item(4), listFileSliceInfo: [{ strFilePath: 5 }] },
        { ...item(5), reason: { key: 'whatever' } },
        { ...item(6), target: null },
      ],
    });
    expect(parseQueue(raw).map((i) => i.iFileId)).toEqual([1]);
  });

  it('gives a new number to the later of two items of one number (two tabs added them)', () => {
    const raw = JSON.stringify({
      version: 1,
      items: [item(1), item(3), { ...item(1), strFileName: 'other.svs' }],
    });
    expect(parseQueue(raw).map((i) => [i.iFileId, i.strFileName])).toEqual([
      [1, 's1.mrxs'],
      [3, 's3.mrxs'],
      [4, 'other.svs'],
    ]);
  });
});
