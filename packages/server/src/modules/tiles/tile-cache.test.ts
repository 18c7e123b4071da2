import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestOf } from './answer';
import type { OpenedSlide } from './slide-cache';
import { TileCache } from './tile-cache';

const key = (n: number) => n.toString(16).padStart(32, '0');
const tile = (n: number, size = 1000) => Buffer.alloc(size, n);

/** Bytes of one entry on disk: 13 bytes of head, the 32-digit key, a 1,000-byte tile. */
const ENTRY = 13 + 32 + 1000;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The pack files under `dir` (in its processes' folders) with their sizes, oldest first. */
function packsOf(dir: string): Array<[string, number]> {
  const files = (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [])
    .map(String)
    .filter((name) => name.endsWith('.pack'))
    .sort();
  return files.map((name) => [path.join(dir, name), fs.statSync(path.join(dir, name)).size]);
}

describe('rendered-tile cache', () => {
  let dir: string;
  let builds: number[];
  const build = (n: number, size?: number) => async () => {
    builds.push(n);
    return tile(n, size);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-tile-cache-'));
    builds = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds a tile once and then answers from memory', async () => {
    const cache = new TileCache({ memoryBytes: 1 << 20, diskBytes: 0, dir });
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(builds).toEqual([1]);
    expect(fs.readdirSync(dir)).toEqual([]); // diskBytes 0: no disk cache
  });

  it('shares one build between concurrent requests for a tile', async () => {
    const cache = new TileCache({ memoryBytes: 1 << 20, diskBytes: 0, dir });
    const all = await Promise.all([1, 2, 3].map(() => cache.getOrBuild(key(7), build(7))));
    expect(all.every((b) => b.equals(tile(7)))).toBe(true);
    expect(builds).toEqual([7]);
  });

  it('keeps memory within its limit, least recently used out first', async () => {
    const cache = new TileCache({ memoryBytes: 2500, diskBytes: 0, dir });
    await cache.getOrBuild(key(1), build(1));
    await cache.getOrBuild(key(2), build(2));
    await cache.getOrBuild(key(1), build(1)); // 1 is now the most recent
    await cache.getOrBuild(key(3), build(3)); // 2 goes
    await cache.getOrBuild(key(1), build(1));
    await cache.getOrBuild(key(2), build(2));
    expect(builds).toEqual([1, 2, 3, 2]);
  });

  it('keeps the disk within its size limit, oldest packs out first, across restarts too', async () => {
    // One 1,045-byte entry per pack (13 + 32-digit key + 1,000): 3 packs fit in 3,200 bytes.
    const first = new TileCache({ memoryBytes: 0, diskBytes: 3200, dir, packBytes: 1100 });
    for (const n of [1, 2, 3, 4, 5]) {
      await first.getOrBuild(key(n), build(n));
      await first.settled();
    }
    expect(packsOf(dir)).toHaveLength(3);
    expect(await first.diskBytesUsed()).toBe(3 * ENTRY);
    await first.close();

    // A new process (no memory) answers from disk without building, and keeps a smaller limit.
    builds = [];
    const second = new TileCache({ memoryBytes: 0, diskBytes: 2100, dir, packBytes: 1100 });
    await second.scanned();
    expect(await second.diskBytesUsed()).toBe(2 * ENTRY);
    expect(await second.getOrBuild(key(5), build(5))).toEqual(tile(5));
    expect(await second.getOrBuild(key(4), build(4))).toEqual(tile(4));
    expect(builds).toEqual([]);
    expect(await second.getOrBuild(key(3), build(3))).toEqual(tile(3));
    expect(builds).toEqual([3]);
    await second.settled();
    expect(packsOf(dir).reduce((sum, [, size]) => sum + size, 0)).toBeLessThanOrEqual(2100);
    await second.close();
  });

  it('writes tiles one after another into a pack, not a file each', async () => {
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await Promise.all(range(1, 101).map((n) => cache.getOrBuild(key(n), build(n, 500 + n))));
    await cache.settled();
    expect(packsOf(dir)).toHaveLength(1);
    await cache.close();

    // Written at once, each in its own place: all of them answered from disk after a restart.
    builds = [];
    const restarted = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await restarted.scanned();
    for (const n of range(1, 101)) {
      expect(await restarted.getOrBuild(key(n), build(n, 500 + n))).toEqual(tile(n, 500 + n));
    }
    expect(builds).toEqual([]);
    await restarted.close();
  });

  it('keeps a tile still in use when its pack is deleted', async () => {
    // One entry per pack, four packs fit.
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 4 * ENTRY, dir, packBytes: 1100 });
    for (const n of [1, 2, 3, 4]) {
      await cache.getOrBuild(key(n), build(n));
      await cache.settled();
    }
    // Read from the oldest pack: written again into a new one (the oldest then goes).
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    await cache.settled();
    await cache.getOrBuild(key(5), build(5));
    await cache.settled();
    builds = [];
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(builds).toEqual([]);
    expect(await cache.getOrBuild(key(2), build(2))).toEqual(tile(2));
    expect(builds).toEqual([2]);
    await cache.close();
  });

  it('builds a damaged or torn disk entry again and stores it right', async () => {
    const first = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await first.getOrBuild(key(1), build(1));
    await first.settled();
    await first.getOrBuild(key(2), build(2));
    await first.settled();
    await first.close();
    const [[pack]] = packsOf(dir) as [[string, number]];
    const bytes = fs.readFileSync(pack);
    bytes[500] = bytes[500]! ^ 0xff; // in tile 1's body
    fs.writeFileSync(pack, bytes.subarray(0, ENTRY + 600)); // tile 2 torn by a crash

    builds = [];
    const second = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await second.scanned();
    expect(await second.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(await second.getOrBuild(key(2), build(2))).toEqual(tile(2));
    expect(builds).toEqual([1, 2]);
    await second.close();
    builds = [];
    const third = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await third.scanned();
    expect(await third.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(await third.getOrBuild(key(2), build(2))).toEqual(tile(2));
    expect(builds).toEqual([]);
    await third.close();
  });

  it('never answers a replaced slide with the old file’s tiles', async () => {
    const cache = new TileCache({ memoryBytes: 1 << 20, diskBytes: 1 << 20, dir });
    const before = { id: 9, checksum: 'a'.repeat(32) } as OpenedSlide;
    const after = { id: 9, checksum: 'b'.repeat(32) } as OpenedSlide;
    const what = '10/0_0/256';
    expect(digestOf(before, what)).not.toBe(digestOf(after, what));
    await cache.getOrBuild(digestOf(before, what), build(1));
    expect(await cache.getOrBuild(digestOf(after, what), build(2))).toEqual(tile(2));
    expect(await cache.getOrBuild(digestOf(before, what), build(3))).toEqual(tile(1));
    expect(builds).toEqual([1, 2]);
    await cache.close();
  });

  it('keeps working when its folder is deleted', async () => {
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir, packBytes: 1100 });
    await cache.getOrBuild(key(1), build(1));
    await cache.settled();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    await cache.getOrBuild(key(2), build(2));
    await cache.settled();
    await cache.close();
    // The folder is made again and what follows is kept.
    builds = [];
    const restarted = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await restarted.scanned();
    expect(await restarted.getOrBuild(key(2), build(2))).toEqual(tile(2));
    expect(builds).toEqual([]);
    await restarted.close();
  });

  it('removes the files of the earlier layout (one file per tile) at start', async () => {
    const old = path.join(dir, 'ab', `${key(1)}.tile`);
    fs.mkdirSync(path.dirname(old), { recursive: true });
    fs.writeFileSync(old, 'from an earlier version');
    fs.mkdirSync(path.join(dir, 'spare'));
    fs.writeFileSync(path.join(dir, 'spare', '1-0'), 'kept for reuse');
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await cache.scanned();
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(builds).toEqual([1]);
    await cache.close();
  });
});
