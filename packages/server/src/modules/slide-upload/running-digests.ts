import type { FileChecksums, RunningChecksum } from '../../lib/file-checksum';
import type { ReceivedChunk } from './received-chunk';

/**
 * Each file's checksum (XXH3-128, file-checksum.ts), computed while its chunks arrive, so that
 * completion does not read a multi-gigabyte file back to hash it (bench/upload.bench.ts: that
 * pass cost 2 s per GB, a fifth of the whole upload, when it was SHA-256).
 *
 * A hash takes bytes in file order. Chunks are hashed as they are written when they come in
 * order; one that comes early (a client keeps a few in flight) waits here in memory until the
 * gap before it is filled. Only chunks this process wrote are hashed, so the digest stands for
 * the bytes in the file: a write lost in a crash cannot be in it (the running digest is lost
 * with the process, and completion then reads the file back and checks every chunk). Whatever
 * breaks the sequence — an upload resumed after a restart, chunks written by another instance,
 * too many early chunks — drops the running digest, with the same fallback. One instance per
 * running app: its state is the process's memory, gone when the process is.
 */

/** Early chunks held in memory, all uploads together (the server's memory must stay flat). */
const MAX_WAITING_BYTES = 64 * 1024 * 1024;
/** Early chunks held per file: beyond this many in flight the client is not sending in order. */
const MAX_WAITING_PER_FILE = 32;
/** Files followed at once; more uploads than this fall back to reading back at completion. */
const MAX_FILES = 256;
/** A file with no chunk for this long is forgotten (cancelled, abandoned, failed). */
const IDLE_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;

interface Running {
  hash: RunningChecksum;
  /** The next chunk index the hash needs. */
  next: number;
  /** Early chunks, held (retained) until the gap before them is filled. */
  waiting: Map<number, ReceivedChunk>;
  waitingBytes: number;
  touched: number;
  /** An update failed: no digest for this file (completion reads it back). */
  failed: boolean;
}

export class RunningDigests {
  private readonly running = new Map<number, Running>();
  private waitingBytes = 0;
  private lastSweep = 0;

  constructor(private readonly checksums: FileChecksums) {}

  /**
   * A chunk this process has just written to its place in the file: hashed now when it is the
   * next in order, else retained while it waits (and released once hashed): the caller releases
   * its own hold.
   */
  chunkWritten(fileId: number, index: number, chunk: ReceivedChunk, now = Date.now()): void {
    // Looked at once a minute on any chunk: early chunks of abandoned files must not keep the
    // pool's aligned buffers (and direct writes) away from the uploads still running.
    this.forgetIdle(now);
    let entry = this.running.get(fileId);
    if (!entry) {
      // Only a file whose first chunks are written here can be hashed from the start (chunk 0
      // may come a little after the next ones).
      if (index >= MAX_WAITING_PER_FILE || !this.roomForOneMore(now)) {
        return;
      }
      entry = {
        hash: this.checksums.running(),
        next: 0,
        waiting: new Map(),
        waitingBytes: 0,
        touched: now,
        failed: false,
      };
      this.running.set(fileId, entry);
    }
    entry.touched = now;
    if (index < entry.next || entry.waiting.has(index)) {
      // Written twice here (a write that failed and was sent again): the order is lost.
      this.drop(fileId);
      return;
    }
    if (index > entry.next) {
      const length = chunk.bytes.length;
      if (
        entry.waiting.size >= MAX_WAITING_PER_FILE ||
        this.waitingBytes + length > MAX_WAITING_BYTES
      ) {
        this.drop(fileId);
        return;
      }
      chunk.retain();
      entry.waiting.set(index, chunk);
      entry.waitingBytes += length;
      this.waitingBytes += length;
      return;
    }
    this.hash(entry, chunk);
    for (let early = entry.waiting.get(entry.next); early; early = entry.waiting.get(entry.next)) {
      entry.waiting.delete(entry.next);
      entry.waitingBytes -= early.bytes.length;
      this.waitingBytes -= early.bytes.length;
      this.hash(entry, early);
      early.release();
    }
  }

  /**
   * The file's checksum when every one of its `chunkCount` chunks went through chunkWritten
   * here, else null (completion then reads the file back). Forgets the file either way.
   */
  finishedDigest(fileId: number, chunkCount: number): string | null {
    const entry = this.running.get(fileId);
    if (!entry) {
      return null;
    }
    if (entry.next !== chunkCount || entry.waiting.size > 0) {
      this.drop(fileId);
      return null;
    }
    this.running.delete(fileId);
    if (entry.failed) {
      entry.hash.dispose();
      return null;
    }
    return entry.hash.finish();
  }

  /** Hashes the next chunk in order. */
  private hash(entry: Running, chunk: ReceivedChunk): void {
    entry.next += 1;
    try {
      entry.hash.update(chunk.bytes);
    } catch {
      entry.failed = true;
    }
  }

  private roomForOneMore(now: number): boolean {
    if (this.running.size >= MAX_FILES) {
      this.forgetIdle(now, true);
    }
    return this.running.size < MAX_FILES;
  }

  /**
   * Forgets files with no chunk for IDLE_MS (cancelled, failed, completed by another instance)
   * and the early chunks they hold; looked at once a minute, or now when the table is full.
   */
  private forgetIdle(now: number, force = false): void {
    if (!force && now - this.lastSweep < SWEEP_EVERY_MS) {
      return;
    }
    this.lastSweep = now;
    for (const [fileId, entry] of this.running) {
      if (now - entry.touched > IDLE_MS) {
        this.drop(fileId);
      }
    }
  }

  private drop(fileId: number): void {
    const entry = this.running.get(fileId);
    if (!entry) {
      return;
    }
    for (const early of entry.waiting.values()) {
      early.release();
    }
    this.waitingBytes -= entry.waitingBytes;
    entry.hash.dispose();
    this.running.delete(fileId);
  }
}
