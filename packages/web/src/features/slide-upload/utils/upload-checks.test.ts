import { describe, expect, it } from 'vitest';
import { SLIDE_MAX_BYTES } from '@pathconsult/shared';
import { scanPicked, type FileLike, type PickedFile } from './folder-scan';
import type { QueueItem } from './queue';
import {
  capacityUsedUp,
  checkDocuments,
  sniffDocument,
  storageCheckKey,
  storageShortfall,
  type CheckContext,
  type UnfinishedUpload,
} from './upload-checks';

const TYPES = ['svs', 'tif', 'mrxs', 'dcm'];
const CASE = { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: 'Wang' };

function at(path: string, size = 10, lastModified = 1): PickedFile<FileLike> {
  return { path, file: { name: path.slice(path.lastIndexOf('/') + 1), size, lastModified } };
}

function queued(name: string, over: Partial<QueueItem> = {}): QueueItem {
  return {
    iFileId: 1,
    strFileName: name,
    lSize: 10,
    lLastModified: 1,
    listFileSliceInfo: null,
    target: CASE,
    iUploadType: 1,
    iSlideDocumentId: 3,
    state: 'waiting',
    lProgress: 0,
    reason: null,
    bNeedsFiles: false,
    dtAdded: 1,
    dtFinished: null,
    ...over,
  };
}

const context = (over: Partial<CheckContext> = {}): CheckContext => ({
  target: CASE,
  single: false,
  uploadedNames: [],
  queue: [],
  ...over,
});

const check = (files: PickedFile<FileLike>[], over: Partial<CheckContext> = {}, strict = true) =>
  checkDocuments(scanPicked(files, TYPES, strict), context(over));

