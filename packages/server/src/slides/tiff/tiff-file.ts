import { read } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * A TIFF file kept open for positional reads: the reader never loads a whole slide into memory,
 * it reads IFDs, tag arrays and single tiles where they are. Reads are strict — a read that
 * runs past the end of the file is an error (a truncated upload), never silently zero-filled.
 */
export class TiffFile {
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
    let done = 0;
    while (done < length) {
      const bytesRead = await readAt(this.handle.fd, buffer, done, length - done, offset + done);
      if (bytesRead === 0) {
        // The file shrank after open (it is being replaced or truncated).
        throw new TruncatedReadError(offset, length, offset + done);
      }
      done += bytesRead;
    }
    return buffer;
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

/** A read beyond the end of the file: the file is truncated or an offset in it is wrong. */
export class TruncatedReadError extends Error {
  constructor(offset: number, length: number, size: number) {
    super(`read of ${length} bytes at ${offset} is outside the file (${size} bytes)`);
  }
}
