import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import * as koffi from 'koffi';
import { loadFirstLibrary } from '../../lib/native-library';
import { writeFully } from './write-fully';

/**
 * Direct writes (O_DIRECT) for whole chunks: the disk reads the chunk straight from our buffer,
 * where a buffered write first copies it into the page cache. On this kind of machine that copy
 * cost 1.3–4 ms of kernel time per megabyte, a quarter of the server's CPU per chunk, and the
 * kernel pays again to write those pages back later (bench/upload.bench.ts; perf showed
 * copy_folio_from_iter_atomic on top). Direct I/O needs the buffer's address, the file offset
 * and the length aligned to the disk's block size: chunks are 1 MB at 1 MB offsets, and their
 * buffers come from posix_memalign. A short last chunk, an unaligned buffer, or a file system
 * that refuses O_DIRECT (tmpfs) take the ordinary buffered write. Durability is unchanged:
 * completion still flushes the file (fdatasync, which also flushes the disk's own cache).
 */

/** Alignment for address, offset and length: 4 KiB covers 512-byte and 4K-sector disks. */
export const DIRECT_ALIGNMENT = 4096;

/**
 * Page-aligned memory from libc as Buffers, or null where libc cannot be loaded. The memory is
 * never freed: the chunk buffer pool allocates a bounded number of these and reuses them.
 */
export function loadAlignedAllocator(): ((size: number) => Buffer) | null {
  try {
    const libc = loadFirstLibrary(['libc.so.6']);
    if (!libc) {
      return null;
    }
    const memalign = libc.func(
      'int posix_memalign(_Out_ void **memptr, size_t alignment, size_t size)',
    );
    return (size) => {
      const pointer: unknown[] = [null];
      if (memalign(pointer, DIRECT_ALIGNMENT, size) !== 0 || !pointer[0]) {
        throw new Error('posix_memalign failed');
      }
      return Buffer.from(koffi.view(pointer[0], size));
    };
  } catch {
    return null;
  }
}

/** Whether a write of `length` bytes at `offset` may go direct (the buffer must be aligned). */
export const directAligned = (offset: number, length: number) =>
  length > 0 && offset % DIRECT_ALIGNMENT === 0 && length % DIRECT_ALIGNMENT === 0;

/** Per process: once a file system refuses O_DIRECT, buffered writes only. */
let refused = false;

/**
 * Writes `bytes` (an aligned buffer) at an aligned `offset` of `file` with O_DIRECT. False when
 * direct I/O is not available here (nothing was written; the caller writes buffered).
 */
export async function writeDirect(file: string, offset: number, bytes: Buffer): Promise<boolean> {
  if (refused) {
    return false;
  }
  let handle: FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDWR | constants.O_DIRECT);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EINVAL') {
      refused = true;
      return false;
    }
    throw error;
  }
  try {
    // A direct write that stops off a block boundary cannot go on direct: the caller then
    // writes the whole chunk again, buffered (the same bytes at the same place).
    return await writeFully(handle, bytes, offset, (n) => n % DIRECT_ALIGNMENT === 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EINVAL') {
      // Alignment this disk does not accept (a larger block size): buffered from now on.
      refused = true;
      return false;
    }
    throw error;
  } finally {
    await handle.close();
  }
}