describe('checks before queueing (spec §5 "Slide upload")', () => {
  it('queues supported slides and refuses other types with the slice-file error', () => {
    const result = check([at('a.svs'), at('b.txt')]);
    expect(result.accepted.map((d) => d.strFileName)).toEqual(['a.svs']);
    expect(result.refused).toEqual([{ name: 'b.txt', code: 'SLIDE_TYPE_UNSUPPORTED' }]);
  });

  it('refuses names already uploaded for the case, whatever their case', () => {
    const result = check([at('A.svs'), at('b.svs')], { uploadedNames: ['a.SVS'] });
    expect(result.accepted.map((d) => d.strFileName)).toEqual(['b.svs']);
    expect(result.refused).toEqual([{ name: 'A.svs', code: 'SLIDE_NAME_EXISTS' }]);
  });

  it('says a name is held by a failed slide, to be deleted before it is uploaded again', () => {
    const result = check([at('Broken.svs'), at('a.svs')], {
      uploadedNames: ['broken.svs', 'a.svs'],
      failedNames: ['broken.svs'],
    });
    expect(result.accepted).toEqual([]);
    expect(result.refused).toEqual([
      { name: 'Broken.svs', code: 'SLIDE_NAME_FAILED' },
      { name: 'a.svs', code: 'SLIDE_NAME_EXISTS' },
    ]);
  });

  it('refuses names already queued for the same pathology number, not for another', () => {
    // "Already in the queue", not "uploaded or uploading": it may only be waiting.
    expect(check([at('a.svs', 99)], { queue: [queued('a.svs')] }).refused).toEqual([
      { name: 'a.svs', code: 'inQueue' },
    ]);
    // Uploaded from this queue (still in its finished list): the name is the case's.
    expect(
      check([at('a.svs')], { queue: [queued('a.svs', { state: 'uploaded' })] }).refused,
    ).toEqual([{ name: 'a.svs', code: 'SLIDE_NAME_EXISTS' }]);
    const elsewhere = queued('a.svs', { target: { ...CASE, iPatientId: 8 } });
    expect(check([at('a.svs')], { queue: [elsewhere] }).accepted).toHaveLength(1);
    // A failed item does not hold its name: the server decides.
    expect(
      check([at('a.svs')], { queue: [queued('a.svs', { state: 'failed' })] }).accepted,
    ).toHaveLength(1);
  });

  it('frees the name of a finished item whose slide was deleted or renamed since', () => {
    const done = queued('a.svs', { iFileId: 4, state: 'uploaded' });
    const released = new Set([4]);
    expect(check([at('a.svs')], { queue: [done], released }).accepted).toHaveLength(1);
    // Only a finished one: an item still in the queue keeps its name.
    const waiting = queued('a.svs', { iFileId: 4 });
    expect(check([at('a.svs')], { queue: [waiting], released }).refused).toEqual([
      { name: 'a.svs', code: 'inQueue' },
    ]);
  });

  it('refuses the same name twice in one choice', () => {
    const result = check([at('x/a.svs'), at('y/a.svs')], {}, false);
    expect(result.accepted).toHaveLength(1);
    expect(result.refused).toEqual([{ name: 'a.svs', code: 'chosenTwice' }]);
  });

  it('does not say "only the first was added" when the first was refused too', () => {
    const result = check([at('x/a.svs'), at('y/a.svs')], { uploadedNames: ['a.svs'] }, false);
    expect(result.accepted).toHaveLength(0);
    expect(result.refused).toEqual([{ name: 'a.svs', code: 'SLIDE_NAME_EXISTS' }]);
  });

  it('names a second spelling of one name, with the spelling taken', () => {
    // Capitals do not make another name: "SMALL.svs" after "small.svs" is the same name twice.
    const taken = check([at('x/small.svs'), at('y/SMALL.svs')], {}, false);
    expect(taken.accepted.map((doc) => doc.strFileName)).toEqual(['small.svs']);
    expect(taken.refused).toEqual([{ name: 'SMALL.svs', code: 'chosenTwice', first: 'small.svs' }]);
    // A first refused: the other spelling is refused for the same reason, and said so (it went
    // unmentioned).
    const refused = check(
      [at('x/small.svs'), at('y/SMALL.svs'), at('z/small.svs')],
      { uploadedNames: ['Small.svs'] },
      false,
    );
    expect(refused.accepted).toHaveLength(0);
    expect(refused.refused).toEqual([
      { name: 'small.svs', code: 'SLIDE_NAME_EXISTS' },
      { name: 'SMALL.svs', code: 'SLIDE_NAME_EXISTS' },
    ]);
  });

  it('says a name chosen three times once per spelling', () => {
    const result = check([at('x/small.svs'), at('y/SMALL.svs'), at('z/SMALL.svs')], {}, false);
    expect(result.accepted.map((doc) => doc.strFileName)).toEqual(['small.svs']);
    expect(result.refused).toEqual([
      { name: 'SMALL.svs', code: 'chosenTwice', first: 'small.svs' },
    ]);
  });

  it('checks the next file of a name when the first was refused for itself, not its name', () => {
    // A paused "SMALL.svs" waits for its file: a stray "small.svs" chosen with it is not its
    // file, and must not stand in the way of the one that is.
    const waiting = queued('SMALL.svs', { state: 'paused', bNeedsFiles: true, lLastModified: 5 });
    const result = check(
      [at('x/small.svs', 10, 9), at('y/SMALL.svs', 10, 5)],
      {
        queue: [waiting],
      },
      false,
    );
    expect(result.refused).toEqual([{ name: 'small.svs', code: 'otherFileOfPaused' }]);
    expect(result.resumed).toEqual([
      { doc: expect.objectContaining({ strFileName: 'SMALL.svs' }), item: waiting },
    ]);
    // An empty first file of a name does not keep out a good one of that name.
    const empty = check([at('x/a.svs', 0), at('y/a.svs', 10)], {}, false);
    expect(empty.refused).toEqual([{ name: 'a.svs', code: 'emptyFile' }]);
    expect(empty.accepted.map((doc) => doc.strFileName)).toEqual(['a.svs']);
  });

  it('a single upload takes one file only', () => {
    expect(check([at('a.svs'), at('b.svs')], { single: true })).toEqual({
      accepted: [],
      resumed: [],
      continuing: [],
      refused: [{ name: '', code: 'singleOnly' }],
    });
    expect(check([at('a.svs')], { single: true }).accepted).toHaveLength(1);
    // A second choice while the first single slide waits is a second slide: refused too.
    const waiting = queued('a.svs', { iUploadType: 0 });
    expect(check([at('b.svs')], { single: true, queue: [waiting] }).refused).toEqual([
      { name: 'b.svs', code: 'singleQueued' },
    ]);
    // Once it has finished, or for another case, or when resuming it after a reload: accepted.
    const done = queued('a.svs', { iUploadType: 0, state: 'uploaded' });
    expect(check([at('b.svs')], { single: true, queue: [done] }).accepted).toHaveLength(1);
    const elsewhere = queued('a.svs', { iUploadType: 0, target: { ...CASE, iPatientId: 8 } });
    expect(check([at('b.svs')], { single: true, queue: [elsewhere] }).accepted).toHaveLength(1);
    const reloaded = queued('a.svs', { iUploadType: 0, state: 'paused', bNeedsFiles: true });
    expect(check([at('a.svs')], { single: true, queue: [reloaded] }).resumed).toHaveLength(1);
  });

  it('refuses empty and too large files', () => {
    expect(check([at('a.svs', 0)]).refused).toEqual([{ name: 'a.svs', code: 'emptyFile' }]);
    expect(check([at('a.svs', SLIDE_MAX_BYTES + 1)]).refused).toEqual([
      { name: 'a.svs', code: 'validation.slideTooLarge' },
    ]);
  });

  it('gives an item restored after a reload its files back instead of refusing the name', () => {
    const waiting = queued('a.svs', {
      state: 'paused',
      bNeedsFiles: true,
      lSize: 10,
      lLastModified: 5,
    });
    const same = check([at('a.svs', 10, 5)], { queue: [waiting], uploadedNames: [] });
    expect(same.resumed).toEqual([
      { doc: expect.objectContaining({ strFileName: 'a.svs' }), item: waiting },
    ]);
    expect(same.accepted).toEqual([]);
    // Another modification time is another file with the same name (a fresh copy): the paused
    // upload needs its own file, and the refusal says so.
    expect(check([at('a.svs', 10, 6)], { queue: [waiting] }).refused).toEqual([
      { name: 'a.svs', code: 'otherFileOfPaused' },
    ]);
  });

  it('resumes a folder slide only when its files are the ones declared', () => {
    const declared = [
      { strFilePath: 'S.mrxs', lSize: 10 },
      { strFilePath: 'S/Slidedat.ini', lSize: 4 },
    ];
    const waiting = queued('S.mrxs', {
      state: 'paused',
      bNeedsFiles: true,
      lSize: 14,
      listFileSliceInfo: declared,
    });
    const files = [at('S.mrxs', 10), at('S/Slidedat.ini', 4)];
    expect(check(files, { queue: [waiting] }, false).resumed).toHaveLength(1);
    const changed = [at('S.mrxs', 10), at('S/Slidedat.ini', 3), at('S/Index.dat', 1)];
    expect(check(changed, { queue: [waiting] }, false).refused).toEqual([
      { name: 'S.mrxs', code: 'otherFileOfPaused' },
    ]);
  });
});

