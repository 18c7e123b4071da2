import { read, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * A TIFF file kept open for positional reads: the reader never loads a whole slide into memory,
 * it reads IFDs, tag arrays and single tiles where they are. Reads are strict — a read that
 * runs past the end of the file is an error (a truncated upload), never silently zero-filled.
 */
export class TiffFile {
  /** Until when (performance.now()) reads go through the thread pool (see readSyncInto). */
  private asyncUntil = 0;
  /** Reads done at once in a row that were slow (see readSyncInto). */
  private slowInARow = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<TiffFile> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      return new TiffFile(handle, size);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Exactly `length` bytes at `offset`, or a `TruncatedReadError`. */
  async read(offset: number, length: number): Promise<Buffer> {
    if (
      !Number.isSafeInteger(offset) ||
      !Number.isSafeInteger(length) ||
      offset < 0 ||
      length < 0
    ) {
      throw new TruncatedReadError(offset, length, this.size);
    }
    if (offset + length > this.size) {
      throw new TruncatedReadError(offset, length, this.size);
    }
    const buffer = Buffer.allocUnsafe(length);
    await this.readInto(buffer, 0, offset, length);
    return buffer;
  }

  /** Exactly `length` bytes at `offset` into `buffer` from `at`, or a `TruncatedReadError`. */
  async readInto(buffer: Buffer, at: number, offset: number, length: number): Promise<void> {
    if (
      !Number.isSafeInteger(offset) ||
      !Number.isSafeInteger(length) ||
      offset < 0 ||
      length < 0 ||
      offset + length > this.size ||
      at + length > buffer.length
    ) {
      throw new TruncatedReadError(offset, length, this.size);
    }
    if (length <= SYNC_READ_MAX_BYTES && performance.now() >= this.asyncUntil) {
      this.readSyncInto(buffer, at, offset, length);
      return;
    }
    let done = 0;
    while (done < length) {
      const bytesRead = await readAt(
        this.handle.fd,
        buffer,
        at + done,
        length - done,
        offset + done,
      );
      if (bytesRead === 0) {
        // The file shrank after open (it is being replaced or truncated).
        throw new TruncatedReadError(offset, length, offset + done);
      }
      done += bytesRead;
    }
  }

  /**
   * A small read done at once: a tile in the OS page cache (the usual case for a slide being
   * viewed) is a few microseconds of pread, where a read through libuv's thread pool costs more in
   * hand-over than the copy itself (13% of the tile server's main thread under load, profiled).
   * SLOW_READS_IN_A_ROW reads slower than SLOW_SYNC_READ_MS (a cold disk, network storage) send
   * this file's reads to the thread pool for ASYNC_AFTER_SLOW_MS, so slow storage never holds the
   * event loop for long. One slow read is not enough: on a busy machine the thread is sometimes
   * descheduled during a read from memory, and that sent a slide's reads to the pool for good
   * under load (the main thread then spent a seventh of its time handing reads over, profiled).
   * Nor were three reads over 2 ms: under bench:tiles' cold load (two cores, compose threads and
   * client busy) reads from memory took 4–10 ms now and then, sometimes three in a row, and the
   * slide's next 10 s of reads went through the pool (its cold tiles a fifth slower). A read from
   * a disk that must seek, or from network storage, takes 10 ms or more.
   */
  private readSyncInto(buffer: Buffer, at: number, offset: number, length: number): void {
    const started = performance.now();
    let done = 0;
    while (done < length) {
      const bytesRead = readSync(this.handle.fd, buffer, at + done, length - done, offset + done);
      if (bytesRead === 0) {
        // The file shrank after open (it is being replaced or truncated).
        throw new TruncatedReadError(offset, length, offset + done);
      }
      done += bytesRead;
    }
    const finished = performance.now();
    if (finished - started <= SLOW_SYNC_READ_MS) {
      this.slowInARow = 0;
    } else if (++this.slowInARow >= SLOW_READS_IN_A_ROW) {
      this.slowInARow = 0;
      this.asyncUntil = finished + ASYNC_AFTER_SLOW_MS;
    }
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/**
 * fs.read on the handle's descriptor: the callback API costs about 60% of FileHandle.read per
 * call, and a raw tile is one read — this is the hot path of tile serving.
 */
function readAt(
  fd: number,
  buffer: Buffer,
  at: number,
  length: number,
  position: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, at, length, position, (error, bytesRead) => {
      if (error) {
        reject(error);
      } else {
        resolve(bytesRead);
      }
    });
  });
}

/** Reads up to this size may be done at once (tiles are 5–100 KB, IFDs and tag arrays small). */
const SYNC_READ_MAX_BYTES = 256 * 1024;
const SLOW_SYNC_READ_MS = 10;
const SLOW_READS_IN_A_ROW = 3;
const ASYNC_AFTER_SLOW_MS = 10_000;

/** A read beyond the end of the file: the file is truncated or an offset in it is wrong. */
export class TruncatedReadError extends Error {
  constructor(offset: number, length: number, size: number) {
    super(`read of ${length} bytes at ${offset} is outside the file (${size} bytes)`);
  }
}
