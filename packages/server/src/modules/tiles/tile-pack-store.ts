import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';

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
 *   their pack's deletion (least recently used, pack by pack).
 * - Pack names are `<sequence>-<process id>.pack`: packs of an earlier run are scanned at start
 *   (in the background; until a pack is scanned its tiles are missed and built again) and never
 *   written again, so a write torn by a crash only ends that pack's scan early. Every other file in
 *   the folder (the earlier layout of one file per tile) is removed then.
 * - Another process on the same folder writes its own packs; each process evicts what it knows.
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
const PACK = /^(\d{12})-(\d+)\.pack$/;
const SCAN_BLOCK = 1 << 20;

interface Pack {
  seq: number;
  file: string;
  handle: fs.FileHandle | null;
  /** Bytes written or reserved. */
  size: number;
  keys: string[];
  /** Reads and writes under way: the handle closes after the last one. */
  busy: number;
  retired: boolean;
}

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
  private nextSeq = 0;
  private readonly started: Promise<void>;
  private scanning: Promise<void> = Promise.resolve();
  private readonly packBytes: number;
  private closed = false;
  /** Entries being written again into the newest pack (get). */
  private readonly copies = new Set<Promise<void>>();

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
    if (this.closed) {
      return;
    }
    const pack = await this.packFor(length);
    const offset = pack.size;
    pack.size += length;
    pack.busy += 1;
    try {
      const head = Buffer.allocUnsafe(FIXED + key.length);
      MAGIC.copy(head, 0);
      head.writeUInt8(key.length, 4);
      head.writeUInt32BE(body.length, 5);
      head.write(key, FIXED, 'latin1');
      head.writeUInt32BE(crc32(body, crc32(head.subarray(FIXED))), 9);
      await pack.handle!.writev([head, body], offset);
    } finally {
      this.release(pack);
    }
    if (pack.retired) {
      return;
    }
    pack.keys.push(key);
    this.index.set(key, { pack, offset, length, keyLength: key.length });
    await this.evict();
  }

  /** Bytes of the packs known (written, and found at start once scanned). */
  async bytesUsed(): Promise<number> {
    await this.started;
    await this.scanning;
    return this.packs.reduce((sum, p) => sum + p.size, 0);
  }

  /** Resolves once the copies started so far are written. */
  async settled(): Promise<void> {
    await Promise.all([...this.copies]);
  }

  /** Resolves once the packs found at start are scanned (tests). */
  async scanned(): Promise<void> {
    await this.started;
    await this.scanning;
  }

  /** Closes every pack (after the reads and writes under way). */
  async close(): Promise<void> {
    this.closed = true;
    await this.started;
    await this.scanning.catch(() => undefined);
    for (const pack of this.packs.splice(0)) {
      pack.retired = true;
      this.release(pack, 0);
    }
    this.index.clear();
  }

  /** Lists the folder: packs of earlier runs to scan (oldest first), anything else removed. */
  private async start(): Promise<void> {
    let names: string[] = [];
    try {
      names = await fs.readdir(this.limits.dir);
    } catch {
      return;
    }
    const found: Pack[] = [];
    for (const name of names) {
      const match = PACK.exec(name);
      const file = path.join(this.limits.dir, name);
      if (!match) {
        await fs.rm(file, { recursive: true, force: true });
        continue;
      }
      const seq = Number(match[1]);
      this.nextSeq = Math.max(this.nextSeq, seq + 1);
      found.push({ seq, file, handle: null, size: 0, keys: [], busy: 0, retired: false });
    }
    found.sort((a, b) => a.seq - b.seq);
    this.packs.push(...found);
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

  /** Indexes a pack of an earlier run, up to its end or its first damaged entry. */
  private async scan(pack: Pack): Promise<void> {
    const handle = await fs.open(pack.file, 'r');
    pack.handle = handle;
    const { size } = await handle.stat();
    pack.size = size;
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
        const newer = this.index.get(key);
        if (!pack.retired && (!newer || newer.pack.seq < pack.seq)) {
          this.index.set(key, { pack, offset: at + p, length, keyLength });
          pack.keys.push(key);
        }
        p += length;
      }
      if (p === 0) {
        return;
      }
      at += p;
    }
  }

  /** The pack to append `length` bytes to: the newest, or a new one when it is full. */
  private async packFor(length: number): Promise<Pack> {
    for (;;) {
      this.writable ??= this.newPack().catch((error: unknown) => {
        this.writable = null; // The next write tries again (the folder may come back).
        throw error;
      });
      const pending = this.writable;
      const current = await pending;
      if (!current.retired && (current.size === 0 || current.size + length <= this.packBytes)) {
        return current;
      }
      if (this.writable === pending) {
        this.writable = null;
      }
    }
  }

  private async newPack(): Promise<Pack> {
    const seq = this.nextSeq++;
    const file = path.join(this.limits.dir, `${String(seq).padStart(12, '0')}-${process.pid}.pack`);
    await fs.mkdir(this.limits.dir, { recursive: true });
    const handle = await fs.open(file, 'wx+');
    const pack: Pack = { seq, file, handle, size: 0, keys: [], busy: 0, retired: false };
    this.packs.push(pack);
    return pack;
  }

  /** Deletes the oldest packs while beyond the limit (never the one being written). */
  private async evict(): Promise<void> {
    let used = this.packs.reduce((sum, p) => sum + p.size, 0);
    while (used > this.limits.maxBytes && this.packs.length > 1) {
      const oldest = this.packs.shift()!;
      used -= oldest.size;
      oldest.retired = true;
      for (const key of oldest.keys) {
        if (this.index.get(key)?.pack === oldest) {
          this.index.delete(key);
        }
      }
      this.release(oldest, 0);
      await fs.rm(oldest.file, { force: true });
    }
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
