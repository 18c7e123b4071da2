import type { Remaining } from '../utils/speed';
import { describe, expect, it, vi } from 'vitest';
import {
  FAKE_CHUNK,
  FakeCallError,
  FakeUploadServer,
  patterned,
} from '../test-support/fake-upload-server';
import { chunkHasher } from '../utils/crc32';
import type { PickedFile } from '../utils/folder-scan';
import { storageKeyOf } from '../utils/persisted-queue';
import type { UploadTarget } from '../utils/queue';
import type { LinkTrouble } from '../utils/retry';
import { uploadLockName, type TabLocks } from '../utils/tab-lock';
import { UploadManager, WIND_DOWN_MS, type AddRequest } from './upload-manager';

/** The reason a refusal of the fake server leaves: its text, and its parts for other languages. */
const refusedWith = (code: string) => ({
  text: code,
  message: { code, params: {}, messageParams: {} },
});

/*
 * The queue from the doctor's side: files chosen, checked, sent one after another, stopped,
 * the page reloaded (a new manager over the same localStorage), the same files chosen again and
 * the upload continued with only what the server lacks.
 */

const USER = 3;
const CASE: UploadTarget = { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: 'Wang' };
const TYPES = ['svs', 'tif', 'mrxs'];

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

/** A TIFF-looking slide file of `chunks` chunks. */
function slide(name: string, chunks: number, seed = 1, lastModified = 1_000): File {
  const bytes = patterned(FAKE_CHUNK * chunks - 3, seed);
  bytes.set([0x49, 0x49, 0x2a, 0x00]);
  return new File([bytes], name, { lastModified });
}

const picked = (...files: File[]): PickedFile<File>[] =>
  files.map((file) => ({ path: file.name, file }));

function manager(
  server: FakeUploadServer,
  storage = new MemoryStorage(),
  sleep: (ms: number) => Promise<void> = async () => {},
) {
  const m = new UploadManager({
    transport: server,
    storage,
    hash: chunkHasher(() => import('../utils/wasm-crc32')),
    concurrency: 2,
    policy: { maxFailures: 3, baseMs: 1, maxMs: 1 },
    sleep,
    setInterval: () => 0,
    clearInterval: () => {},
  });
  m.switchUser(USER);
  return { m, storage };
}

const request = (files: PickedFile<File>[], over: Partial<AddRequest> = {}): AddRequest => ({
  picked: files,
  target: CASE,
  iUploadType: 1,
  strict: true,
  types: TYPES,
  uploadedNames: [],
  ...over,
});

/** Starts the queue and stops it as the third chunk leaves (two in flight: one is stored). */
async function stopAtThirdChunk(server: FakeUploadServer, m: UploadManager) {
  let sent = 0;
  server.beforeChunk = () => {
    sent += 1;
    if (sent === 3) {
      m.stop();
    }
  };
  m.start();
  await m.idle();
  server.beforeChunk = null;
}

/**
 * A 6-chunk slide started, whose chunk 2 never gets through: it hangs on the wire until it is cut
 * off (aborted). Resolves once it is on the wire.
 */
async function uploadWithStuckChunk() {
  const server = new FakeUploadServer();
  const { m } = manager(server);
  await m.add(request(picked(slide('stuck.svs', 6))));
  let stuck = false;
  server.beforeChunk = (chunk) =>
    chunk.iChunk === 2
      ? new Promise<void>((resolve) => {
          stuck = true;
          chunk.signal.addEventListener('abort', () => resolve());
        })
      : undefined;
  m.start();
  await vi.waitFor(() => expect(stuck).toBe(true));
  return { server, m };
}

/** Bytes the server stored of the manager's first item. */
const heldBy = (server: FakeUploadServer, m: UploadManager) =>
  server.statusOf(server.docs.get(m.getSnapshot().items[0]!.iSlideDocumentId!)!).lProgress;

/** The first item's progress as saved in localStorage. */
const parseStored = (raw: string | null) =>
  (JSON.parse(raw!) as { items: { lProgress: number }[] }).items[0]!.lProgress;

const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());

