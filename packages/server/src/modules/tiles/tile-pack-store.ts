import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { LEASE_RENEW_MS, giveUpLease, leaseIsLive, renewLeaseOf, takeLease } from './pack-lease';
import { decodePackIndex, encodePackIndex, type PackIndexEntry } from './pack-index';

/**
 * The rendered-tile cache's disk part: tiles appended to a few large pack files instead of one
 * file per tile. Creating a file per built tile cost 0.7 ms of CPU per cold tile on ext4 (open,
 * write, close and rename on the thread pool, the directory and inode work in the kernel) —
 * nearly half of what building the tile costs (bench:tiles); an append is one write.
 *
 * - A pack holds entries `PCT2 | key length (u8) | body length (u32) | CRC-32 of key and body
 *   (u32) | key | body`, written once and never changed. A read checks the CRC; a damaged entry is
 *   forgotten and built again.
 * - Packs fill one after another up to `packBytes`; beyond the size limit the oldest whole pack is
 *   deleted (first in, first out), so no file is created or deleted per tile. An entry read from
 *   the older half of the packs is written again into the newest, so tiles still in use survive
 *   their pack's deletion (least recently used, pack by pack). A pack whose write failed takes no
 *   more entries; a scan stops at a pack's first damaged entry (a write torn by a crash).
 * - Once a pack takes no more entries (full, at close, or scanned after a crash) an index is
 *   written beside it (pack-index.ts): a restart reads the indexes, not the packs.
 * - Each process writes into a folder of its own, `<time>-<random>/`, with a `lease` file (host and
 *   pid) renewed every 30 s and removed at close. At start, folders whose lease is stale (older
 *   than 3 minutes, or of a process of this host that is gone) are taken over: their packs are
 *   scanned in the background (until then their tiles miss and are built again) and counted and
 *   evicted as this process's own, oldest first. Folders of running processes are left alone.
 *   Anything else found (earlier layouts) is removed.
 * - A deleted folder is noticed when the lease is renewed: the next write starts a new one.
 */
export interface PackStoreLimits {
  dir: string;
  /** Bytes of packs kept at most. */
  maxBytes: number;
  /** Bytes of one pack before the next is started (default: 1/16 of maxBytes, 64 KiB–64 MiB). */
  packBytes?: number;
}

const MAGIC = Buffer.from('PCT2', 'latin1');
const FIXED = 13;
const KEY = /^[0-9a-f]{16,64}$/;
const PACK = /^(\d{12})\.pack$/;
const INDEX = /^(\d{12})\.index$/;
const SCAN_BLOCK = 1 << 20;

interface Pack {
  folder: string;
  file: string;
  /** Age order over every pack known (higher is newer). */
  order: number;
  handle: fs.FileHandle | null;
  /** Bytes written or reserved. */
  size: number;
  keys: string[];
  /** Reads and writes under way: the handle closes after the last one. */
  busy: number;
  /** Deleted (evicted or closed): no reads, no writes. */
  retired: boolean;
  /** Takes no more entries (full, or a write failed). */
  sealed: boolean;
  /** Writes under way (reserved, not yet written). */
  writing: number;
  /** A write failed: the pack has a hole, and gets no index. */
  failed: boolean;
  /** Its index is written (or being written). */
  indexed: boolean;
  /** Entries waiting for the write under way to end (append). */
  queued: QueuedWrite[];
  /** A write of queued entries is under way. */
  flushing: boolean;
}

/** An entry waiting to be written at its reserved place. */
interface QueuedWrite {
  offset: number;
  buffers: Buffer[];
  length: number;
  written: () => void;
  failed: (error: unknown) => void;
}

const indexFileOf = (pack: Pack) => pack.file.replace(/\.pack$/, '.index');

interface Place {
  pack: Pack;
  offset: number;
  /** Bytes of the whole entry. */
  length: number;
  keyLength: number;
}