describe('an unfinished upload begun elsewhere (another browser or computer)', () => {
  const begun = (over: Partial<UnfinishedUpload> = {}): UnfinishedUpload => ({
    iSlideDocumentId: 40,
    names: ['Renamed.svs', 'scan.svs'],
    strOriginalName: 'scan.svs',
    lSize: 10,
    lProgress: 4,
    iFileCount: 1,
    iUploadUserId: 3,
    ...over,
  });
  const mine = (over: Partial<UnfinishedUpload> = {}, more: Partial<CheckContext> = {}) => ({
    unfinished: [begun(over)],
    iUserId: 3,
    ...more,
  });

  it('is continued by one’s own file of the name it was uploaded under, and its size', () => {
    const result = check([at('scan.svs', 10, 99)], mine());
    expect(result.accepted).toEqual([]);
    expect(result.refused).toEqual([]);
    expect(result.continuing.map((c) => [c.doc.strFileName, c.begun.iSlideDocumentId])).toEqual([
      ['scan.svs', 40],
    ]);
  });

  it('takes a file of its new name or other capitals for another file (the server keeps its own)', () => {
    for (const name of ['Renamed.svs', 'SCAN.svs']) {
      expect(check([at(name)], mine()).refused).toEqual([{ name, code: 'otherFileOfUnfinished' }]);
    }
  });

  it('refuses another file and a colleague’s upload', () => {
    expect(check([at('scan.svs', 11)], mine()).refused).toEqual([
      { name: 'scan.svs', code: 'otherFileOfUnfinished' },
    ]);
    expect(check([at('scan.svs')], mine({ iUploadUserId: 8 })).refused).toEqual([
      { name: 'scan.svs', code: 'SLIDE_NAME_EXISTS' },
    ]);
  });

  it('refuses a folder slide whose files differ in number', () => {
    const folder = [at('s/s.mrxs', 4), at('s/s/Slidedat.ini', 3), at('s/s/Data0000.dat', 3)];
    const result = check(
      folder,
      mine({ names: ['s.mrxs'], strOriginalName: 's.mrxs', lSize: 10, iFileCount: 2 }),
      false,
    );
    expect(result.refused).toEqual([{ name: 's.mrxs', code: 'otherFileOfUnfinished' }]);
  });

  it('is not taken twice: this queue holds it already (under its old name)', () => {
    const result = check(
      [at('scan.svs')],
      mine({}, { queue: [queued('old.svs', { iSlideDocumentId: 40, state: 'waiting' })] }),
    );
    expect(result.refused).toEqual([{ name: 'scan.svs', code: 'inQueue' }]);
  });

  it('without the signed-in user, the file is queued as a new upload (the server decides)', () => {
    const result = check([at('scan.svs')], { unfinished: [begun()] });
    expect(result.accepted.map((d) => d.strFileName)).toEqual(['scan.svs']);
    expect(result.continuing).toEqual([]);
  });
});

