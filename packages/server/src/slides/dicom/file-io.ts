/** Positioned reads on a kept-open file handle; a short read means the file was cut short. */
import type { FileHandle } from 'node:fs/promises';
import { SlideOpenError } from '../slide-source.js';

/** Reads exactly `length` bytes at `offset`, or fails with DAMAGED. */
export async function readExact(file: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(buf, done, length - done, offset + done);
    if (bytesRead === 0) {
      throw new SlideOpenError(
        'DAMAGED',
        `The DICOM file is truncated: ${length} bytes expected at offset ${offset}.`,
      );
    }
    done += bytesRead;
  }
  return buf;
}

/**
 * Small reads that mostly fall close to each other (walking fragment item headers): served from a
 * window read ahead, so walking thousands of items costs a handful of reads, not thousands.
 */
export class WindowReader {
  private window: Buffer = Buffer.alloc(0);
  private windowStart = 0;

  constructor(
    private readonly file: FileHandle,
    private readonly fileSize: number,
    private readonly windowSize = 256 * 1024,
  ) {}

  async bytes(offset: number, length: number): Promise<Buffer> {
    const inWindow =
      offset >= this.windowStart && offset + length <= this.windowStart + this.window.length;
    if (!inWindow) {
      const size = Math.min(Math.max(length, this.windowSize), this.fileSize - offset);
      if (size < length) {
        throw new SlideOpenError(
          'DAMAGED',
          `The DICOM file is truncated: it ends before byte ${offset + length}.`,
        );
      }
      this.window = await readExact(this.file, offset, size);
      this.windowStart = offset;
    }
    const at = offset - this.windowStart;
    return this.window.subarray(at, at + length);
  }
}