export class PackStore {
  private readonly index = new Map<string, Place>();
  /** Oldest first; the last one is written. */
  private readonly packs: Pack[] = [];
  private writable: Promise<Pack> | null = null;
  private ownFolder: Promise<string> | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private nextSeq = 0;
  private nextOrder = 0;
  private readonly started: Promise<void>;
  private scanning: Promise<void> = Promise.resolve();
  private readonly packBytes: number;
  private closed = false;
  /** Entries being written again into the newest pack (get). */
  private readonly copies = new Set<Promise<void>>();
  /** Writes and index writes under way (close waits for them). */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly limits: PackStoreLimits) {
    this.packBytes =
      limits.packBytes ?? Math.min(64 << 20, Math.max(64 << 10, Math.floor(limits.maxBytes / 16)));
    this.started = this.start();
  }

  /** The body stored under `key`, or null (never stored, evicted or damaged). */
  async get(key: string): Promise<Buffer | null> {
    const place = this.index.get(key);
    if (!place || !place.pack.handle) {
      return null;
    }
    const entry = Buffer.allocUnsafe(place.length);
    const pack = place.pack;
    pack.busy += 1;
    try {
      const { bytesRead } = await pack.handle!.read(entry, 0, place.length, place.offset);
      if (bytesRead !== place.length || !entryIsValid(entry, key)) {
        this.forget(key, place);
        return null;
      }
    } catch {
      this.forget(key, place);
      return null;
    } finally {
      this.release(pack);
    }
    const body = entry.subarray(FIXED + place.keyLength);
    const age = this.packs.indexOf(pack);
    if (age >= 0 && age < (this.packs.length - 1) / 2) {
      // Still in use while its pack nears deletion: keep a copy in the newest pack.
      const copy = this.put(key, body).catch(() => undefined);
      this.copies.add(copy);
      void copy.finally(() => this.copies.delete(copy));
    }
    return body;
  }

  /** Appends `body` under `key`; resolves once it is written (a failure only means a rebuild). */
  async put(key: string, body: Buffer): Promise<void> {
    if (!KEY.test(key)) {
      throw new RangeError(`tile cache key ${key} is not a hex digest`);
    }
    const length = FIXED + key.length + body.length;
    if (length > this.limits.maxBytes || this.closed) {
      return;
    }
    await this.started;
    const { pack, offset } = await this.reserve(length);
    const written = this.write(pack, offset, key, body);
    this.pending.add(written);
    try {
      await written;
    } finally {
      this.pending.delete(written);
    }
    if (pack.retired) {
      return;
    }
    pack.keys.push(key);
    this.index.set(key, { pack, offset, length, keyLength: key.length });
    this.indexWhenWritten(pack);
    await this.evict();
  }

  /** Writes an entry at its reserved place. */
  private async write(pack: Pack, offset: number, key: string, body: Buffer): Promise<void> {
    try {
      const head = Buffer.allocUnsafe(FIXED + key.length);
      MAGIC.copy(head, 0);
      head.writeUInt8(key.length, 4);
      head.writeUInt32BE(body.length, 5);
      head.write(key, FIXED, 'latin1');
      head.writeUInt32BE(crc32(body, crc32(head.subarray(FIXED))), 9);
      await this.append(pack, offset, [head, body]);
    } catch (error) {
      // The pack has a hole now, where a scan would stop: later entries go to a new pack.
      pack.sealed = true;
      pack.failed = true;
      throw error;
    } finally {
      pack.writing -= 1;
      this.release(pack);
    }
  }

  /**
   * Writes an entry's buffers at `offset`. The first entry goes out at once; those reserved while
   * a write of the pack is under way wait for it, then go out together, one writev for each run
   * of adjacent places. Each write wakes a thread of libuv's pool, slow on a small virtual
   * machine: under a cold load the disk cache's writes, one per tile, cost about a sixth of the
   * tiles built (bench:tiles, the disk cache on and off).
   */
  private append(pack: Pack, offset: number, buffers: Buffer[]): Promise<void> {
    return new Promise((written, failed) => {
      const length = buffers.reduce((sum, b) => sum + b.length, 0);
      pack.queued.push({ offset, buffers, length, written, failed });
      if (!pack.flushing) {
        void this.flush(pack);
      }
    });
  }

  /** Writes the pack's queued entries until none is left. */
  private async flush(pack: Pack): Promise<void> {
    pack.flushing = true;
    while (pack.queued.length > 0) {
      const runs = adjacentRuns(pack.queued.splice(0));
      await Promise.all(
        runs.map(async (run) => {
          const length = run.reduce((sum, entry) => sum + entry.length, 0);
          try {
            const { bytesWritten } = await pack.handle!.writev(
              run.flatMap((entry) => entry.buffers),
              run[0]!.offset,
            );
            if (bytesWritten !== length) {
              throw new Error(`short write: ${bytesWritten} of ${length} bytes`);
            }
            run.forEach((entry) => entry.written());
          } catch (error) {
            run.forEach((entry) => entry.failed(error));
          }
        }),
      );
    }
    pack.flushing = false;
  }

  /** Bytes of the packs known (written, and found at start once scanned). */
  async bytesUsed(): Promise<number> {
    await this.started;
    await this.scanning;
    return this.used();
  }

  /** Resolves once the copies and index writes started so far are done. */
  async settled(): Promise<void> {
    await Promise.all([...this.copies]);
    await Promise.allSettled([...this.pending]);
  }

  /** Resolves once the packs found at start are scanned (tests). */
  async scanned(): Promise<void> {
    await this.started;
    await this.scanning;
  }

  /**
   * Closes every pack (after the reads and writes under way) and gives up the lease, so that the
   * next start takes the packs over at once.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.leaseTimer) {
      clearInterval(this.leaseTimer);
    }
    await this.started;
    await this.scanning.catch(() => undefined);
    await this.settled();
    // The pack being filled is done too: index it, so the next start need not read it.
    await Promise.allSettled(this.packs.map((pack) => this.writeIndex(pack)));
    for (const pack of this.packs.splice(0)) {
      this.retire(pack);
    }
    this.index.clear();
    const folder = await this.ownFolder?.catch(() => null);
    if (folder) {
      await giveUpLease(folder);
    }
  }

  /** Takes over the folders of processes that ended (packs to scan); removes anything else. */
  private async start(): Promise<void> {
    let names: string[] = [];
    try {
      names = (await fs.readdir(this.limits.dir)).sort();
    } catch {
      return;
    }
    const found: Pack[] = [];
    for (const name of names) {
      const folder = path.join(this.limits.dir, name);
      const info = await fs.lstat(folder).catch(() => null);
      if (!info?.isDirectory()) {
        await fs.rm(folder, { force: true });
        continue;
      }
      if (await leaseIsLive(folder)) {
        continue;
      }
      const packs: Array<{ seq: number; file: string }> = [];
      const files = await fs.readdir(folder).catch(() => [] as string[]);
      for (const file of files) {
        const match = PACK.exec(file);
        const indexOf = INDEX.exec(file);
        if (match) {
          packs.push({ seq: Number(match[1]), file: path.join(folder, file) });
        } else if (!indexOf || !files.includes(`${indexOf[1]}.pack`)) {
          await fs.rm(path.join(folder, file), { recursive: true, force: true });
        }
      }
      if (packs.length === 0) {
        await fs.rm(folder, { recursive: true, force: true });
        continue;
      }
      packs.sort((a, b) => a.seq - b.seq);
      for (const { file } of packs) {
        found.push(this.track(folder, file, null, true));
      }
    }
    this.scanning = this.scanAll(found);
  }

  private async scanAll(found: Pack[]): Promise<void> {
    for (const pack of found) {
      try {
        await this.scan(pack);
      } catch {
        // Unreadable or gone: its tiles are built again.
      }
    }
    await this.evict();
  }

  /**
   * Learns the entries of a pack of an earlier run: from its index when it has a sound one,
   * otherwise by reading it up to its end or its first damaged entry (and then writes its index).
   */
  private async scan(pack: Pack): Promise<void> {
    const handle = await fs.open(pack.file, 'r');
    if (pack.retired) {
      await handle.close();
      return;
    }
    pack.handle = handle;
    const { size } = await handle.stat();
    pack.size = size;
    const index = await fs.readFile(indexFileOf(pack)).catch(() => null);
    const entries = index && decodePackIndex(index, size, (key) => KEY.test(key));
    if (entries) {
      pack.indexed = true;
      for (const entry of entries) {
        this.learn(pack, entry);
      }
      return;
    }
    await this.read(pack, handle, size);
    await this.writeIndex(pack);
  }

  /** Takes an entry of an earlier run into the index unless a newer pack holds its key. */
  private learn(pack: Pack, entry: PackIndexEntry): void {
    const newer = this.index.get(entry.key);
    if (!pack.retired && (!newer || newer.pack.order < pack.order)) {
      const { key, offset, length, keyLength } = entry;
      this.index.set(key, { pack, offset, length, keyLength });
      pack.keys.push(key);
    }
  }

  /** Indexes a pack by reading it, up to its end or its first damaged entry. */
  private async read(pack: Pack, handle: fs.FileHandle, size: number): Promise<void> {
    const block = Buffer.allocUnsafe(SCAN_BLOCK);
    let at = 0;
    while (at + FIXED <= size && !pack.retired) {
      const { bytesRead } = await handle.read(block, 0, Math.min(SCAN_BLOCK, size - at), at);
      let p = 0;
      // Every entry whose head lies whole in this block.
      while (p + FIXED <= bytesRead) {
        if (!block.subarray(p, p + 4).equals(MAGIC)) {
          return;
        }
        const keyLength = block.readUInt8(p + 4);
        const length = FIXED + keyLength + block.readUInt32BE(p + 5);
        if (p + FIXED + keyLength > bytesRead) {
          break;
        }
        const key = block.toString('latin1', p + FIXED, p + FIXED + keyLength);
        if (!KEY.test(key) || at + p + length > size) {
          return;
        }
        this.learn(pack, { key, offset: at + p, length, keyLength });
        p += length;
      }
      if (p === 0) {
        return;
      }
      at += p;
    }
  }

  /**
   * A place of `length` bytes in the newest pack, or in a new one when it is full. Reserved at
   * once after the wait, so that writes waiting for a new pack do not all take it as empty.
   */
  private async reserve(length: number): Promise<{ pack: Pack; offset: number }> {
    for (;;) {
      this.writable ??= this.newPack().catch((error: unknown) => {
        this.writable = null; // The next write tries again.
        throw error;
      });
      const pending = this.writable;
      const pack = await pending;
      if (!pack.retired && !pack.sealed && pack.size + length <= this.packBytes) {
        const offset = pack.size;
        pack.size += length;
        pack.busy += 1;
        pack.writing += 1;
        return { pack, offset };
      }
      if (!pack.retired && !pack.sealed && pack.size === 0) {
        // An entry larger than a pack gets a pack of its own.
        pack.size = length;
        pack.sealed = true;
        pack.busy += 1;
        pack.writing += 1;
        return { pack, offset: 0 };
      }
      pack.sealed = true;
      this.indexWhenWritten(pack);
      if (this.writable === pending) {
        this.writable = null;
      }
    }
  }

  private async newPack(): Promise<Pack> {
    let folder = await this.own();
    const name = `${String(this.nextSeq++).padStart(12, '0')}.pack`;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path.join(folder, name), 'wx+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw error;
      }
      // The folder was deleted behind our back: a new one.
      this.ownFolder = null;
      folder = await this.own();
      handle = await fs.open(path.join(folder, name), 'wx+');
    }
    if (this.closed) {
      await handle.close();
      throw new Error('the tile pack store is closed');
    }
    return this.track(folder, path.join(folder, name), handle, false);
  }

  /** This process's folder and lease, made at the first write. */
  private own(): Promise<string> {
    this.ownFolder ??= (async () => {
      const stamp = String(Date.now()).padStart(15, '0');
      const folder = path.join(this.limits.dir, `${stamp}-${randomBytes(4).toString('hex')}`);
      await fs.mkdir(folder, { recursive: true });
      await takeLease(folder);
      if (!this.leaseTimer && !this.closed) {
        this.leaseTimer = setInterval(() => void this.renewLease(), LEASE_RENEW_MS).unref();
      }
      return folder;
    })().catch((error: unknown) => {
      this.ownFolder = null;
      throw error;
    });
    return this.ownFolder;
  }

  /**
   * Renews the lease (every 30 s); a folder deleted meanwhile is left for a new one at the next
   * write.
   */
  async renewLease(): Promise<void> {
    const owned = this.ownFolder;
    const folder = await owned?.catch(() => null);
    if (!folder || this.closed) {
      return;
    }
    try {
      await renewLeaseOf(folder);
    } catch {
      if (this.ownFolder === owned) {
        this.ownFolder = null;
        const writing = this.writable;
        this.writable = null;
        void writing?.then((pack) => (pack.sealed = true)).catch(() => undefined);
      }
    }
  }

  private track(folder: string, file: string, handle: fs.FileHandle | null, sealed: boolean) {
    const pack: Pack = {
      folder,
      file,
      order: this.nextOrder++,
      handle,
      size: 0,
      keys: [],
      busy: 0,
      retired: false,
      sealed,
      writing: 0,
      failed: false,
      indexed: false,
      queued: [],
      flushing: false,
    };
    this.packs.push(pack);
    return pack;
  }

  private used(): number {
    return this.packs.reduce((sum, p) => sum + p.size, 0);
  }

  /**
   * Deletes the oldest packs while beyond the limit (never the newest). The bookkeeping is done
   * at once, so evictions started together never delete more than needed.
   */
  private async evict(): Promise<void> {
    let used = this.used();
    const removals: Array<Promise<void>> = [];
    while (used > this.limits.maxBytes && this.packs.length > 1) {
      const oldest = this.packs.shift()!;
      used -= oldest.size;
      this.retire(oldest);
      removals.push(this.remove(oldest));
    }
    await Promise.all(removals);
  }

  /** Deletes a retired pack's file, and a taken-over folder once its last pack is gone. */
  private async remove(pack: Pack): Promise<void> {
    await fs.rm(pack.file, { force: true });
    await fs.rm(indexFileOf(pack), { force: true });
    const own = await this.ownFolder?.catch(() => null);
    if (pack.folder !== own && !this.packs.some((p) => p.folder === pack.folder)) {
      await fs.rm(pack.folder, { recursive: true, force: true });
    }
  }

  /** Writes the index of a pack that takes no more entries once its last write is done. */
  private indexWhenWritten(pack: Pack): void {
    if (pack.sealed && pack.writing === 0 && !pack.indexed && !pack.failed) {
      const writing = this.writeIndex(pack).catch(() => undefined);
      this.pending.add(writing);
      void writing.finally(() => this.pending.delete(writing));
    }
  }

  /**
   * Writes `<pack>.index` (through a temporary file and a rename: an index is there whole or not
   * at all) listing the pack's entries that are still the current ones. Failing only means the
   * next start reads the pack instead.
   */
  private async writeIndex(pack: Pack): Promise<void> {
    if (pack.indexed || pack.failed || pack.retired || pack.writing > 0 || pack.size === 0) {
      return;
    }
    pack.indexed = true;
    const entries = pack.keys.flatMap((key) => {
      const place = this.index.get(key);
      return place?.pack === pack ? [{ key, ...place }] : [];
    });
    const file = indexFileOf(pack);
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, encodePackIndex(pack.size, entries));
      await fs.rename(temporary, file);
    } catch {
      await fs.rm(temporary, { force: true });
    }
    if (pack.retired) {
      // Evicted meanwhile: nothing may be left of it.
      await fs.rm(file, { force: true });
    }
  }

  /** Takes a pack out of use: its entries leave the index, its handle closes when idle. */
  private retire(pack: Pack): void {
    pack.retired = true;
    for (const key of pack.keys) {
      if (this.index.get(key)?.pack === pack) {
        this.index.delete(key);
      }
    }
    this.release(pack, 0);
  }

  private forget(key: string, place: Place): void {
    if (this.index.get(key) === place) {
      this.index.delete(key);
    }
  }

  /** Ends a read or write on `pack` (`by` 0: none); a retired pack's handle closes when idle. */
  private release(pack: Pack, by = 1): void {
    pack.busy -= by;
    if (pack.retired && pack.busy === 0 && pack.handle) {
      const handle = pack.handle;
      pack.handle = null;
      void handle.close().catch(() => undefined);
    }
  }
}

/** Queued writes in order of place, in runs whose places follow one another without a gap. */
function adjacentRuns(queued: QueuedWrite[]): QueuedWrite[][] {
  const runs: QueuedWrite[][] = [];
  let end = -1;
  for (const entry of queued.sort((a, b) => a.offset - b.offset)) {
    if (entry.offset === end) {
      runs.at(-1)!.push(entry);
    } else {
      runs.push([entry]);
    }
    end = entry.offset + entry.length;
  }
  return runs;
}

/** Whether `entry` (read whole at its place) is a sound entry of `key`. */
function entryIsValid(entry: Buffer, key: string): boolean {
  if (entry.length < FIXED || !entry.subarray(0, 4).equals(MAGIC)) {
    return false;
  }
  const keyLength = entry.readUInt8(4);
  if (FIXED + keyLength + entry.readUInt32BE(5) !== entry.length) {
    return false;
  }
  const keyBytes = entry.subarray(FIXED, FIXED + keyLength);
  return (
    keyBytes.toString('latin1') === key &&
    entry.readUInt32BE(9) === crc32(entry.subarray(FIXED + keyLength), crc32(keyBytes))
  );
}