describe('content sniff of the main file', () => {
  const doc = (name: string) => scanPicked([at(name)], TYPES, true).documents[0]!;
  const head = (bytes: number[]) => async () => new Uint8Array(bytes);

  it('accepts a TIFF-based slide whose bytes start like a TIFF', async () => {
    expect(await sniffDocument(doc('a.svs'), head([0x49, 0x49, 0x2a, 0]))).toBeNull();
  });

  it('refuses a text file renamed to .svs', async () => {
    const text = [...new TextEncoder().encode('hello, this is not a slide')];
    expect(await sniffDocument(doc('a.svs'), head(text))).toEqual({
      name: 'a.svs',
      code: 'SLIDE_CONTENT_MISMATCH',
    });
  });

  it('reads 512 bytes of the main file only', async () => {
    let asked: [string, number] | null = null;
    await sniffDocument(doc('a.svs'), async (file, bytes) => {
      asked = [file.name, bytes];
      return new Uint8Array();
    });
    expect(asked).toEqual(['a.svs', 512]);
  });

  it('checks the first (largest) file of a multi-file DICOM slide', async () => {
    let asked: string | null = null;
    const series = {
      strFileName: 'Scan.dcm',
      lSize: 30,
      lLastModified: 1,
      bFolder: true,
      files: [
        { strFilePath: 'Scan/level0.dcm', file: at('Scan/level0.dcm', 20).file },
        { strFilePath: 'Scan/level1.dcm', file: at('Scan/level1.dcm', 10).file },
      ],
    };
    const dicm = [...new Array(128).fill(0), 0x44, 0x49, 0x43, 0x4d];
    const refusal = await sniffDocument(series, async (file) => {
      asked = file.name;
      return new Uint8Array(dicm);
    });
    expect(refusal).toBeNull();
    expect(asked).toBe('level0.dcm');
  });
});

