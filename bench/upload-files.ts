/**
 * Files of the upload benchmark: the source slide it uploads, the `dd` reference copy, hashing,
 * and finding what the server stored.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const BLOCK_BYTES = 8 * 1024 * 1024;

/**
 * Writes `size` random bytes that start like a little-endian TIFF (`II*\0`), so that the
 * server's content check of an .svs passes. Returns the file's SHA-256.
 */
export async function writeSource(file: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await fsp.open(file, 'w');
  try {
    const block = Buffer.allocUnsafe(BLOCK_BYTES);
    for (let offset = 0; offset < size; offset += BLOCK_BYTES) {
      const bytes = block.subarray(0, Math.min(BLOCK_BYTES, size - offset));
      randomFillSync(bytes);
      if (offset === 0) {
        bytes.write('II*\0', 0, 'latin1');
      }
      hash.update(bytes);
      await handle.write(bytes, 0, bytes.length, offset);
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** SHA-256 of a whole file, read in 8 MB blocks. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const block of fs.createReadStream(file, { highWaterMark: BLOCK_BYTES })) {
    hash.update(block as Buffer);
  }
  return hash.digest('hex');
}

/**
 * The reference: `dd bs=1M conv=fsync` from the source to `dest` (flushed to the disk at the end,
 * as completion flushes the uploaded file); with `direct`, also `oflag=direct` (the page cache
 * bypassed, as the server writes whole chunks). Returns the milliseconds it took.
 */
export function ddCopy(source: string, dest: string, direct = false): number {
  const start = performance.now();
  const args = [
    `if=${source}`,
    `of=${dest}`,
    'bs=1M',
    'conv=fsync',
    ...(direct ? ['oflag=direct'] : []),
  ];
  const run = spawnSync('dd', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - start;
  if (run.status !== 0) {
    throw new Error(`dd failed: ${run.stderr.toString()}`);
  }
  return ms;
}

/** Stored slide files under DATA_DIR: slides/<hospital>/<storage key>/slide.<ext>. */
export function storedSlides(dataDir: string): string[] {
  const root = path.join(dataDir, 'slides');
  if (!fs.existsSync(root)) {
    return [];
  }
  const found: string[] = [];
  for (const hospital of fs.readdirSync(root)) {
    for (const key of fs.readdirSync(path.join(root, hospital))) {
      for (const name of fs.readdirSync(path.join(root, hospital, key))) {
        if (name.startsWith('slide.')) {
          found.push(path.join(root, hospital, key, name));
        }
      }
    }
  }
  return found;
}

/** The one stored slide that appeared since `before`. */
export function newSlide(dataDir: string, before: readonly string[]): string {
  const added = storedSlides(dataDir).filter((f) => !before.includes(f));
  if (added.length !== 1 || !added[0]) {
    throw new Error(`expected one new stored slide, found ${added.length}`);
  }
  return added[0];
}
