import { describe, expect, it } from 'vitest';
import {
  FAKE_CHUNK,
  FakeCallError,
  FakeUploadServer,
  patterned,
} from '../test-support/fake-upload-server';
import { chunkHasher } from './crc32';
import type { RetryPolicy } from './retry';
import { FINAL_QUIET_MS, uploadDocument, type DocumentJob, type Readable } from './upload-document';

/** The reason a refusal of the fake server leaves: its text, and its parts for other languages. */
const refusedWith = (code: string) => ({
  text: code,
  message: { code, params: {}, messageParams: {} },
});

const noWait = async () => {};
const POLICY: RetryPolicy = { maxFailures: 4, baseMs: 1, maxMs: 1 };
const CASE = { iPatientId: 7, iUploadType: 1 as const };

/** The chunk hash as the browser has it: hash-wasm's CRC-32 (the fake server checks in TypeScript). */
const hash = chunkHasher(() => import('./wasm-crc32'));

const blob = (bytes: Uint8Array): Readable => new Blob([bytes as Uint8Array<ArrayBuffer>]);

async function start(server: FakeUploadServer, files: Record<string, Uint8Array>, name: string) {
  const declared = Object.entries(files).map(([strFilePath, b]) => ({
    strFilePath,
    lSize: b.length,
  }));
  const lSize = declared.reduce((s, f) => s + f.lSize, 0);
  const answer = await server.register(
    {
      ...CASE,
      listFile: [
        {
          strFileName: name,
          lSize,
          lLastModified: 1,
          ...(declared.length > 1 ? { listFileSliceInfo: declared } : {}),
        },
      ],
    },
    new AbortController().signal,
  );
  return answer.listFile[0]!;
}

function job(
  server: FakeUploadServer,
  status: DocumentJob['status'],
  files: Record<string, Uint8Array>,
  over: Partial<DocumentJob> = {},
) {
  const progress: number[] = [];
  const j: DocumentJob = {
    status,
    files: new Map(Object.entries(files).map(([path, bytes]) => [path, blob(bytes)])),
    send: (request) => server.sendChunk(request),
    hash,
    signal: new AbortController().signal,
    policy: POLICY,
    sleep: noWait,
    onProgress: (bytes) => progress.push(bytes),
    ...over,
  };
  return { job: j, progress };
}

/**
 * A two-chunk document uploaded with `onFinal` sending the completing chunk's bytes (before the
 * fake server takes it); what onCompleting said, in order.
 */
async function completingSaid(
  onFinal: (request: Parameters<DocumentJob['send']>[0], said: boolean[]) => Promise<void>,
): Promise<boolean[]> {
  const server = new FakeUploadServer();
  const bytes = patterned(FAKE_CHUNK * 2);
  const status = await start(server, { 'a.svs': bytes }, 'a.svs');
  const said: boolean[] = [];
  const send: DocumentJob['send'] = async (request) => {
    if (request.iUpdadeState === 1) {
      await onFinal(request, said);
    }
    return server.sendChunk(request);
  };
  const { job: j } = job(
    server,
    status,
    { 'a.svs': bytes },
    { send, concurrency: 1, onCompleting: (on) => said.push(on) },
  );
  expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
  return said;
}

