import { eitherSignal } from './either-signal';
import { digestOf, type SliceDigester } from './slice-digest';
import {
  SlideUploadState,
  missingChunksSchema,
  type ChunkResultDto,
  type FileStatusDto,
} from '@pathconsult/shared';
import { ApiError } from '@/lib/api-error';
import { serverMessageOf } from '@/lib/server-message';
import {
  chunkKey,
  chunkPlan,
  chunksInRanges,
  receivedBytes,
  type FileChunks,
  type PlannedChunk,
} from './chunk-plan';
import type { ItemReason } from './queue';
import {
  PausedError,
  abortError,
  isAbort,
  isTransient,
  withRetry,
  type LinkTrouble,
  type RetryPolicy,
  type Sleep,
} from './retry';

/**
 * Sends one slide document (spec §4 "Upload", §7 fileUploadHandler): the chunks the server lacks,
 * several at once, each with its CRC-32; then the last one flagged iUpdadeState=1, only once
 * every other chunk is acknowledged, which completes the document. The server's answers steer it:
 * a checksum refusal sends the chunk again (it was damaged on the way), a "chunks missing" answer
 * to completion sends what it lists then completes again. The transport and the hash are given,
 * so that this runs the same under test as in the browser.
 */

export interface ChunkRequest {
  iSlideDocumentId: number;
  strFilePath: string;
  iChunk: number;
  /** CRC-32 of the chunk's bytes, 8 lower-case hex digits (crc32Hex). */
  strChunkCrc32: string;
  iUpdadeState: 0 | 1;
  /** The chunk's bytes, where they were read on the page (tests' fake files). */
  bytes?: Uint8Array;
  /**
   * The file's own range the bytes were read from, when it is a Blob: sent as it is, the browser
   * streams it from the file instead of copying the bytes into a new Blob and across to its
   * network process (a third of the page's time per chunk). Bytes changed on disk since they
   * were hashed are refused by the server's checksum and read again.
   */
  slice?: Blob;
  signal: AbortSignal;
  /** Bytes put on the wire since the last call (for the speed). */
  onSent: (bytes: number) => void;
}

