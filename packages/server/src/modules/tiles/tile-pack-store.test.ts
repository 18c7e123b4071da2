import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePackIndex } from './pack-index';
import { PackStore } from './tile-pack-store';

const key = (n: number) => n.toString(16).padStart(32, '0');
const body = (n: number, size = 1000) => Buffer.alloc(size, n);

/** The files of the one folder of `dir` (written by one process). */
const filesOf = (dir: string) => {
  const [folder] = foldersOf(dir) as [string];
  return fs.readdirSync(path.join(dir, folder)).map((name) => path.join(dir, folder, name));
};
const anyKey = (k: string) => /^[0-9a-f]+$/.test(k);

/** The folders of `dir` (one per process that wrote packs). */
const foldersOf = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe('tile pack store', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-pack-store-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves the packs of a running process alone and takes over those of one that ended', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20 });
    await first.put(key(1), body(1));
    await first.close();
    const [folder] = foldersOf(dir) as [string];
    const lease = path.join(dir, folder, 'lease');

    // A process on another host holds the folder (a fresh lease): not read, not deleted.
    fs.writeFileSync(lease, 'another-host 4242');
    const second = new PackStore({ dir, maxBytes: 100 });
    await second.scanned();
    expect(await second.get(key(1))).toBeNull();
    await second.put(key(2), body(2, 50));
    await second.close();
    expect(fs.existsSync(path.join(dir, folder))).toBe(true);
    expect(await second.bytesUsed()).toBe(0);

    // Its lease is stale (3 minutes without renewal): the next start takes its packs over.
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(lease, old, old);
    const third = new PackStore({ dir, maxBytes: 1 << 20 });
    await third.scanned();
    expect(await third.get(key(1))).toEqual(body(1));
    expect(fs.existsSync(lease)).toBe(false);
    await third.close();
  });

  it('takes over at once the folder of a process of this host that is gone', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20 });
    await first.put(key(1), body(1));
    await first.close();
    const [folder] = foldersOf(dir) as [string];
    // A fresh lease of a pid that no longer runs here.
    fs.writeFileSync(path.join(dir, folder, 'lease'), `${os.hostname()} 2147483646`);
    const second = new PackStore({ dir, maxBytes: 1 << 20 });
    await second.scanned();
    expect(await second.get(key(1))).toEqual(body(1));
    await second.close();
  });

  it('removes a taken-over folder once its last pack is evicted', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20, packBytes: 1100 });
    await first.put(key(1), body(1));
    await first.close();
    const [oldFolder] = foldersOf(dir);
    const second = new PackStore({ dir, maxBytes: 2200, packBytes: 1100 });
    await second.scanned();
    await second.put(key(2), body(2));
    await second.put(key(3), body(3));
    expect(await second.get(key(1))).toBeNull();
    expect(foldersOf(dir)).not.toContain(oldFolder);
    expect(foldersOf(dir)).toHaveLength(1);
    await second.close();
  });

  it('starts a new folder when its own is deleted, and keeps what follows', async () => {
    const store = new PackStore({ dir, maxBytes: 1 << 20 });
    await store.put(key(1), body(1));
    fs.rmSync(dir, { recursive: true, force: true });
    await store.renewLease(); // as its timer does every 30 s: notices
    await store.put(key(2), body(2));
    await store.close();
    const restarted = new PackStore({ dir, maxBytes: 1 << 20 });
    await restarted.scanned();
    expect(await restarted.get(key(2))).toEqual(body(2));
    await restarted.close();
  });

  it('after a failed write, puts later entries into a new pack that a restart reads', async () => {
    const store = new PackStore({ dir, maxBytes: 1 << 20 });
    await store.put(key(1), body(1));
    // The pack's handle fails under it (as a disk error would): that write is lost, not the rest.
    const packs = (store as unknown as { packs: Array<{ handle: fs.promises.FileHandle }> }).packs;
    await packs[0]!.handle.close();
    await expect(store.put(key(2), body(2))).rejects.toThrow();
    for (const n of [3, 4, 5]) {
      await store.put(key(n), body(n));
    }
    await store.close();
    const restarted = new PackStore({ dir, maxBytes: 1 << 20 });
    await restarted.scanned();
    expect(await restarted.get(key(1))).toEqual(body(1));
    expect(await restarted.get(key(2))).toBeNull();
    for (const n of [3, 4, 5]) {
      expect(await restarted.get(key(n))).toEqual(body(n));
    }
    await restarted.close();
  });

  it('fills a new pack up to its size even when many writes wait for it', async () => {
    const store = new PackStore({ dir, maxBytes: 1 << 20, packBytes: 2100 });
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => store.put(key(n), body(n))));
    await store.close();
    const root = foldersOf(dir)[0]!;
    const sizes = fs.readdirSync(path.join(dir, root)).filter((f) => f.endsWith('.pack'));
    // 1,045 bytes an entry, 2,100 a pack: two entries each.
    expect(sizes).toHaveLength(3);
    for (const pack of sizes) {
      expect(fs.statSync(path.join(dir, root, pack)).size).toBe(2 * 1045);
    }
  });

  it('writes entries that come during a write together, each at its place', async () => {
    const store = new PackStore({ dir, maxBytes: 1 << 20 });
    await store.put(key(1), body(1));
    const [pack] = (store as unknown as { packs: Array<{ handle: fs.promises.FileHandle }> }).packs;
    const writev = pack!.handle.writev.bind(pack!.handle);
    const calls: number[] = [];
    pack!.handle.writev = (buffers, position) => {
      calls.push(buffers.length);
      return writev(buffers, position);
    };
    const sizes = [2, 3, 4, 5, 6, 7, 8, 9].map((n) => 500 + 37 * n);
    await Promise.all(sizes.map((size, k) => store.put(key(k + 2), body(k + 2, size))));
    // The first went out alone; the seven reserved while it was written, in one writev.
    expect(calls).toEqual([2, 14]);
    await store.close();
    const restarted = new PackStore({ dir, maxBytes: 1 << 20 });
    await restarted.scanned();
    expect(await restarted.get(key(1))).toEqual(body(1));
    for (const [k, size] of sizes.entries()) {
      expect(await restarted.get(key(k + 2))).toEqual(body(k + 2, size));
    }
    await restarted.close();
  });

  it('writes nothing once closed', async () => {
    const store = new PackStore({ dir, maxBytes: 1 << 20 });
    await store.close();
    await store.put(key(1), body(1));
    expect(await store.get(key(1))).toBeNull();
    expect(foldersOf(dir)).toEqual([]);
  });
  it('indexes a full pack at once, and the one being filled at close', async () => {
    // 1,045 bytes an entry, 2,100 a pack: two entries each.
    const store = new PackStore({ dir, maxBytes: 1 << 20, packBytes: 2100 });
    for (const n of [1, 2, 3, 4, 5]) {
      await store.put(key(n), body(n));
    }
    await store.settled();
    const indexes = () =>
      filesOf(dir)
        .filter((f) => f.endsWith('.index'))
        .map(String)
        .sort();
    expect(indexes().map((f) => path.basename(f))).toEqual([
      '000000000000.index',
      '000000000001.index',
    ]);
    const first = decodePackIndex(fs.readFileSync(indexes()[0]!), 2090, anyKey);
    expect(first?.map((e) => [e.key, e.offset, e.length])).toEqual([
      [key(1), 0, 1045],
      [key(2), 1045, 1045],
    ]);
    await store.close();
    expect(indexes()).toHaveLength(3);
    expect(filesOf(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('learns a pack from its index at restart, without reading the pack', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20 });
    for (const n of [1, 2, 3]) {
      await first.put(key(n), body(n));
    }
    await first.close();
    // The first entry's head damaged in place (same size): reading the pack would stop there and
    // know none of the three; the index knows all three, and the damaged one is refused on read.
    const pack = filesOf(dir).find((f) => f.endsWith('.pack'))!;
    const bytes = fs.readFileSync(pack);
    bytes[0] = 0;
    fs.writeFileSync(pack, bytes);
    const second = new PackStore({ dir, maxBytes: 1 << 20 });
    await second.scanned();
    expect(await second.get(key(1))).toBeNull();
    expect(await second.get(key(2))).toEqual(body(2));
    expect(await second.get(key(3))).toEqual(body(3));
    await second.close();
  });

  it('reads a pack whose index is damaged, and indexes it again', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20 });
    for (const n of [1, 2, 3]) {
      await first.put(key(n), body(n));
    }
    await first.close();
    const index = filesOf(dir).find((f) => f.endsWith('.index'))!;
    const bytes = fs.readFileSync(index);
    bytes[20] = bytes[20]! ^ 0xff;
    fs.writeFileSync(index, bytes);
    expect(decodePackIndex(bytes, 3 * 1045, anyKey)).toBeNull();

    const second = new PackStore({ dir, maxBytes: 1 << 20 });
    await second.scanned();
    for (const n of [1, 2, 3]) {
      expect(await second.get(key(n))).toEqual(body(n));
    }
    const again = filesOf(dir).find((f) => f.endsWith('.index'))!;
    expect(decodePackIndex(fs.readFileSync(again), 3 * 1045, anyKey)).toHaveLength(3);
    await second.close();
  });

  it('trusts no index of a pack whose size has changed', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20 });
    await first.put(key(1), body(1));
    await first.close();
    const index = filesOf(dir).find((f) => f.endsWith('.index'))!;
    expect(decodePackIndex(fs.readFileSync(index), 1045, anyKey)).toHaveLength(1);
    expect(decodePackIndex(fs.readFileSync(index), 1046, anyKey)).toBeNull();
  });

  it('removes an index whose pack is gone', async () => {
    const first = new PackStore({ dir, maxBytes: 1 << 20 });
    await first.put(key(1), body(1));
    await first.close();
    const pack = filesOf(dir).find((f) => f.endsWith('.pack'))!;
    fs.writeFileSync(pack.replace(/\.pack$/, '.index.x.tmp'), 'left by a crash');
    const second = new PackStore({ dir, maxBytes: 1 << 20 });
    await second.scanned();
    expect(
      filesOf(dir)
        .filter((f) => !f.endsWith('lease'))
        .map((f) => path.basename(f)),
    ).toEqual(['000000000000.index', '000000000000.pack']);
    await second.close();
    fs.rmSync(pack);
    const third = new PackStore({ dir, maxBytes: 1 << 20 });
    await third.scanned();
    expect(foldersOf(dir)).toEqual([]);
    await third.close();
  });
});
