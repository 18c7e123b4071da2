import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { ByteLru } from './byte-lru';

/**
 * Rendered tiles (levels a file lacks, IIIF regions) kept so that a tile is built once: a memory
 * LRU bounded in bytes, then a folder on disk bounded in bytes (least recently used files removed
 * beyond the limit). Keys are hex digests of the slide id, its file's SHA-256 and what was asked
 * (answer.ts etagOf): a slide whose file is replaced gets new keys, so it never serves stale
 * tiles; the old ones age out.
 *
 * A disk entry is `PCT1`, the CRC-32 of the body, then the body; one that fails the check (a torn
 * write, a damaged disk) is removed and the tile built again. Files are written under a temporary
 * name and renamed, so readers never see half a file.
 */
export interface TileCacheLimits {
  memoryBytes: number;
  /** 0: no disk cache. */
  diskBytes: number;
  /** Folder of the disk cache (created when needed). */
  dir: string;
}

const MAGIC = Buffer.from('PCT1', 'latin1');
/**
 * Evicted files kept for reuse, in this sub-folder. A full cache evicts a file for each tile it
 * adds: deleting one and creating another made ext4 search its block group for a free inode past
 * the recently deleted ones, 0.8 ms of CPU per tile (perf: recently_deleted, find_inode_bit), a
 * third of the cost of building it. A kept file is renamed into place and overwritten instead.
 */
const SPARE_FOLDER = 'spare';
const MAX_SPARES = 256;
const HEADER = 8;
const KEY = /^[0-9a-f]{16,64}$/;

export class TileCache {
  private readonly memory: ByteLru;
  /** Disk entries and their sizes, least recently used first. */
  private readonly disk = new Map<string, number>();
  private diskUsed = 0;
  private readonly building = new Map<string, Promise<Buffer>>();
  private scanned: Promise<void> | null = null;
  private tempCounter = 0;
  private readonly writes = new Set<Promise<void>>();
  /** Sub-folders known to exist (created once per process). */
  private readonly folders = new Set<string>();
  /** Evicted files waiting to be reused (SPARE_FOLDER). */
  private readonly spares: string[] = [];
  private spareCounter = 0;

  constructor(private readonly limits: TileCacheLimits) {
    this.memory = new ByteLru(limits.memoryBytes);
  }

  /**
   * The cached tile of `key`, else `build()`'s result, cached. Concurrent requests for one key
   * share one build.
   */
  async getOrBuild(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    if (!KEY.test(key)) {
      throw new RangeError(`tile cache key ${key} is not a hex digest`);
    }
    const hit = this.memory.get(key);
    if (hit) {
      return hit;
    }
    const pending = this.building.get(key);
    if (pending) {
      return pending;
    }
    const work = this.load(key, build).finally(() => this.building.delete(key));
    this.building.set(key, work);
    return work;
  }

  /** Resolves once the disk writes started so far have ended (tests, orderly shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.writes]);
  }

  /** Bytes the disk cache holds now (after the first scan). */
  async diskBytesUsed(): Promise<number> {
    await this.scan();
    return this.diskUsed;
  }

  private async load(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const stored = await this.fromDisk(key);
    if (stored) {
      this.memory.set(key, stored);
      return stored;
    }
    const bytes = await build();
    this.memory.set(key, bytes);
    // The answer does not wait for the disk; a failed write only means a later rebuild.
    const write = this.toDisk(key, bytes).catch(() => undefined);
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
    return bytes;
  }

  private fileOf(key: string): string {
    return path.join(this.limits.dir, folderOf(key), `${key}.tile`);
  }

  private async fromDisk(key: string): Promise<Buffer | null> {
    if (this.limits.diskBytes <= 0) {
      return null;
    }
    // After the first scan the index knows every file: a miss costs no file system call.
    await this.scan();
    if (!this.disk.has(key)) {
      return null;
    }
    let file: Buffer;
    try {
      file = await fs.readFile(this.fileOf(key));
    } catch {
      await this.forget(key); // Removed behind our back (the folder may be deleted at any time).
      return null;
    }
    const body = file.subarray(HEADER);
    const valid =
      file.length > HEADER &&
      file.subarray(0, 4).equals(MAGIC) &&
      file.readUInt32BE(4) === crc32(body);
    if (!valid) {
      await this.forget(key);
      return null;
    }
    const size = this.disk.get(key);
    this.disk.delete(key);
    this.disk.set(key, size ?? file.length);
    if (size === undefined) {
      this.diskUsed += file.length;
    }
    return body;
  }