/** A blob-like file: what the browser's File offers for reading a range. */
export interface Readable {
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export interface DocumentJob {
  status: FileStatusDto;
  /** strFilePath (as declared) → the file to read. */
  files: ReadonlyMap<string, Readable>;
  send: (request: ChunkRequest) => Promise<ChunkResultDto>;
  hash: (bytes: Uint8Array) => Promise<string>;
  /** Reads and hashes a slice of a real File off the page's thread (slice-digest.ts). */
  digestSlice?: SliceDigester;
  signal: AbortSignal;
  /**
   * The user's pause: no chunk is begun any more and none is tried again, while those already on
   * the wire are let finish, so that their bytes are kept rather than sent again on resuming (3 MB
   * on a slow hospital link). The document then ends as paused. `signal` still cuts them off.
   */
  windDown?: AbortSignal;
  /** Chunks in flight at once. */
  concurrency?: number;
  policy?: RetryPolicy;
  sleep?: Sleep;
  /** A lost connection being retried, or no network; null once it answers again. */
  onTrouble?: (trouble: LinkTrouble | null) => void;
  /**
   * Bytes of the document sent so far: what the server acknowledged plus what is on the wire of
   * the chunks in flight (so that a slow link shows movement within a chunk), after each
   * acknowledgement and at most every PROGRESS_INTERVAL_MS while bytes leave.
   */
  onProgress: (bytes: number) => void;
  onSent?: (bytes: number) => void;
  /**
   * The completing chunk has been sent and its answer is awaited (true), or it failed or is being
   * sent again (false): every other chunk is stored, and the server checks the whole file before
   * it answers, which after a restart of the server means reading it all again (many seconds for
   * gigabytes): no slow link.
   */
  onCompleting?: (on: boolean) => void;
}

export type Outcome =
  | { kind: 'uploaded' }
  | { kind: 'failed'; reason: ItemReason }
  | { kind: 'paused'; reason: ItemReason | null; stopQueue: boolean; needsFiles: boolean };

export const DEFAULT_CONCURRENCY = 3;

/**
 * How often bytes on the wire are reported: a chunk's upload events come every 50 ms or so, and
 * each report re-renders the queue.
 */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * How long the completing chunk's bytes may stand still before the server is taken to be checking
 * the file (sendFinal).
 */
export const FINAL_QUIET_MS = 1_000;

/** Times the same chunk may fail its checksum before the upload pauses (the file is changing). */
const CHECKSUM_TRIES = 3;

/** Completion attempts answered "chunks missing" before giving up. */
const COMPLETION_TRIES = 3;

/**
 * The refusals after which the whole queue stops: every other slide would meet them too (the
 * hospital's storage, or the server's disk, is full). A slide larger than the storage left
 * (SLIDE_EXCEEDS_CAPACITY) only pauses itself: smaller ones may fit.
 */
const QUEUE_STOPPERS = new Set(['CAPACITY_USED_UP', 'SERVER_DISK_FULL']);
/** Refusals that pause the slide (start tries it again, once storage was freed) and go on. */
const ITEM_PAUSERS = new Set(['SLIDE_EXCEEDS_CAPACITY', 'SLIDE_EXCEEDS_SERVER_DISK']);

/** A refusal's reason: the server's words, and their parts when it has them. */
export function serverReason(error: ApiError): ItemReason {
  const message = serverMessageOf(error);
  return message ? { text: error.strMessage, message } : { text: error.strMessage };
}

/** What an error ends an item with. */
export function outcomeOf(error: unknown, signal: AbortSignal): Outcome {
  if (signal.aborted || isAbort(error)) {
    return { kind: 'paused', reason: null, stopQueue: false, needsFiles: false };
  }
  if (error instanceof PausedError) {
    return {
      kind: 'paused',
      reason: error.reason,
      stopQueue: error.stopQueue,
      needsFiles: error.needsFiles,
    };
  }
  if (error instanceof ApiError) {
    // The session ended (the client goes to the login page): the upload goes on by itself once
    // the same user logs in again in this tab (UploadManager.resumeAfterLogin).
    if (error.httpStatus === 401) {
      return {
        kind: 'paused',
        reason: { key: 'sessionEnded' },
        stopQueue: true,
        needsFiles: false,
      };
    }
    const text = serverReason(error);
    // The storage is full, or the link failed in a way that was not retried: nothing is lost,
    // start continues later.
    if (QUEUE_STOPPERS.has(error.strErrorCode ?? '') || isTransient(error)) {
      return { kind: 'paused', reason: text, stopQueue: true, needsFiles: false };
    }
    if (ITEM_PAUSERS.has(error.strErrorCode ?? '')) {
      return { kind: 'paused', reason: text, stopQueue: false, needsFiles: false };
    }
    return { kind: 'failed', reason: text };
  }
  // Reading the file failed: it was moved, changed or its permission withdrawn.
  if (error instanceof DOMException || error instanceof TypeError) {
    return {
      kind: 'paused',
      reason: { key: 'unreadable', detail: error.message },
      stopQueue: false,
      needsFiles: true,
    };
  }
  return {
    kind: 'failed',
    reason: { text: error instanceof Error ? error.message : String(error) },
  };
}

class DocumentSender {
  private readonly held = new Set<string>();
  private bytesHeld: number;
  /** Chunks on the wire, not yet acknowledged: key → bytes of it sent by the current try. */
  private readonly onWire = new Map<string, number>();
  private lastReport = Number.NEGATIVE_INFINITY;
  private lastReported = -1;
  private readonly chunkBytes: number;
  private readonly byPath: Map<string, FileChunks>;

  constructor(private readonly job: DocumentJob) {
    const { status } = job;
    this.chunkBytes = status.lChunkSize;
    this.byPath = new Map(status.listFileSliceInfo.map((f) => [f.strFilePath, f]));
    for (const file of status.listFileSliceInfo) {
      for (const [from, to] of file.listReceived) {
        for (let i = from; i <= to; i += 1) {
          this.held.add(chunkKey({ strFilePath: file.strFilePath, iChunk: i }));
        }
      }
    }
    this.bytesHeld = receivedBytes(status.listFileSliceInfo, this.chunkBytes);
  }

  async run(): Promise<ChunkResultDto | null> {
    const plan = chunkPlan(this.job.status.listFileSliceInfo, this.chunkBytes);
    const final = plan.final;
    if (!final) {
      return null;
    }
    await this.pool(plan.pending);
    for (let attempt = 1; ; attempt += 1) {
      this.stopIfPaused();
      try {
        return await this.sendFinal(final);
      } catch (error) {
        this.job.onCompleting?.(false);
        const missing = this.missingOf(error);
        if (!missing || attempt >= COMPLETION_TRIES) {
          throw error;
        }
        // Completion listed chunks the server lacks (lost after an acknowledgement, e.g. a disk
        // replaced): they go again, then completion is asked again.
        for (const chunk of missing) {
          this.forget(chunk);
        }
        await this.pool(missing.filter((c) => chunkKey(c) !== chunkKey(final)));
      }
    }
  }