describe('upload manager', () => {
  it('uploads the queued slides one after another and lists them as finished', async () => {
    const server = new FakeUploadServer();
    const { m, storage } = manager(server);
    const a = slide('a.svs', 3, 1);
    const b = slide('b.svs', 2, 2);
    expect(await m.add(request(picked(a, b)))).toEqual({
      added: 2,
      resumed: 0,
      resumedIds: [],
      continuedIds: [],
      continued: 0,
      refused: [],
      skipped: [],
    });
    const done: string[] = [];
    m.onCompleted((item) => done.push(item.strFileName));
    m.start();
    expect(m.getSnapshot().uploading).toBe(true);
    await m.idle();
    expect(done).toEqual(['a.svs', 'b.svs']);
    const { items, uploading } = m.getSnapshot();
    expect(uploading).toBe(false);
    expect(items.map((i) => [i.strFileName, i.state, i.lProgress])).toEqual([
      ['a.svs', 'uploaded', a.size],
      ['b.svs', 'uploaded', b.size],
    ]);
    // One file after the other: every chunk of a.svs reached the server before any of b.svs.
    const firstB = server.log.findIndex((l) => l.startsWith('b.svs'));
    expect(server.log.slice(firstB).every((l) => l.startsWith('b.svs'))).toBe(true);
    const ids = items.map((i) => i.iSlideDocumentId!);
    expect(server.contentOf(ids[0]!, 'a.svs')).toEqual(await bytesOf(a));
    expect(server.contentOf(ids[1]!, 'b.svs')).toEqual(await bytesOf(b));
    expect(storage.getItem(storageKeyOf(USER))).toContain('"uploaded"');
  });

  it('resumes after a stop and a page reload once the same file is chosen again', async () => {
    const server = new FakeUploadServer();
    const storage = new MemoryStorage();
    const first = manager(server, storage).m;
    const file = slide('big.svs', 6);
    await first.add(request(picked(file)));
    let sent = 0;
    server.beforeChunk = () => {
      sent += 1;
      if (sent === 3) {
        first.stop();
      }
    };
    first.start();
    await first.idle();
    const stopped = first.getSnapshot().items[0]!;
    expect(stopped.state).toBe('paused');
    expect(stopped.iSlideDocumentId).not.toBeNull();
    const heldBefore = server.log.length;
    expect(heldBefore).toBeGreaterThan(0);

    // The page reloads: a new manager reads the queue back; the files are gone.
    server.beforeChunk = null;
    const second = manager(server, storage).m;
    const restored = second.getSnapshot().items[0]!;
    expect(restored).toMatchObject({ state: 'paused', bNeedsFiles: true, strFileName: 'big.svs' });
    expect(second.canStart()).toBe(false);

    // The same file (name, size, modification time) gives the item its file back.
    const again = new File([await file.arrayBuffer()], 'big.svs', {
      lastModified: file.lastModified,
    });
    expect(await second.add(request(picked(again)))).toEqual({
      added: 0,
      resumed: 1,
      resumedIds: [restored.iSlideDocumentId],
      continuedIds: [],
      continued: 0,
      refused: [],
      skipped: [],
    });
    second.start();
    await second.idle();
    const item = second.getSnapshot().items[0]!;
    expect(item).toMatchObject({ state: 'uploaded', iSlideDocumentId: stopped.iSlideDocumentId });
    // Nothing acknowledged before the stop was sent again.
    const after = server.log.slice(heldBefore).map((l) => l.replace('!', ''));
    const before = server.log.slice(0, heldBefore);
    expect(after.filter((l) => before.includes(l))).toEqual([]);
    expect(server.contentOf(item.iSlideDocumentId!, 'big.svs')).toEqual(await bytesOf(file));
  });

  it('after a reload another file of the same name, size and time does not continue the upload', async () => {
    const server = new FakeUploadServer();
    const storage = new MemoryStorage();
    const first = manager(server, storage).m;
    const original = slide('big.svs', 4, 1);
    await first.add(request(picked(original)));
    await stopAtThirdChunk(server, first);
    expect(heldBy(server, first)).toBeGreaterThan(0);

    // Reloaded: a file that shares name, size and time but not the bytes already sent.
    const second = manager(server, storage).m;
    const other = slide('big.svs', 4, 9);
    expect(other.size).toBe(original.size);
    expect(await second.add(request(picked(other)))).toMatchObject({ resumed: 1 });
    const sentBefore = server.log.length;
    second.start();
    await second.idle();
    expect(second.getSnapshot().items[0]).toMatchObject({
      state: 'paused',
      bNeedsFiles: true,
      reason: { key: 'differentFile' },
    });
    expect(server.log.length).toBe(sentBefore);
    // The original file continues it, and the slide stored is the original, byte for byte.
    expect(await second.add(request(picked(original)))).toMatchObject({ resumed: 1 });
    second.start();
    await second.idle();
    const item = second.getSnapshot().items[0]!;
    expect(item.state).toBe('uploaded');
    expect(server.contentOf(item.iSlideDocumentId!, 'big.svs')).toEqual(await bytesOf(original));
  });

  it('in another browser, the file of an unfinished upload continues it from what the server holds', async () => {
    const server = new FakeUploadServer();
    const first = manager(server).m;
    const original = slide('big.svs', 6, 1, 1_000);
    await first.add(request(picked(original)));
    await stopAtThirdChunk(server, first);
    const id = first.getSnapshot().items[0]!.iSlideDocumentId!;
    const held = heldBy(server, first);
    expect(held).toBeGreaterThan(0);
    const sentBefore = server.log.slice();

    // Another browser (its own storage), another computer's copy of the file (another time):
    // the case's list shows the upload as unfinished, and its file is chosen.
    const elsewhere = manager(server, new MemoryStorage()).m;
    const copy = new File([await original.arrayBuffer()], 'big.svs', { lastModified: 5_000 });
    const unfinished = {
      iSlideDocumentId: id,
      names: ['big.svs'],
      strOriginalName: 'big.svs',
      lSize: original.size,
      lProgress: held,
      iFileCount: 1,
      iUploadUserId: USER,
    };
    expect(await elsewhere.add(request(picked(copy), { unfinished: [unfinished] }))).toEqual({
      added: 1,
      resumed: 0,
      resumedIds: [],
      continuedIds: [id],
      continued: 1,
      refused: [],
      skipped: [],
    });
    // Before Start it reads as the upload it continues, at the server's share.
    expect(elsewhere.getSnapshot().items[0]).toMatchObject({
      state: 'waiting',
      iSlideDocumentId: id,
      bContinued: true,
      lProgress: held,
    });
    // Started, it is not registered again (the fake refuses another time as a taken name): it
    // checks the held chunks against the copy and sends only the rest. The check is shown for
    // what it is (it read as a slow link).
    const checked = new Set<number | null>();
    const shares: number[] = [];
    const stopWatching = elsewhere.subscribe(() => {
      const { checking, checked: share } = elsewhere.getSnapshot();
      checked.add(checking);
      if (share !== null && shares.at(-1) !== share) {
        shares.push(share);
      }
    });
    elsewhere.start();
    await elsewhere.idle();
    stopWatching();
    expect(checked).toContain(elsewhere.getSnapshot().items[0]!.iFileId);
    expect(elsewhere.getSnapshot().checking).toBeNull();
    // How far the check is, from none to all of it (it is long for gigabytes already sent).
    expect(shares[0]).toBe(0);
    expect(shares.at(-1)).toBe(1);
    expect(elsewhere.getSnapshot().items[0]).toMatchObject({
      state: 'uploaded',
      iSlideDocumentId: id,
    });
    const resent = server.log.slice(sentBefore.length).map((l) => l.replace('!', ''));
    expect(resent.filter((l) => sentBefore.includes(l))).toEqual([]);
    expect(server.contentOf(id, 'big.svs')).toEqual(await bytesOf(original));
  });

  it('says the server checks the whole file while the completing chunk’s answer is awaited', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('done.svs', 3))));
    let release = () => {};
    let held = false;
    server.afterSent = (chunk) =>
      chunk.iUpdadeState === 1
        ? new Promise<void>((resolve) => {
            held = true;
            release = resolve;
          })
        : undefined;
    m.start();
    await vi.waitFor(() => expect(held).toBe(true));
    // Not a slow link: no speed, and the item says what the server is doing.
    const waiting = m.getSnapshot();
    expect(waiting.completing).toBe(waiting.items[0]!.iFileId);
    release();
    await m.idle();
    expect(m.getSnapshot()).toMatchObject({ completing: null });
    expect(m.getSnapshot().items[0]?.state).toBe('uploaded');
  });

  it('in another browser, another file of an unfinished upload’s name does not continue it', async () => {
    const server = new FakeUploadServer();
    const first = manager(server).m;
    const original = slide('big.svs', 4, 1);
    await first.add(request(picked(original)));
    await stopAtThirdChunk(server, first);
    const id = first.getSnapshot().items[0]!.iSlideDocumentId!;
    const unfinished = {
      iSlideDocumentId: id,
      names: ['big.svs'],
      strOriginalName: 'big.svs',
      lSize: original.size,
      lProgress: heldBy(server, first),
      iFileCount: 1,
      iUploadUserId: USER,
    };
    const elsewhere = manager(server, new MemoryStorage()).m;
    // Another size: refused at once, before Start.
    expect(
      await elsewhere.add(request(picked(slide('big.svs', 5, 1)), { unfinished: [unfinished] })),
    ).toMatchObject({ added: 0, refused: [{ name: 'big.svs', code: 'otherFileOfUnfinished' }] });
    // Same size, other bytes: taken, and stopped by the held chunks' check, nothing sent.
    const other = slide('big.svs', 4, 9);
    expect(await elsewhere.add(request(picked(other), { unfinished: [unfinished] }))).toMatchObject(
      {
        continued: 1,
      },
    );
    const sentBefore = server.log.length;
    elsewhere.start();
    await elsewhere.idle();
    // It fails with why, nothing sent, and the upload stays on the server (cancelling a paused
    // item would have deleted it).
    expect(elsewhere.getSnapshot().items[0]).toMatchObject({
      state: 'failed',
      reason: { key: 'otherFileContinued' },
    });
    expect(server.log.length).toBe(sentBefore);
    expect(server.cancelled).toEqual([]);
    // Its own file, a copy with another time, then continues it to the end.
    const copy = new File([await original.arrayBuffer()], 'big.svs', { lastModified: 7_000 });
    expect(await elsewhere.add(request(picked(copy), { unfinished: [unfinished] }))).toMatchObject({
      continued: 1,
    });
    elsewhere.start();
    await elsewhere.idle();
    const done = elsewhere.getSnapshot().items.find((i) => i.state === 'uploaded');
    expect(done?.iSlideDocumentId).toBe(id);
    expect(server.contentOf(id, 'big.svs')).toEqual(await bytesOf(original));
  });

  it('after a reload a paused item shows the bytes of the chunks the server holds', async () => {
    const server = new FakeUploadServer();
    const storage = new MemoryStorage();
    const first = manager(server, storage).m;
    await first.add(request(picked(slide('big.svs', 4))));
    await stopAtThirdChunk(server, first);
    const held = heldBy(server, first);
    expect(held).toBeGreaterThan(0);
    // The page went while half of a chunk was on the wire: the stored figure counts it.
    const key = storageKeyOf(USER);
    const stored = JSON.parse(storage.getItem(key)!) as { items: { lProgress: number }[] };
    stored.items[0]!.lProgress = held + FAKE_CHUNK / 2;
    storage.setItem(key, JSON.stringify(stored));

    const second = manager(server, storage).m;
    await vi.waitFor(() => expect(second.getSnapshot().items[0]!.lProgress).toBe(held));
    expect(second.getSnapshot().items[0]).toMatchObject({ state: 'paused', bNeedsFiles: true });
    // Saved so: a second reload without the server's answer shows no more either.
    expect(parseStored(storage.getItem(key))).toBe(held);
  });

  it('after a reload an upload the server no longer has shows nothing held', async () => {
    const server = new FakeUploadServer();
    const storage = new MemoryStorage();
    const first = manager(server, storage).m;
    await first.add(request(picked(slide('gone.svs', 4))));
    await stopAtThirdChunk(server, first);
    expect(first.getSnapshot().items[0]!.lProgress).toBeGreaterThan(0);
    // Abandoned and cleaned up on the server meanwhile.
    server.docs.clear();
    const second = manager(server, storage).m;
    await vi.waitFor(() => expect(second.getSnapshot().items[0]!.lProgress).toBe(0));
  });

  it('an upload deleted on the server meanwhile is not sent again when resumed: it says so', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('deleted.svs', 6))));
    await stopAtThirdChunk(server, m);
    const sent = server.log.length;
    // Deleted in slide management (of another browser), or cleaned up once abandoned.
    server.docs.clear();
    m.start();
    await m.idle();
    expect(m.getSnapshot().items[0]).toMatchObject({
      state: 'failed',
      reason: { key: 'removedOnServer' },
    });
    // Neither registered again nor sent: the deleted slide did not come back.
    expect(server.docs.size).toBe(0);
    expect(server.log).toHaveLength(sent);
  });

  it('a slide deleted in this browser leaves the queue, its upload stopped if under way', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 6), slide('b.svs', 2, 2))));
    let held = () => {};
    let onWire = false;
    server.beforeChunk = (chunk) =>
      chunk.iChunk === 2 && chunk.strFilePath === 'a.svs'
        ? new Promise<void>((resolve) => {
            onWire = true;
            held = resolve;
            chunk.signal.addEventListener('abort', () => resolve());
          })
        : undefined;
    m.start();
    await vi.waitFor(() => expect(onWire).toBe(true));
    const a = m.getSnapshot().items[0]!;
    m.forgetDeleted([a.iSlideDocumentId!]);
    const aSent = server.log.filter((l) => l.startsWith('a.svs')).length;
    held();
    await m.idle();
    // a.svs is gone from the queue; the next slide went on and finished.
    expect(m.getSnapshot().items.map((i) => [i.strFileName, i.state])).toEqual([
      ['b.svs', 'uploaded'],
    ]);
    // Nothing more of a.svs was sent (the held chunk was cut off, no other begun).
    expect(server.log.filter((l) => l.startsWith('a.svs'))).toHaveLength(aSent);
  });

  it('refuses what the checks refuse: type, content, name, and a folder without slides', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const text = new File(['this is not a slide at all'], 'fake.svs', { lastModified: 1 });
    const notes = new File(['x'], 'notes.txt');
    const result = await m.add(
      request(picked(text, notes, slide('done.svs', 1)), { uploadedNames: ['DONE.svs'] }),
    );
    expect(result.added).toBe(0);
    expect(result.refused).toEqual(
      expect.arrayContaining([
        { name: 'fake.svs', code: 'SLIDE_CONTENT_MISMATCH' },
        { name: 'notes.txt', code: 'SLIDE_TYPE_UNSUPPORTED' },
        { name: 'done.svs', code: 'SLIDE_NAME_EXISTS' },
      ]),
    );
    const folder = await m.add(
      request([{ path: 'Box/readme.md', file: new File(['x'], 'readme.md') }], {
        strict: false,
        folderName: 'Box',
      }),
    );
    expect(folder.refused).toEqual([{ name: 'Box', code: 'noSlideFolder' }]);
    expect(m.getSnapshot().items).toEqual([]);
  });

  it('a text file renamed .svs does not take its name from the real slide chosen after it', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const text = new File(['this is not a slide at all'], 'x.svs', { lastModified: 1 });
    const result = await m.add(
      request(
        [
          { path: 'Box/A/x.svs', file: text },
          { path: 'Box/B/x.svs', file: slide('x.svs', 2) },
        ],
        { strict: false, folderName: 'Box' },
      ),
    );
    expect(result.refused).toEqual([{ name: 'x.svs', code: 'SLIDE_CONTENT_MISMATCH' }]);
    expect(result.added).toBe(1);
    expect(m.getSnapshot().items.map((i) => [i.strFileName, i.lSize])).toEqual([
      ['x.svs', 2 * FAKE_CHUNK - 3],
    ]);
  });

  it('an empty file named .svs is said to be empty, not of the wrong content', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const result = await m.add(request([{ path: 'zero.svs', file: new File([], 'zero.svs') }]));
    expect(result.refused).toEqual([{ name: 'zero.svs', code: 'emptyFile' }]);
    expect(result.added).toBe(0);
    // So is an MRXS slide whose .mrxs file is empty, though its data folder is not.
    const mrxs = await m.add(
      request(
        [
          { path: 'Box/s.mrxs', file: new File([], 's.mrxs') },
          { path: 'Box/s/Slidedat.ini', file: new File(['[GENERAL]\n'], 'Slidedat.ini') },
          { path: 'Box/s/Index.dat', file: new File(['i'], 'Index.dat') },
          { path: 'Box/s/Data0000.dat', file: new File(['d'], 'Data0000.dat') },
        ],
        { strict: false, folderName: 'Box' },
      ),
    );
    expect(mrxs.refused).toEqual([{ name: 's.mrxs', code: 'emptyFile' }]);
    expect(mrxs.added).toBe(0);
  });

  it('a single upload of two files, one not a slide, still says it takes one file', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const text = new File(['this is not a slide at all'], 'fake.svs', { lastModified: 1 });
    const result = await m.add(request(picked(text, slide('a.svs', 1)), { iUploadType: 0 }));
    expect(result.refused).toEqual([{ name: '', code: 'singleOnly' }]);
    expect(m.getSnapshot().items).toEqual([]);
  });

  it('a pause lets the chunks on the wire finish and keeps them, and begins no other', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const file = slide('slow.svs', 6);
    await m.add(request(picked(file)));
    // Chunks 2 and 3 hang on a slow link when the user pauses.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const onWire: number[] = [];
    server.beforeChunk = async (chunk) => {
      if (chunk.iChunk >= 2) {
        onWire.push(chunk.iChunk);
        await gate;
      }
    };
    m.start();
    await vi.waitFor(() => expect(onWire).toEqual([2, 3]));
    m.stop();
    const iFileId = m.getSnapshot().items[0]!.iFileId;
    expect(m.getSnapshot()).toMatchObject({ uploading: false, pausing: iFileId });
    expect(m.getSnapshot().items[0]!.state).toBe('paused');
    // The server hears of the pause once the chunks on the wire have ended (else one of them
    // would mark the upload active again).
    expect(server.paused).toEqual([]);
    release();
    await m.idle();
    const docId = m.getSnapshot().items[0]!.iSlideDocumentId;
    expect(server.paused).toEqual([docId]);
    // Both were stored and count; chunk 4 was never begun.
    expect(server.log).toEqual(['slow.svs#0', 'slow.svs#1', 'slow.svs#2', 'slow.svs#3']);
    expect(m.getSnapshot()).toMatchObject({ pausing: null });
    expect(m.getSnapshot().items[0]).toMatchObject({ state: 'paused', lProgress: 4 * FAKE_CHUNK });
    expect(heldBy(server, m)).toBe(4 * FAKE_CHUNK);
    // Resumed, nothing of them is sent again.
    server.beforeChunk = null;
    m.start();
    await m.idle();
    expect(server.log.slice(4)).toEqual(['slow.svs#4', 'slow.svs#5!']);
    expect(server.contentOf(m.getSnapshot().items[0]!.iSlideDocumentId!, 'slow.svs')).toEqual(
      await bytesOf(file),
    );
  });

  it('a pause cuts off the chunks that do not finish in time, and gives their bytes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { server, m } = await uploadWithStuckChunk();
      m.stop();
      const sentBefore = server.log.length;
      await vi.advanceTimersByTimeAsync(WIND_DOWN_MS - 1);
      expect(m.getSnapshot().pausing).toBe(m.getSnapshot().items[0]!.iFileId);
      await vi.advanceTimersByTimeAsync(1);
      await m.idle();
      expect(m.getSnapshot().pausing).toBeNull();
      expect(server.log).not.toContain('stuck.svs#2');
      // Nothing was begun after the pause, and the item shows what the server holds: the other
      // worker's chunks (sent before the pause) count, the cut-off chunk 2 does not.
      expect(server.log).toHaveLength(sentBefore);
      expect(m.getSnapshot().items[0]!.lProgress).toBe(heldBy(server, m));
      expect(heldBy(server, m)).toBe(sentBefore * FAKE_CHUNK);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resumed while its pause winds down, the chunks on the wire go on and it continues', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = new FakeUploadServer();
      const { m } = manager(server);
      const file = slide('slow.svs', 6);
      await m.add(request(picked(file)));
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const onWire: number[] = [];
      const tries: number[] = [];
      server.beforeChunk = async (chunk) => {
        tries.push(chunk.iChunk);
        if (chunk.iChunk >= 2 && onWire.length < 2) {
          onWire.push(chunk.iChunk);
          await gate;
        }
      };
      m.start();
      await vi.waitFor(() => expect(onWire).toEqual([2, 3]));
      m.stop();
      const iFileId = m.getSnapshot().items[0]!.iFileId;
      m.start();
      // Shown as going on, not as waiting; and the pause's time limit no longer cuts them off.
      expect(m.getSnapshot()).toMatchObject({ uploading: true, resuming: iFileId, pausing: null });
      await vi.advanceTimersByTimeAsync(WIND_DOWN_MS + 1);
      release();
      await m.idle();
      expect(m.getSnapshot().items[0]).toMatchObject({ state: 'uploaded' });
      // Resumed before its pause took effect: the server was never told it paused.
      expect(server.paused).toEqual([]);
      // Every chunk was sent once: none was cut off and sent again.
      expect([...tries].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect([...server.log].sort()).toEqual(
        [
          'slow.svs#0',
          'slow.svs#1',
          'slow.svs#2',
          'slow.svs#3',
          'slow.svs#4',
          'slow.svs#5!',
        ].sort(),
      );
      expect(server.contentOf(m.getSnapshot().items[0]!.iSlideDocumentId!, 'slow.svs')).toEqual(
        await bytesOf(file),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('paused again after such a resume, it pauses, and its time limit runs again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { server, m } = await uploadWithStuckChunk();
      m.stop();
      m.start();
      m.stop();
      const item = () => m.getSnapshot().items[0]!;
      expect(item().state).toBe('paused');
      expect(m.getSnapshot().pausing).toBe(item().iFileId);
      await vi.advanceTimersByTimeAsync(WIND_DOWN_MS);
      await m.idle();
      expect(item()).toMatchObject({ state: 'paused', lProgress: heldBy(server, m) });
      expect(m.getSnapshot().pausing).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slide whose completing chunk a pause let finish is uploaded, not left paused', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('last.svs', 3))));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let completing = false;
    server.beforeChunk = async (chunk) => {
      if (chunk.iUpdadeState === 1) {
        completing = true;
        await gate;
      }
    };
    const done: string[] = [];
    m.onCompleted((item) => done.push(item.strFileName));
    m.start();
    await vi.waitFor(() => expect(completing).toBe(true));
    m.stop();
    expect(m.getSnapshot().items[0]!.state).toBe('paused');
    release();
    await m.idle();
    expect(m.getSnapshot().items[0]).toMatchObject({ state: 'uploaded' });
    expect(done).toEqual(['last.svs']);
  });

  it('keeps the record of an upload registered while a pause winds down', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('reg.svs', 3))));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const register = server.register.bind(server);
    let registering = false;
    server.register = async (input, signal) => {
      registering = true;
      await gate;
      return register(input, signal);
    };
    m.start();
    await vi.waitFor(() => expect(registering).toBe(true));
    m.stop();
    release();
    await m.idle();
    const item = m.getSnapshot().items[0]!;
    expect(item.state).toBe('paused');
    // Known, so that it continues (or a cancel frees its storage on the server).
    expect(item.iSlideDocumentId).toBe([...server.docs.keys()][0]);
  });

  it('cancelled while its upload record is being made, the record made is cancelled too', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('new.svs', 3))));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const register = server.register.bind(server);
    let registering = false;
    // The request reached the server, which made the record; its answer is still on its way.
    server.register = async (input, signal) => {
      const answer = register(input, new AbortController().signal);
      registering = true;
      await gate;
      signal.throwIfAborted();
      return answer;
    };
    m.start();
    await vi.waitFor(() => expect(registering).toBe(true));
    const cancelled = m.cancel(m.getSnapshot().items[0]!.iFileId);
    release();
    await cancelled;
    await m.idle();
    expect(m.getSnapshot().items).toEqual([]);
    // Not left behind on the server as an upload no one sends.
    expect(server.docs.size).toBe(0);
    expect(server.cancelled).toHaveLength(1);
  });

  it('cancels an unfinished upload on the server too', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 4))));
    server.beforeChunk = () => m.stop();
    m.start();
    await m.idle();
    const id = m.getSnapshot().items[0]!.iSlideDocumentId!;
    const told: number[] = [];
    m.onCancelled((item) => told.push(item.iSlideDocumentId!));
    await m.cancel(m.getSnapshot().items[0]!.iFileId);
    expect(server.cancelled).toEqual([id]);
    // The screens are told, so lists and storage figures reload.
    expect(told).toEqual([id]);
    expect(server.docs.has(id)).toBe(false);
    expect(m.getSnapshot().items).toEqual([]);
  });

  it('stops the whole queue when the storage is used up, without losing the items', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 2), slide('b.svs', 2, 2))));
    server.refuseFirstChunk = 'CAPACITY_USED_UP';
    m.start();
    await m.idle();
    const { items, uploading } = m.getSnapshot();
    expect(uploading).toBe(false);
    expect(items[0]).toMatchObject({ state: 'paused', reason: refusedWith('CAPACITY_USED_UP') });
    expect(items[1]!.state).toBe('waiting');
  });

  /** The second chunk, the first time it is sent, finds the session gone (401): the client goes
   * to the login page. */
  const endSessionAtSecondChunk = (server: FakeUploadServer) => {
    let ended = false;
    server.beforeChunk = (chunk) => {
      if (chunk.iChunk === 1 && !ended) {
        ended = true;
        throw new FakeCallError(401, 'SESSION_EXPIRED');
      }
    };
  };

  it('goes on by itself once logged in again after the session ended mid-upload', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const file = slide('a.svs', 3);
    await m.add(request(picked(file)));
    endSessionAtSecondChunk(server);
    m.start();
    await m.idle();
    expect(m.getSnapshot()).toMatchObject({ uploading: false });
    expect(m.getSnapshot().items[0]).toMatchObject({
      state: 'paused',
      reason: { key: 'sessionEnded' },
    });
    // Logged in again (the same user, in this tab): it goes on, and the slide is whole.
    m.resumeAfterLogin();
    await m.idle();
    const item = m.getSnapshot().items[0]!;
    expect(item.state).toBe('uploaded');
    expect(server.contentOf(item.iSlideDocumentId!, 'a.svs')).toEqual(await bytesOf(file));
  });

  it('does not go on for another user who logs in after the session ended', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 3))));
    endSessionAtSecondChunk(server);
    m.start();
    await m.idle();
    // Another user logs in (their queue is loaded first), then the first one again: this tab
    // forgot the files, so nothing starts by itself.
    m.switchUser(USER + 1);
    m.resumeAfterLogin();
    expect(m.getSnapshot()).toMatchObject({ uploading: false, items: [] });
    m.switchUser(USER);
    m.resumeAfterLogin();
    expect(m.getSnapshot().uploading).toBe(false);
    expect(m.getSnapshot().items[0]).toMatchObject({ state: 'paused', bNeedsFiles: true });
  });

  it('keeps the user’s pause when a chunk finishing after it finds the session ended', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('slow.svs', 6))));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let onWire = 0;
    server.beforeChunk = async (chunk) => {
      if (chunk.iChunk >= 2) {
        onWire += 1;
        await gate;
        throw new FakeCallError(401, 'SESSION_EXPIRED');
      }
    };
    m.start();
    await vi.waitFor(() => expect(onWire).toBe(2));
    // Paused by the user while chunks 2 and 3 are on the wire; they then find the session ended
    // (a failure after the pause is its wind-down's, not a reason to pause again).
    m.stop();
    release();
    await m.idle();
    expect(m.getSnapshot().items[0]).toMatchObject({ state: 'paused', reason: null });
    // A login does not undo the pause.
    server.beforeChunk = null;
    m.resumeAfterLogin();
    expect(m.getSnapshot()).toMatchObject({ uploading: false });
    expect(m.getSnapshot().items[0]!.state).toBe('paused');
  });

  it('leaves alone, after a login, an upload paused for another reason', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 2))));
    server.refuseFirstChunk = 'CAPACITY_USED_UP';
    m.start();
    await m.idle();
    m.resumeAfterLogin();
    expect(m.getSnapshot()).toMatchObject({ uploading: false });
    expect(m.getSnapshot().items[0]!.state).toBe('paused');
  });

  it('says the connection is lost while chunks are retried, and drops it once they pass', async () => {
    const server = new FakeUploadServer();
    const seen: Array<LinkTrouble | null> = [];
    let tick = () => {};
    // Each pause between tries looks at what the panel would show after a second's sample.
    const { m } = manager(server, undefined, async () => {
      tick();
      const { trouble, speed, remaining } = m.getSnapshot();
      seen.push(trouble);
      expect({ speed, remaining }).toEqual({ speed: 0, remaining: null });
    });
    (m as unknown as { deps: { setInterval: (run: () => void) => unknown } }).deps.setInterval = (
      run,
    ) => {
      tick = run;
      return 0;
    };
    await m.add(request(picked(slide('a.svs', 3))));
    // Chunks 0 and 1 pass (bytes on the wire), then the last one finds no server twice.
    let lost = false;
    server.beforeChunk = async ({ iChunk }) => {
      if (iChunk === 2 && !lost) {
        lost = true;
        server.failures = [0, 0];
      }
    };
    const before = Date.now();
    m.start();
    await m.idle();
    expect(seen).toHaveLength(2);
    for (const trouble of seen) {
      expect(trouble?.kind === 'retrying' && trouble.retryAt).toBeGreaterThanOrEqual(before);
    }
    expect(m.getSnapshot().trouble).toBeNull();
    expect(m.getSnapshot().items[0]!.state).toBe('uploaded');
  });

  it('drops the lost connection as soon as bytes go out again, before the chunk is answered', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 2))));
    // The last chunk finds no network once; its next try is on the wire for a long while (a
    // megabyte on a slow link) before the server answers.
    let lost = false;
    const whileSending: Array<LinkTrouble | null> = [];
    server.beforeChunk = ({ iChunk }) => {
      if (iChunk === 1 && !lost) {
        lost = true;
        server.failures = [0];
      }
    };
    server.afterSent = ({ iChunk }) => {
      if (iChunk === 1) {
        whileSending.push(m.getSnapshot().trouble);
      }
    };
    m.start();
    await m.idle();
    expect(lost).toBe(true);
    expect(whileSending).toEqual([null]);
    expect(m.getSnapshot().items[0]!.state).toBe('uploaded');
  });

  it('leaves a slide another tab of the browser is sending to that tab, and goes on with the next', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    const asked: string[] = [];
    (m as unknown as { deps: { tabLocks: TabLocks } }).deps.tabLocks = {
      // Another tab holds the first slide's upload.
      holding: async (name, work) => (asked.push(name) === 1 ? null : work()),
    };
    await m.add(request(picked(slide('a.svs', 2), slide('b.svs', 2, 2))));
    m.start();
    await m.idle();
    const [a, b] = m.getSnapshot().items;
    expect(a).toMatchObject({ strFileName: 'a.svs', state: 'paused', reason: { key: 'otherTab' } });
    expect(b).toMatchObject({ strFileName: 'b.svs', state: 'uploaded' });
    expect(server.log.filter((l) => l.startsWith('a.svs'))).toEqual([]);
    // Each slide's lock is named after its document.
    expect(asked).toEqual(
      [a!.iSlideDocumentId, b!.iSlideDocumentId].map((id) => uploadLockName(id!)),
    );
  });

  it('knows the slides whose lock it holds, also while a pause lets go of it', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    // Locks as a browser keeps them: let go only some time after the work has settled.
    let letGo = () => {};
    (m as unknown as { deps: { tabLocks: TabLocks } }).deps.tabLocks = {
      holding: async (_name, work) => {
        try {
          return await work();
        } finally {
          await new Promise<void>((resolve) => (letGo = resolve));
        }
      },
    };
    await m.add(request(picked(slide('a.svs', 4))));
    const holds: boolean[] = [];
    server.beforeChunk = () => {
      holds.push(m.locksHeldHere().has(m.getSnapshot().items[0]!.iSlideDocumentId!));
      m.stop();
    };
    m.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Paused, and the lock not let go yet: still this tab's (the panel must not call it another's).
    const id = m.getSnapshot().items[0]!.iSlideDocumentId!;
    expect(m.getSnapshot().items[0]!.state).toBe('paused');
    expect(m.locksHeldHere().has(id)).toBe(true);
    letGo();
    await m.idle();
    expect(holds[0]).toBe(true);
    expect(m.locksHeldHere().has(id)).toBe(false);
  });

  it('takes no speed samples while the connection is lost, and measures afresh once it is back', async () => {
    const server = new FakeUploadServer();
    let tick = () => {};
    const { m } = manager(server, undefined, async () => tick());
    const internals = m as unknown as {
      deps: { setInterval: (run: () => void) => unknown; concurrency: number };
      meter: { samples: number[] };
    };
    internals.deps.setInterval = (run) => {
      tick = run;
      return 0;
    };
    internals.deps.concurrency = 1;
    await m.add(request(picked(slide('a.svs', 4))));
    // Chunk 2 finds no server five times (five seconds of outage tick by), then passes.
    const afterRecovery: number[][] = [];
    server.beforeChunk = async ({ iChunk }) => {
      if (iChunk === 2 && afterRecovery.length === 0 && server.failures.length === 0) {
        server.failures = [0, 0, 0, 0, 0];
        afterRecovery.push([]);
      } else if (iChunk === 3) {
        tick();
        afterRecovery.push([...internals.meter.samples]);
      }
    };
    m.start();
    await m.idle();
    expect(m.getSnapshot().items[0]!.state).toBe('uploaded');
    // The first second after the outage is the only sample: none of the outage's zeros, nor the
    // speed from before it, drag the average shown down.
    expect(afterRecovery.at(-1)).toHaveLength(1);
  });

  it('shows no speed until the first second after a start or resume is measured', async () => {
    const server = new FakeUploadServer();
    let tick = () => {};
    const { m } = manager(server);
    const internals = m as unknown as {
      deps: { setInterval: (run: () => void) => unknown; concurrency: number };
    };
    internals.deps.setInterval = (run) => {
      tick = run;
      return 0;
    };
    // One chunk at a time: the first two are through when the third is asked for.
    internals.deps.concurrency = 1;
    await m.add(request(picked(slide('a.svs', 4))));
    const seen: (number | null)[] = [];
    const left: (Remaining | null)[] = [];
    server.beforeChunk = async ({ iChunk }) => {
      if (iChunk === 2) {
        // Started, nothing measured yet: unknown, not "0 B/s" (which reads as a stalled link).
        seen.push(m.getSnapshot().speed);
        tick();
        seen.push(m.getSnapshot().speed);
        // The first second's speed is shown, but no time is told from it (it was partly spent
        // starting): "3 min" for a twenty-second upload.
        left.push(m.getSnapshot().remaining);
      } else if (iChunk === 3) {
        tick();
        left.push(m.getSnapshot().remaining);
      }
    };
    m.start();
    await m.idle();
    expect(seen[0]).toBeNull();
    expect(seen[1]).toBeGreaterThan(0);
    expect(left[0]).toBeNull();
    expect(left[1]).not.toBeNull();
  });

  it('pauses a slide larger than the storage left and goes on with those that fit', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('big.svs', 2), slide('small.svs', 2, 2))));
    server.refuseRecords = (name) => (name === 'big.svs' ? 'SLIDE_EXCEEDS_CAPACITY' : null);
    m.start();
    await m.idle();
    const { items, uploading } = m.getSnapshot();
    expect(uploading).toBe(false);
    expect(items.find((i) => i.strFileName === 'big.svs')).toMatchObject({
      state: 'paused',
      reason: refusedWith('SLIDE_EXCEEDS_CAPACITY'),
    });
    expect(items.find((i) => i.strFileName === 'small.svs')!.state).toBe('uploaded');

    // Storage freed: start tries the paused slide again.
    server.refuseRecords = null;
    m.start();
    await m.idle();
    expect(m.getSnapshot().items.find((i) => i.strFileName === 'big.svs')!.state).toBe('uploaded');
  });

  it('a failed slide moves to the finished list with its reason and the next one goes on', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('a.svs', 2))));
    server.refuseFirstChunk = 'SLIDE_CONTENT_MISMATCH';
    m.start();
    await m.idle();
    server.refuseFirstChunk = null;
    await m.add(request(picked(slide('b.svs', 2, 2))));
    m.start();
    await m.idle();
    expect(m.getSnapshot().items.map((i) => [i.strFileName, i.state, i.reason])).toEqual([
      ['a.svs', 'failed', refusedWith('SLIDE_CONTENT_MISMATCH')],
      ['b.svs', 'uploaded', null],
    ]);
  });

  it('keeps each user’s queue to themselves', async () => {
    const server = new FakeUploadServer();
    const { m, storage } = manager(server);
    await m.add(request(picked(slide('a.svs', 1))));
    m.switchUser(4);
    expect(m.getSnapshot().items).toEqual([]);
    m.switchUser(null);
    expect(m.getSnapshot().items).toEqual([]);
    m.switchUser(USER);
    expect(m.getSnapshot().items.map((i) => i.strFileName)).toEqual(['a.svs']);
    expect(storage.getItem(storageKeyOf(4))).toBeNull();
  });

  it('a user switch mid-upload leaves the next user’s queue alone, and theirs runs', async () => {
    const server = new FakeUploadServer();
    const { m } = manager(server);
    await m.add(request(picked(slide('mine.svs', 4))));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.beforeChunk = () => held;
    // The held chunks still arrive and are acknowledged after the switch.
    server.ignoreAbort = true;
    m.start();
    await new Promise((r) => setTimeout(r, 10));
    m.switchUser(4);
    await m.add(request(picked(slide('theirs.svs', 2, 5))));
    m.start();
    release();
    server.beforeChunk = null;
    await m.idle();
    await m.idle();
    expect(m.getSnapshot().items.map((i) => [i.strFileName, i.state, i.iFileId])).toEqual([
      ['theirs.svs', 'uploaded', 1],
    ]);
    m.switchUser(USER);
    expect(m.getSnapshot().items.map((i) => [i.strFileName, i.state])).toEqual([
      ['mine.svs', 'paused'],
    ]);
  });
  it('two tabs sharing the stored queue keep each other’s slides, and the sender’s progress', async () => {
    const server = new FakeUploadServer();
    const { m: tabA, storage } = manager(server);
    await tabA.add(request(picked(slide('a.svs', 4))));
    // Tab B opens while A sends a.svs, and adds a slide of its own.
    let tabB: UploadManager | null = null;
    server.beforeChunk = async () => {
      if (!tabB) {
        tabB = manager(server, storage).m;
        await tabB.add(request(picked(slide('b.svs', 2, 2))));
      }
    };
    tabA.start();
    await tabA.idle();
    server.beforeChunk = null;
    // A wrote after B added b.svs, and B wrote after A had sent some of a.svs: neither is lost.
    const reloaded = manager(server, storage).m;
    const items = reloaded.getSnapshot().items;
    expect(items.map((i) => [i.strFileName, i.state])).toEqual([
      ['b.svs', 'paused'],
      ['a.svs', 'uploaded'],
    ]);
    // The two tabs each numbered their first slide 1; read back, they are two items.
    expect(new Set(items.map((i) => i.iFileId)).size).toBe(2);
  });

  it('a second tab shows at once what the first adds, sends, finishes and clears', async () => {
    const server = new FakeUploadServer();
    const { m: tabA, storage } = manager(server);
    const { m: tabB } = manager(server, storage);
    const key = storageKeyOf(USER);
    const shown = (m: UploadManager) =>
      m.getSnapshot().items.map((i) => [i.strFileName, i.state, i.bNeedsFiles]);
    await tabB.add(request(picked(slide('b.svs', 2, 2))));
    await tabA.add(request(picked(slide('a.svs', 3))));
    // The browser tells B that A wrote (the storage event); another user's queue is not B's.
    tabB.storedQueueChanged(storageKeyOf(USER + 1));
    expect(shown(tabB)).toEqual([['b.svs', 'waiting', false]]);
    tabB.storedQueueChanged(key);
    // A's slide waits in B for its files; B's own slide is untouched, and each has its number.
    expect(shown(tabB)).toEqual([
      ['b.svs', 'waiting', false],
      ['a.svs', 'paused', true],
    ]);
    expect(new Set(tabB.getSnapshot().items.map((i) => i.iFileId)).size).toBe(2);

    tabA.start();
    await tabA.idle();
    tabB.storedQueueChanged(key);
    expect(shown(tabB)).toEqual([
      ['b.svs', 'waiting', false],
      ['a.svs', 'uploaded', true],
    ]);
    // B sends its own slide; what A stored of it (B's first write) does not hold B's copy back.
    tabB.start();
    await tabB.idle();
    expect(shown(tabB).map(([name, state]) => [name, state])).toEqual([
      ['b.svs', 'uploaded'],
      ['a.svs', 'uploaded'],
    ]);
    // A clears its finished list: B drops the slides too, and a reload agrees.
    tabA.storedQueueChanged(key);
    tabA.clearFinished();
    tabB.storedQueueChanged(key);
    expect(shown(tabB)).toEqual([]);
    expect(manager(server, storage).m.getSnapshot().items).toEqual([]);
  });
});