describe('uploading one slide document', () => {
  it('sends every chunk with its CRC-32, completes last, and the server holds the file', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 5 + 3);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    const { job: j, progress } = job(server, status, { 'a.svs': bytes });
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    expect(server.docs.get(status.iSlideDocumentId)!.state).toBe(1);
    expect(server.contentOf(status.iSlideDocumentId, 'a.svs')).toEqual(bytes);
    // Five chunks in any order, then the completing one, alone and last.
    expect(server.log.slice(0, 5).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `a.svs#${i}`));
    expect(server.log[5]).toBe('a.svs#5!');
    expect(server.log).toHaveLength(6);
    expect(progress.at(-1)).toBe(bytes.length);
  });

  it('hash-wasm gives the standard CRC-32 in 8 lower-case hex digits (check value, zero-padded)', async () => {
    expect(await hash(new TextEncoder().encode('123456789'))).toBe('cbf43926');
    expect(await hash(new TextEncoder().encode('chunk 107'))).toBe('00c5765e');
  });

  it('shows the bytes on the wire before the chunk is acknowledged, and drops a failed try’s', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 2);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    let tries = 0;
    const send: DocumentJob['send'] = async (request) => {
      tries += 1;
      // Half of the first chunk leaves, then (on the first try only) the link fails.
      request.onSent(FAKE_CHUNK / 2);
      if (tries === 1) {
        throw new FakeCallError(0, 'NETWORK');
      }
      // The form's own fields count too, but never beyond the chunk's length.
      request.onSent(FAKE_CHUNK);
      return server.sendChunk(request);
    };
    const { job: j, progress } = job(server, status, { 'a.svs': bytes }, { send, concurrency: 1 });
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    // Half a chunk on the wire; after the failure the retry starts from nothing again.
    expect(progress.slice(0, 3)).toEqual([FAKE_CHUNK / 2, 0, FAKE_CHUNK]);
    expect(Math.max(...progress)).toBe(bytes.length);
    expect(progress.at(-1)).toBe(bytes.length);
  });

  it('says the server checks the file once the last chunk is sent, not while its bytes still go', async () => {
    const said = await completingSaid(async (request, said) => {
      // A slow link: a byte at a time for 1.5 quiet times: no check said meanwhile.
      for (let left = FAKE_CHUNK - 1; left > 0; left -= 1) {
        request.onSent(1);
        expect(said).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, FINAL_QUIET_MS / 10));
      }
      expect(said).toEqual([]);
      // The last byte sent: the server is checking.
      request.onSent(FAKE_CHUNK);
      expect(said).toEqual([true]);
    });
    expect(said).toEqual([true]);
  });

  it('says the server checks the file when the browser reports no bytes of the last chunk', async () => {
    const said = await completingSaid(async (_, said) => {
      await new Promise((resolve) => setTimeout(resolve, FINAL_QUIET_MS * 1.5));
      expect(said).toEqual([true]);
    });
    expect(said).toEqual([true]);
  });

  it('says nothing of the server’s check while the last chunk stalls halfway on the link', async () => {
    const said = await completingSaid(async (request, said) => {
      request.onSent(FAKE_CHUNK / 2);
      await new Promise((resolve) => setTimeout(resolve, FINAL_QUIET_MS * 1.5));
      expect(said).toEqual([]);
      request.onSent(FAKE_CHUNK / 2);
      expect(said).toEqual([true]);
    });
    expect(said).toEqual([true]);
  });

  it('takes the check back while the last chunk is sent again after a failed answer', async () => {
    let tries = 0;
    const said = await completingSaid(async (request) => {
      tries += 1;
      if (tries === 1) {
        // All sent, then the answer is a 503: sent again (the fake server reports its bytes).
        request.onSent(FAKE_CHUNK);
        throw new FakeCallError(503, undefined);
      }
    });
    expect(said).toEqual([true, false, true]);
  });

  it('a pause gives back what the cut-off chunks had on the wire', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 3);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    const pause = new AbortController();
    const send: DocumentJob['send'] = async (request) => {
      // The first chunk is half sent when the user pauses.
      request.onSent(FAKE_CHUNK / 2);
      pause.abort();
      throw request.signal.reason;
    };
    const { job: j, progress } = job(
      server,
      status,
      { 'a.svs': bytes },
      { send, concurrency: 1, signal: pause.signal },
    );
    expect((await uploadDocument(j)).kind).toBe('paused');
    // Half a chunk shown while on the wire, then given back: nothing is stored.
    expect(progress).toEqual([FAKE_CHUNK / 2, 0]);
  });

  it('never completes before every other chunk is acknowledged', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 8);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    const inFlight = new Set<number>();
    let maxInFlight = 0;
    server.beforeChunk = async (request) => {
      if (request.iUpdadeState === 1) {
        expect(inFlight.size).toBe(0);
        return;
      }
      inFlight.add(request.iChunk);
      maxInFlight = Math.max(maxInFlight, inFlight.size);
      await new Promise((r) => setTimeout(r, 2));
      inFlight.delete(request.iChunk);
    };
    const { job: j } = job(server, status, { 'a.svs': bytes }, { concurrency: 3 });
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    // Several chunks were in flight at once, never more than asked.
    expect(maxInFlight).toBe(3);
  });

  it('sends only what the server lacks when resuming', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 4);
    const first = await start(server, { 'a.svs': bytes }, 'a.svs');
    // The first attempt stops after two chunks.
    const controller = new AbortController();
    let sent = 0;
    server.beforeChunk = () => {
      sent += 1;
      if (sent === 3) {
        controller.abort();
      }
    };
    const { job: j1 } = job(
      server,
      first,
      { 'a.svs': bytes },
      { signal: controller.signal, concurrency: 1 },
    );
    expect(await uploadDocument(j1)).toMatchObject({ kind: 'paused', reason: null });
    expect(server.log).toEqual(['a.svs#0', 'a.svs#1']);

    server.beforeChunk = null;
    server.log.length = 0;
    const again = await start(server, { 'a.svs': bytes }, 'a.svs');
    expect(again.listFileSliceInfo[0]!.listReceived).toEqual([[0, 1]]);
    const { job: j2, progress } = job(server, again, { 'a.svs': bytes });
    expect(await uploadDocument(j2)).toEqual({ kind: 'uploaded' });
    expect(server.log).toEqual(['a.svs#2', 'a.svs#3!']);
    expect(progress).toEqual([FAKE_CHUNK * 3, FAKE_CHUNK * 4]);
    expect(server.contentOf(again.iSlideDocumentId, 'a.svs')).toEqual(bytes);
  });

  it('sends a chunk again when its checksum was damaged on the way', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 2);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    server.corrupt = 2;
    const { job: j } = job(server, status, { 'a.svs': bytes }, { concurrency: 1 });
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    expect(server.log).toEqual(['a.svs#0', 'a.svs#0', 'a.svs#0', 'a.svs#1!']);
  });

  it('pauses (does not fail) when the checksum keeps failing', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 2);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    server.corrupt = 100;
    const { job: j } = job(server, status, { 'a.svs': bytes }, { concurrency: 1 });
    expect(await uploadDocument(j)).toEqual({
      kind: 'paused',
      reason: { key: 'checksum' },
      stopQueue: false,
      needsFiles: false,
    });
  });

  it('retries network failures and 5xx, then succeeds', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 3);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    server.failures = [0, 502, 503];
    const waits: number[] = [];
    const { job: j } = job(
      server,
      status,
      { 'a.svs': bytes },
      {
        concurrency: 1,
        policy: { maxFailures: 4, baseMs: 100, maxMs: 250 },
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    );
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    // Growing pauses, capped.
    expect(waits).toEqual([100, 200, 250]);
    expect(server.contentOf(status.iSlideDocumentId, 'a.svs')).toEqual(bytes);
  });

  it('pauses by itself with the reason after too many failures in a row, keeping what was sent', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 3);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    let calls = 0;
    server.beforeChunk = () => {
      calls += 1;
      if (calls > 1) {
        // The server answers, with an error every time (an unreachable one is waited for).
        server.failures = [500];
      }
    };
    const { job: j } = job(server, status, { 'a.svs': bytes }, { concurrency: 1 });
    expect(await uploadDocument(j)).toEqual({
      kind: 'paused',
      reason: { key: 'network', detail: 'HTTP 500' },
      stopQueue: true,
      needsFiles: false,
    });
    expect(server.log).toEqual(['a.svs#0']);
  });

  it('sends what completion says is missing, then completes again', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 4);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    server.lose = { strFilePath: 'a.svs', iChunk: 1 };
    const { job: j } = job(server, status, { 'a.svs': bytes }, { concurrency: 1 });
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    expect(server.log).toEqual([
      'a.svs#0',
      'a.svs#1',
      'a.svs#2',
      'a.svs#3!',
      'a.svs#1',
      'a.svs#3!',
    ]);
    expect(server.contentOf(status.iSlideDocumentId, 'a.svs')).toEqual(bytes);
  });

  it('uploads every file of a folder slide', async () => {
    const server = new FakeUploadServer();
    const files = {
      'S.mrxs': patterned(20, 1),
      'S/Slidedat.ini': patterned(40, 2),
      'S/Data0000.dat': patterned(FAKE_CHUNK * 3, 3),
    };
    const status = await start(server, files, 'S.mrxs');
    const { job: j } = job(server, status, files);
    expect(await uploadDocument(j)).toEqual({ kind: 'uploaded' });
    for (const [path, bytes] of Object.entries(files)) {
      expect(server.contentOf(status.iSlideDocumentId, path)).toEqual(bytes);
    }
  });

  it('fails the item on a refusal that sending again cannot cure', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 3);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    server.refuseFirstChunk = 'SLIDE_CONTENT_MISMATCH';
    const { job: j } = job(server, status, { 'a.svs': bytes }, { concurrency: 1 });
    expect(await uploadDocument(j)).toEqual({
      kind: 'failed',
      reason: refusedWith('SLIDE_CONTENT_MISMATCH'),
    });
    // The other chunks were not sent after the refusal.
    expect(server.log).toEqual(['a.svs#0']);
  });

  it('fails on a conflicting chunk (another file under the same name)', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 2);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    const { job: j1 } = job(server, status, { 'a.svs': bytes }, { concurrency: 1 });
    await uploadDocument(j1);
    const doc = server.docs.get(status.iSlideDocumentId)!;
    doc.state = 0;
    const other = patterned(FAKE_CHUNK * 2, 9);
    const { job: j2 } = job(server, { ...status }, { 'a.svs': other }, { concurrency: 1 });
    expect(await uploadDocument(j2)).toEqual({
      kind: 'failed',
      reason: refusedWith('CHUNK_CONFLICT'),
    });
  });

  // The hospital's storage used up, or the server's disk full: every other slide would meet it,
  // and the queue stops. A slide larger than the room left (the hospital's, or the server
  // disk's): smaller ones may fit, so only this one waits.
  it.each([
    ['CAPACITY_USED_UP', true],
    ['SERVER_DISK_FULL', true],
    ['SLIDE_EXCEEDS_CAPACITY', false],
    ['SLIDE_EXCEEDS_SERVER_DISK', false],
  ] as const)('pauses on %s, stopping the queue: %s', async (code, stopQueue) => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 2);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    server.refuseFirstChunk = code;
    const { job: j } = job(server, status, { 'a.svs': bytes });
    expect(await uploadDocument(j)).toEqual({
      kind: 'paused',
      reason: refusedWith(code),
      stopQueue,
      needsFiles: false,
    });
  });

  it('asks for the files again when one can no longer be read', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 2);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    const unreadable: Readable = {
      slice: () => ({
        arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')),
      }),
    };
    const { job: j } = job(server, status, {}, { files: new Map([['a.svs', unreadable]]) });
    expect(await uploadDocument(j)).toEqual({
      kind: 'paused',
      reason: { key: 'unreadable', detail: 'gone' },
      stopQueue: false,
      needsFiles: true,
    });
  });

  it('stops at once when the user pauses: in-flight requests are aborted', async () => {
    const server = new FakeUploadServer();
    const bytes = patterned(FAKE_CHUNK * 6);
    const status = await start(server, { 'a.svs': bytes }, 'a.svs');
    const controller = new AbortController();
    const aborted: number[] = [];
    server.beforeChunk = (request) =>
      new Promise<void>((_, reject) => {
        // Held until aborted, like a request on a slow link.
        request.signal.addEventListener('abort', () => {
          aborted.push(request.iChunk);
          reject(new DOMException('aborted', 'AbortError'));
        });
        if (request.iChunk === 2) {
          controller.abort();
        }
      });
    const { job: j } = job(
      server,
      status,
      { 'a.svs': bytes },
      { signal: controller.signal, concurrency: 3 },
    );
    expect(await uploadDocument(j)).toEqual({
      kind: 'paused',
      reason: null,
      stopQueue: false,
      needsFiles: false,
    });
    expect(aborted.sort()).toEqual([0, 1, 2]);
    expect(server.log).toEqual([]);
  });
});