  /**
   * The completing chunk. While its bytes go it is a chunk like the others, with speed and time
   * left shown; the server's check of the whole file (onCompleting) is said once they are all
   * sent, or once a try has gone FINAL_QUIET_MS without any progress reported (a browser that
   * reports none). It was said from the first byte, and a slow link's last megabyte looked like
   * a stalled check. A stall halfway is the link's, not the server's: nothing is said then.
   */
  private async sendFinal(final: PlannedChunk): Promise<ChunkResultDto> {
    const length = final.end - final.start;
    /** This try's bytes so far; null between tries (failed, waiting to try again). */
    let sent: number | null = null;
    let triedAt = 0;
    let shown = false;
    const look = () => {
      const now =
        sent !== null &&
        (sent >= length || (sent === 0 && performance.now() - triedAt >= FINAL_QUIET_MS));
      if (now !== shown) {
        shown = now;
        this.job.onCompleting?.(now);
      }
    };
    const timer = setInterval(look, FINAL_QUIET_MS / 4);
    try {
      return await this.sendChunk(final, 1, this.job.signal, (bytes) => {
        if (bytes === 0) {
          triedAt = performance.now();
        }
        sent = bytes;
        look();
      });
    } finally {
      clearInterval(timer);
    }
  }

  private missingOf(error: unknown): PlannedChunk[] | null {
    if (!(error instanceof ApiError) || error.strErrorCode !== 'SLIDE_CHUNKS_MISSING') {
      return null;
    }
    const data = missingChunksSchema.safeParse((error as { objData?: unknown }).objData);
    if (!data.success) {
      return null;
    }
    return data.data.listMissing.flatMap((entry) => {
      const file = this.byPath.get(entry.strFilePath);
      return file ? chunksInRanges(file, entry.listChunks, this.chunkBytes) : [];
    });
  }

  private forget(chunk: PlannedChunk): void {
    if (this.held.delete(chunkKey(chunk))) {
      this.bytesHeld -= chunk.end - chunk.start;
    }
  }

  /** Paused or pausing: nothing more is begun. */
  private stopIfPaused(): void {
    if (this.job.signal.aborted || this.job.windDown?.aborted) {
      throw abortError();
    }
  }

  /** Sends the chunks with a few in flight; the first failure stops the others. */
  private async pool(chunks: readonly PlannedChunk[]): Promise<void> {
    const stop = new AbortController();
    const forward = () => stop.abort();
    this.job.signal.addEventListener('abort', forward, { once: true });
    const { windDown } = this.job;
    let next = 0;
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      while (!failure && !windDown?.aborted && next < chunks.length) {
        const chunk = chunks[next]!;
        next += 1;
        try {
          await this.sendChunk(chunk, 0, stop.signal);
        } catch (error) {
          // A chunk the pause kept from its first or next try: the others on the wire go on.
          if (windDown?.aborted && isAbort(error)) {
            return;
          }
          // The first real failure wins; the aborts it causes in the other workers do not.
          failure ??= { error };
          stop.abort();
        }
      }
    };
    try {
      const workers = Math.min(this.job.concurrency ?? DEFAULT_CONCURRENCY, chunks.length);
      await Promise.all(Array.from({ length: workers }, worker));
    } finally {
      this.job.signal.removeEventListener('abort', forward);
    }
    if (failure) {
      throw (failure as { error: unknown }).error;
    }
    this.stopIfPaused();
  }

  /**
   * A chunk's length and CRC-32 as read now, with what is sent: the file's own slice (a
   * browser's File, hashed off the page where it can be), or the bytes read (tests' fakes).
   */
  private async read(
    chunk: PlannedChunk,
  ): Promise<{ length: number; crc32: string; bytes?: Uint8Array; slice?: Blob }> {
    const file = this.job.files.get(chunk.strFilePath);
    if (!file) {
      throw new PausedError({ key: 'missingFile', detail: chunk.strFilePath }, false, true);
    }
    const slice = file.slice(chunk.start, chunk.end);
    const { crc32, length, bytes } = await digestOf(slice, this.job.hash, this.job.digestSlice);
    return { length, crc32, bytes, slice: slice instanceof Blob ? slice : undefined };
  }