  private async toDisk(key: string, bytes: Buffer): Promise<void> {
    if (this.limits.diskBytes <= 0 || bytes.length + HEADER > this.limits.diskBytes) {
      return;
    }
    await this.scan();
    const file = this.fileOf(key);
    const folder = path.dirname(file);
    await this.ensureFolder(folder);
    const header = Buffer.alloc(HEADER);
    MAGIC.copy(header, 0);
    header.writeUInt32BE(crc32(bytes), 4);
    const temp = `${file}.${process.pid}.${this.tempCounter++}.tmp`;
    const content = Buffer.concat([header, bytes]);
    const spare = this.spares.pop();
    if (spare) {
      // Overwritten below (truncated on open): the file is reused, no new one is made.
      await fs.rename(spare, temp).catch(() => undefined);
    }
    try {
      await fs.writeFile(temp, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw error;
      }
      // The folder was deleted since: make it again.
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(temp, content);
    }
    await fs.rename(temp, file);
    const old = this.disk.get(key);
    this.disk.delete(key);
    this.disk.set(key, bytes.length + HEADER);
    this.diskUsed += bytes.length + HEADER - (old ?? 0);
    await this.evictDisk();
  }

  private async evictDisk(): Promise<void> {
    while (this.diskUsed > this.limits.diskBytes) {
      const oldest = this.disk.keys().next();
      if (oldest.done) {
        return;
      }
      await this.retire(oldest.value);
    }
  }

  /** Evicts `key`: its file is kept for reuse (SPARE_FOLDER), or removed when enough are kept. */
  private async retire(key: string): Promise<void> {
    this.unindex(key);
    const file = this.fileOf(key);
    if (this.spares.length < MAX_SPARES) {
      const folder = path.join(this.limits.dir, SPARE_FOLDER);
      const spare = path.join(folder, `${process.pid}-${this.spareCounter++}`);
      try {
        await this.ensureFolder(folder);
        await fs.rename(file, spare);
        this.spares.push(spare);
        return;
      } catch {
        // Not kept (gone already, folder removed): removed below.
      }
    }
    await fs.rm(file, { force: true });
  }

  private async forget(key: string): Promise<void> {
    this.unindex(key);
    await fs.rm(this.fileOf(key), { force: true });
  }

  /** Takes `key` out of the disk index and its size out of the total. */
  private unindex(key: string): void {
    const size = this.disk.get(key);
    if (size !== undefined) {
      this.disk.delete(key);
      this.diskUsed -= size;
    }
  }

  /** Creates a sub-folder once per process. */
  private async ensureFolder(folder: string): Promise<void> {
    if (!this.folders.has(folder)) {
      await fs.mkdir(folder, { recursive: true });
      this.folders.add(folder);
    }
  }

  /**
   * What an earlier run left on disk, once, oldest (by modification time) first, so the limit
   * holds across restarts. Leftover temporary files of a crashed write are removed.
   */
  private scan(): Promise<void> {
    this.scanned ??= (async () => {
      const found: Array<{ key: string; size: number; mtime: number }> = [];
      let dirs: string[] = [];
      try {
        dirs = await fs.readdir(this.limits.dir);
      } catch {
        return;
      }
      for (const d of dirs) {
        if (d === SPARE_FOLDER) {
          // Kept for reuse by an earlier run: nothing to serve, removed once.
          await fs.rm(path.join(this.limits.dir, d), { recursive: true, force: true });
          continue;
        }
        let names: string[] = [];
        try {
          names = await fs.readdir(path.join(this.limits.dir, d));
        } catch {
          continue;
        }
        for (const name of names) {
          const full = path.join(this.limits.dir, d, name);
          if (name.endsWith('.tmp')) {
            await fs.rm(full, { force: true });
            continue;
          }
          const key = name.replace(/\.tile$/, '');
          if (!KEY.test(key)) {
            continue;
          }
          if (d !== folderOf(key)) {
            // Laid out by an earlier version (by the key's first digits): never looked up there.
            await fs.rm(full, { force: true });
            continue;
          }
          const stat = await fs.stat(full).catch(() => null);
          if (stat) {
            found.push({ key, size: stat.size, mtime: stat.mtimeMs });
          }
        }
      }
      found.sort((a, b) => a.mtime - b.mtime);
      // Entries added while scanning are newer: keep them last.
      const recent = [...this.disk];
      this.disk.clear();
      this.diskUsed = 0;
      for (const { key, size } of found) {
        this.disk.set(key, size);
        this.diskUsed += size;
      }
      for (const [key, size] of recent) {
        this.diskUsed += size - (this.disk.get(key) ?? 0);
        this.disk.delete(key);
        this.disk.set(key, size);
      }
    })();
    return this.scanned;
  }
}

/**
 * The folder of a key: its last two hex digits. A key starts with its slide's digest and ends
 * with the tile's place (answer.ts), so by the first digits every tile of a slide shared one
 * folder, and building tiles at once queued on that directory's lock in the kernel (perf:
 * rwsem_spin_on_owner) in a directory of tens of thousands of files.
 */
function folderOf(key: string): string {
  return key.slice(-2);
}
