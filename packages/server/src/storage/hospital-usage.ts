import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Slide storage used by a hospital. Slide upload keeps every file of a hospital's slides under
 * `<DATA_DIR>/slides/<hospitalId>/`, so the used capacity is what that folder holds on disk.
 */
export function hospitalSlidesDir(dataDir: string, hospitalId: number): string {
  return path.join(dataDir, 'slides', String(hospitalId));
}

const BYTES_PER_GB = 1024 ** 3;

/** Bytes to GB (1 GB = 1024³ bytes), to the 3 decimals the storage columns keep. */
export function bytesToGb(bytes: number): number {
  return Math.round((bytes / BYTES_PER_GB) * 1000) / 1000;
}

/** GB (1 GB = 1024³ bytes) to whole bytes, as the quota compares them. */
export function gbToBytes(gb: number): number {
  return Math.round(gb * BYTES_PER_GB);
}

/**
 * Bytes of all regular files under `dir`, recursively; a missing folder holds nothing. Symbolic
 * links are not followed: a link could point outside the hospital's folder (or loop).
 */
export async function folderBytes(dir: string): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return 0;
    }
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      total += await folderBytes(full);
    } else if (entry.isFile()) {
      total += await fileBytes(full);
    }
  }
  return total;
}

/** A file's bytes; a file removed while its folder is being measured no longer counts. */
export async function fileBytes(file: string): Promise<number> {
  try {
    return (await fs.lstat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return 0;
    }
    throw error;
  }
}