describe('capacity before start', () => {
  it('refuses start once the used storage reaches the total', () => {
    expect(capacityUsedUp({ lUsedBytes: 499, lTotalBytes: 500 })).toBe(false);
    expect(capacityUsedUp({ lUsedBytes: 500, lTotalBytes: 500 })).toBe(true);
    // 0.004 GB allowed, 3.92 MB used: both round to 0.004 GB, yet about 180 KB is free.
    expect(capacityUsedUp({ lUsedBytes: 4_110_418, lTotalBytes: 4_294_967 })).toBe(false);
    expect(capacityUsedUp({ lUsedBytes: 0, lTotalBytes: 0 })).toBe(true);
  });
});

describe('storageShortfall', () => {
  const MB = 1024 * 1024;
  const item = (
    lSize: number,
    iSlideDocumentId: number | null = null,
    state: QueueItem['state'] = 'waiting',
    bNeedsFiles = false,
    iFileId = 1,
  ) => ({ iFileId, lSize, iSlideDocumentId, state, bNeedsFiles });
  const usage = { lUsedBytes: 7 * MB, lTotalBytes: 10 * MB };

  it('compares what was never registered with the storage left', () => {
    expect(storageShortfall([item(2 * MB), item(2 * MB)], usage)).toEqual({
      toSend: 4 * MB,
      left: 3 * MB,
    });
    expect(storageShortfall([item(2 * MB)], usage)).toBeNull();
  });

  it('leaves out slides whose storage is already reserved, and finished ones', () => {
    // Registered (its whole size is in the used figure already), uploaded, failed.
    const queue = [item(2 * MB), item(5 * MB, 12, 'paused'), item(5 * MB, 13, 'uploaded')];
    expect(storageShortfall([...queue, item(5 * MB, null, 'failed')], usage)).toBeNull();
  });

  it('leaves out slides restored after a reload whose files are not chosen again', () => {
    expect(storageShortfall([item(2 * MB), item(5 * MB, null, 'paused', true)], usage)).toBeNull();
  });

  it('reads storage over its total as none left', () => {
    expect(storageShortfall([item(1)], { lUsedBytes: 11 * MB, lTotalBytes: 10 * MB })).toEqual({
      toSend: 1,
      left: 0,
    });
  });
});

describe('storageCheckKey', () => {
  const item = (
    iFileId: number,
    iSlideDocumentId: number | null,
    over: Partial<QueueItem> = {},
  ) => ({
    iFileId,
    lSize: 1,
    iSlideDocumentId,
    state: 'waiting' as const,
    bNeedsFiles: false,
    ...over,
  });

  it('is empty when no slide is still to register: nothing can fall short', () => {
    expect(storageCheckKey([])).toBe('');
    expect(storageCheckKey([item(1, 5), item(2, null, { state: 'uploaded' })])).toBe('');
    expect(storageCheckKey([item(1, null, { state: 'paused', bNeedsFiles: true })])).toBe('');
  });

  it('changes when a slide is added or removed, and when one registers (the used figure moves)', () => {
    const two = storageCheckKey([item(1, null), item(2, null)]);
    expect(storageCheckKey([item(1, null)])).not.toBe(two);
    expect(storageCheckKey([item(1, 9), item(2, null)])).not.toBe(two);
    // Progress within a registered slide moves nothing.
    expect(storageCheckKey([item(1, 9, { lProgress: 5 }), item(2, null)])).toBe(
      storageCheckKey([item(1, 9), item(2, null)]),
    );
  });
});
