import fs from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '@pathconsult/shared';
import { AppError } from '../lib/app-error';

/**
 * The server's own disk, as opposed to a hospital's quota: quotas are promises the administrator
 * makes, and together they may promise more than the disk holds. Slide files are created sparse
 * (disk.ts prepareFiles), so nothing is taken at the start of an upload and a disk that fills
 * half-way would only show up as a failing write.
 */

/** Default of UPLOAD_DISK_RESERVE_MB: room left for the database, logs and the tile cache. */
export const DEFAULT_DISK_RESERVE_BYTES = 1024 ** 3;

/** Write errors that mean the disk (or the user's disk quota) is full. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function isDiskFullError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DISK_FULL_CODES.has(code);
}

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export async function freeDiskBytes(dir: string): Promise<number> {
  const stats = await fs.statfs(dir);
  return stats.bavail * stats.bsize;
}

/** The slides' folder when it exists (it may be a mount of its own), else DATA_DIR. */
async function slidesRoot(dataDir: string): Promise<string> {
  const slides = path.join(dataDir, 'slides');
  try {
    await fs.access(slides);
    return slides;
  } catch {
    return dataDir;
  }
}

/**
 * Refuses an upload of `bytes` that would leave less than `reserveBytes` free on the disk of the
 * slides, before a byte is sent: a doctor learns now, not after an hour of uploading. Uploads
 * started at the same moment each see the same free space; one that still meets a full disk
 * gets the same refusal from its chunk (chunks.ts).
 */
export async function assertDiskRoom(
  dataDir: string,
  bytes: number,
  reserveBytes: number,
): Promise<void> {
  const free = await freeDiskBytes(await slidesRoot(dataDir));
  if (free <= reserveBytes) {
    throw new AppError('SERVER_DISK_FULL');
  }
  if (free - bytes < reserveBytes) {
    // Smaller slides may still fit: only this one waits (as for the hospital's quota).
    throw new AppError('SLIDE_EXCEEDS_SERVER_DISK', { free: formatBytes(free - reserveBytes) });
  }
}
