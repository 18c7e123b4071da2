import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedFilePath } from '../../storage/slide-paths';
import { directAligned, loadAlignedAllocator, writeDirect } from './direct-write';
import { prepareFiles, writeChunk } from './disk';
import { ChunkBufferPool } from './received-chunk';

const MB = 1024 * 1024;
const allocate = loadAlignedAllocator();

describe('direct chunk writes', () => {
  let dataDir: string;
  const doc = { hospitalId: 7, storageKey: 'direct-write-test' };
  const stored = () => storedFilePath(dataDir, doc.hospitalId, doc.storageKey, 'slide.svs');

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-direct-'));
    await prepareFiles(dataDir, doc, [{ storedPath: 'slide.svs', size: 2 * MB + 1000 }]);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('get page-aligned buffers from libc', () => {
    expect(allocate).not.toBeNull();
    const buffer = allocate?.(MB);
    expect(buffer?.length).toBe(MB);
  });

  it('only whole blocks at block offsets go direct', () => {
    expect(directAligned(MB, MB)).toBe(true);
    expect(directAligned(2 * MB, 1000)).toBe(false);
    expect(directAligned(100, MB)).toBe(false);
    expect(directAligned(0, 0)).toBe(false);
  });

  it('write a whole chunk direct, the short last one buffered, each byte in its place', async () => {
    const aligned = allocate?.(MB) as Buffer;
    randomBytes(MB).copy(aligned);
    expect(await writeDirect(stored(), MB, aligned)).toBe(true);
    const last = randomBytes(1000);
    await writeChunk(dataDir, doc, 'slide.svs', 2 * MB, last, true);
    const first = allocate?.(MB) as Buffer;
    randomBytes(MB).copy(first);
    await writeChunk(dataDir, doc, 'slide.svs', 0, first, true);
    const plain = randomBytes(MB);
    // Unaligned memory (an ordinary buffer) is written buffered over the direct bytes.
    await writeChunk(dataDir, doc, 'slide.svs', MB, plain, false);

    const file = fs.readFileSync(stored());
    expect(file.length).toBe(2 * MB + 1000);
    expect(file.subarray(0, MB).equals(first)).toBe(true);
    expect(file.subarray(MB, 2 * MB).equals(plain)).toBe(true);
    expect(file.subarray(2 * MB).equals(last)).toBe(true);
  });
});

describe('chunk buffer pool', () => {
  it('hands out aligned buffers up to its bound, then ordinary ones, and reuses both', () => {
    let made = 0;
    const pool = new ChunkBufferPool(
      64,
      (size) => {
        made += 1;
        return Buffer.alloc(size);
      },
      2,
      1,
    );
    const a = pool.take();
    const b = pool.take();
    const c = pool.take();
    expect([a.aligned, b.aligned, c.aligned]).toEqual([true, true, false]);
    expect(made).toBe(2);
    pool.give(c);
    pool.give(a);
    // Aligned first, then the kept ordinary one; no aligned buffer is ever made beyond two.
    expect(pool.take().buffer).toBe(a.buffer);
    expect(pool.take().buffer).toBe(c.buffer);
    expect(pool.take().aligned).toBe(false);
    expect(made).toBe(2);
  });
});
