import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestOf } from './answer';
import type { OpenedSlide } from './slide-cache';
import { TileCache } from './tile-cache';

const key = (n: number) => n.toString(16).padStart(32, '0');
const tile = (n: number, size = 1000) => Buffer.alloc(size, n);

/** Every cache entry's file under `dir` with its size (evicted files kept for reuse aside). */
function filesOf(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const sub of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (sub === 'spare') {
      continue;
    }
    for (const name of fs.readdirSync(path.join(dir, sub))) {
      found.set(name.replace(/\.tile$/, ''), fs.statSync(path.join(dir, sub, name)).size);
    }
  }
  return found;
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
    expect(filesOf(dir).size).toBe(0); // diskBytes 0: no disk cache
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

  it('keeps the disk within its size limit, across restarts too', async () => {
    // Each file is 1000 bytes + an 8-byte header: 3 fit in 3100 bytes.
    const first = new TileCache({ memoryBytes: 0, diskBytes: 3100, dir });
    for (const n of [1, 2, 3, 4, 5]) {
      await first.getOrBuild(key(n), build(n));
      await first.settled();
    }
    expect([...filesOf(dir).keys()].sort()).toEqual([key(3), key(4), key(5)]);
    expect(await first.diskBytesUsed()).toBe(3 * 1008);

    // A new process (no memory) answers from disk without building, and keeps a smaller limit.
    builds = [];
    const second = new TileCache({ memoryBytes: 0, diskBytes: 2100, dir });
    expect(await second.getOrBuild(key(5), build(5))).toEqual(tile(5));
    expect(builds).toEqual([]);
    await second.getOrBuild(key(6), build(6));
    await second.settled();
    const left = [...filesOf(dir).keys()];
    expect(left).toHaveLength(2);
    expect(left).toContain(key(6));
    expect([...filesOf(dir).values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2100);
  });

  it('builds a damaged or truncated disk entry again and stores it right', async () => {
    const first = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await first.getOrBuild(key(1), build(1));
    await first.getOrBuild(key(2), build(2));
    await first.settled();
    const file = (n: number) => path.join(dir, key(n).slice(-2), `${key(n)}.tile`);
    const damaged = fs.readFileSync(file(1));
    damaged[500] = damaged[500]! ^ 0xff;
    fs.writeFileSync(file(1), damaged);
    fs.truncateSync(file(2), 600);

    builds = [];
    const second = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    expect(await second.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(await second.getOrBuild(key(2), build(2))).toEqual(tile(2));
    expect(builds).toEqual([1, 2]);
    await second.settled();
    builds = [];
    const third = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    expect(await third.getOrBuild(key(1), build(1))).toEqual(tile(1));
    expect(await third.getOrBuild(key(2), build(2))).toEqual(tile(2));
    expect(builds).toEqual([]);
  });

  it('never answers a replaced slide with the old file’s tiles', async () => {
    const cache = new TileCache({ memoryBytes: 1 << 20, diskBytes: 1 << 20, dir });
    const before = { id: 9, sha256: 'a'.repeat(64) } as OpenedSlide;
    const after = { id: 9, sha256: 'b'.repeat(64) } as OpenedSlide;
    const what = '10/0_0/256';
    expect(digestOf(before, what)).not.toBe(digestOf(after, what));
    await cache.getOrBuild(digestOf(before, what), build(1));
    expect(await cache.getOrBuild(digestOf(after, what), build(2))).toEqual(tile(2));
    expect(await cache.getOrBuild(digestOf(before, what), build(3))).toEqual(tile(1));
    expect(builds).toEqual([1, 2]);
  });

  it('keeps working when its folder is deleted', async () => {
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    await cache.getOrBuild(key(1), build(1));
    await cache.settled();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(await cache.getOrBuild(key(1), build(1))).toEqual(tile(1));
    await cache.settled();
    expect([...filesOf(dir).keys()]).toEqual([key(1)]);
    expect(await cache.diskBytesUsed()).toBe(1008);
    expect(builds).toEqual([1, 1]);
  });

  it('spreads the tiles of one slide over folders and drops files of the old layout', async () => {
    // Keys of one slide share their first digits (the slide's digest) and differ at the end.
    const slideKey = (n: number) => `ab${'0'.repeat(28)}${n.toString(16).padStart(2, '0')}`;
    const old = path.join(dir, 'ab', `${slideKey(1)}.tile`);
    fs.mkdirSync(path.dirname(old), { recursive: true });
    fs.writeFileSync(old, 'from an earlier version');
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    for (const n of [1, 2, 3]) {
      await cache.getOrBuild(slideKey(n), build(n));
    }
    await cache.settled();
    expect(fs.existsSync(old)).toBe(false);
    const used = fs.readdirSync(dir).filter((d) => fs.readdirSync(path.join(dir, d)).length > 0);
    expect(used.sort()).toEqual(['01', '02', '03']);
    expect(await cache.diskBytesUsed()).toBe(3 * 1008);
  });

  it('reuses the files it evicts instead of making new ones, and drops kept ones at start', async () => {
    // Room for three 1,008-byte entries: every tile after the third evicts one.
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 3100, dir });
    const inodes = new Set<number>();
    for (let n = 1; n <= 12; n++) {
      await cache.getOrBuild(key(n), build(n));
      await cache.settled();
      for (const name of filesOf(dir).keys()) {
        inodes.add(fs.statSync(path.join(dir, name.slice(-2), `${name}.tile`)).ino);
      }
    }
    expect([...filesOf(dir).keys()].sort()).toEqual([key(10), key(11), key(12)].sort());
    // Three files made, one kept aside after the first eviction, then only reused.
    expect(inodes.size).toBeLessThanOrEqual(4);
    expect(await cache.getOrBuild(key(12), build(12))).toEqual(tile(12));
    expect(fs.existsSync(path.join(dir, 'spare'))).toBe(true);

    const restarted = new TileCache({ memoryBytes: 0, diskBytes: 3100, dir });
    expect(await restarted.diskBytesUsed()).toBe(3 * 1008);
    expect(fs.existsSync(path.join(dir, 'spare'))).toBe(false);
  });

  it('removes leftovers of an interrupted write', async () => {
    fs.mkdirSync(path.join(dir, '00'));
    const leftover = path.join(dir, '00', `${key(1)}.tile.123.0.tmp`);
    fs.writeFileSync(leftover, 'half');
    const cache = new TileCache({ memoryBytes: 0, diskBytes: 1 << 20, dir });
    expect(await cache.diskBytesUsed()).toBe(0);
    expect(fs.existsSync(leftover)).toBe(false);
  });
});