  private async sendChunk(
    chunk: PlannedChunk,
    iUpdadeState: 0 | 1,
    signal: AbortSignal = this.job.signal,
    /** This try's bytes on the wire so far: 0 as each try begins, null once it failed. */
    onTry?: (sent: number | null) => void,
  ): Promise<ChunkResultDto> {
    const { job } = this;
    const key = chunkKey(chunk);
    const length = chunk.end - chunk.start;
    // A pause lets this try finish but begins no other (nor the wait before it).
    const tries = job.windDown ? eitherSignal(signal, job.windDown) : signal;
    for (let checksumFailures = 0; ;) {
      // Read and hashed for every try after a checksum refusal: what is sent is what is hashed.
      const read = await this.read(chunk);
      if (read.length !== length) {
        throw new PausedError({ key: 'unreadable' }, false, true);
      }
      try {
        const result = await withRetry(
          () => {
            // Each try counts its own bytes: what a failed try sent is gone.
            const lost = this.onWire.get(key) ?? 0;
            this.onWire.set(key, 0);
            if (lost > 0) {
              this.report();
            }
            onTry?.(0);
            const sending = job.send({
              iSlideDocumentId: job.status.iSlideDocumentId,
              strFilePath: chunk.strFilePath,
              iChunk: chunk.iChunk,
              strChunkCrc32: read.crc32,
              iUpdadeState,
              bytes: read.bytes,
              slice: read.slice,
              signal,
              onSent: (n) => {
                job.onSent?.(n);
                this.wireProgress(key, length, n);
                onTry?.(this.onWire.get(key) ?? 0);
              },
            });
            // A failed try leaves nothing on the wire until the next begins.
            return onTry
              ? sending.catch((error: unknown) => {
                  onTry(null);
                  throw error;
                })
              : sending;
          },
          { signal: tries, policy: job.policy, sleep: job.sleep, onTrouble: job.onTrouble },
        );
        this.onWire.delete(key);
        this.acknowledged(chunk);
        return result;
      } catch (error) {
        // What this chunk had on the wire is not stored: the figure gives it back (a pause
        // must not show more than the server holds).
        if (this.onWire.delete(key)) {
          this.report();
        }
        if (
          error instanceof ApiError &&
          error.strErrorCode === 'CHUNK_CHECKSUM_MISMATCH' &&
          !tries.aborted
        ) {
          checksumFailures += 1;
          if (checksumFailures < CHECKSUM_TRIES) {
            continue;
          }
          throw new PausedError({ key: 'checksum' }, false);
        }
        throw error;
      }
    }
  }

  private acknowledged(chunk: PlannedChunk): void {
    const key = chunkKey(chunk);
    if (!this.held.has(key)) {
      this.held.add(key);
      this.bytesHeld += chunk.end - chunk.start;
      this.report();
    }
  }

  /** `n` more bytes of a chunk left (the form's own fields too: at most the chunk's length). */
  private wireProgress(key: string, length: number, n: number): void {
    this.onWire.set(key, Math.min(length, (this.onWire.get(key) ?? 0) + n));
    if (performance.now() - this.lastReport >= PROGRESS_INTERVAL_MS) {
      this.report();
    }
  }

  /** The bytes sent, unless that is what was said last. */
  private report(): void {
    let bytes = this.bytesHeld;
    for (const sent of this.onWire.values()) {
      bytes += sent;
    }
    this.lastReport = performance.now();
    if (bytes !== this.lastReported) {
      this.lastReported = bytes;
      this.job.onProgress(bytes);
    }
  }
}

/** Uploads what the server lacks of the document and completes it. Never throws. */
export async function uploadDocument(job: DocumentJob): Promise<Outcome> {
  try {
    const result = await new DocumentSender(job).run();
    if (result === null) {
      return { kind: 'failed', reason: { key: 'unreadable' } };
    }
    if (result.ddUploadState.iNumber === SlideUploadState.Failed) {
      return { kind: 'failed', reason: { key: 'verifyFailed' } };
    }
    return { kind: 'uploaded' };
  } catch (error) {
    return isGone(error) ? GONE : outcomeOf(error, job.signal);
  }
}

/**
 * A registered upload the server no longer has (deleted in slide management or a case's Slide
 * files, or cleaned up once abandoned): said so, not as a bare "record not found", and not
 * registered and sent again.
 */
export const GONE: Outcome = { kind: 'failed', reason: { key: 'removedOnServer' } };

export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 404;
}
