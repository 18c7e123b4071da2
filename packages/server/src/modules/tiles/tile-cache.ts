import { ByteLru } from '../../lib/byte-lru';
import { PackStore } from './tile-pack-store';

/**
 * Rendered tiles (levels a file lacks, IIIF regions) kept so that a tile is built once: a memory
 * LRU bounded in bytes, then packs on disk bounded in bytes (tile-pack-store.ts). Keys are hex
 * digests of the slide id, its file's checksum and what was asked (answer.ts etagOf): a slide whose
 * file is replaced gets new keys, so it never serves stale tiles; the old ones age out.
 */
export interface TileCacheLimits {
  memoryBytes: number;
  /** 0: no disk cache. */
  diskBytes: number;
  /** Folder of the disk cache (created when needed). */
  dir: string;
  /** Bytes of one pack file (tests; default in tile-pack-store.ts). */
  packBytes?: number;
}

const KEY = /^[0-9a-f]{16,64}$/;

export class TileCache {
  private readonly memory: ByteLru;
  private readonly disk: PackStore | null;
  private readonly building = new Map<string, Promise<Buffer>>();
  private readonly writes = new Set<Promise<void>>();

  constructor(limits: TileCacheLimits) {
    this.memory = new ByteLru(limits.memoryBytes);
    this.disk =
      limits.diskBytes > 0
        ? new PackStore({
            dir: limits.dir,
            maxBytes: limits.diskBytes,
            packBytes: limits.packBytes,
          })
        : null;
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

  /** The tile of `key` when it is in memory now (no disk read, no build). */
  inMemory(key: string): Buffer | undefined {
    return this.memory.get(key);
  }

  /** Resolves once the disk writes started so far have ended (tests, orderly shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.writes]);
    await this.disk?.settled();
  }

  /** Bytes the disk cache holds now (once the packs found at start are scanned). */
  async diskBytesUsed(): Promise<number> {
    return (await this.disk?.bytesUsed()) ?? 0;
  }

  /** Resolves once the packs found at start are scanned (tests). */
  async scanned(): Promise<void> {
    await this.disk?.scanned();
  }

  /** Ends the disk writes under way and closes the packs. */
  async close(): Promise<void> {
    await this.settled();
    await this.disk?.close();
  }

  /**
   * A tile built after its request gave up (the decode bound's time limit): kept all the same,
   * so that the work is not done again when the viewer asks once more.
   */
  keep(key: string, bytes: Buffer): void {
    if (KEY.test(key) && !this.memory.get(key)) {
      this.store(key, bytes);
    }
  }

  private async load(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const stored = await this.disk?.get(key);
    if (stored) {
      this.memory.set(key, stored);
      return stored;
    }
    const bytes = await build();
    this.store(key, bytes);
    return bytes;
  }

  private store(key: string, bytes: Buffer): void {
    this.memory.set(key, bytes);
    if (this.disk) {
      // The answer does not wait for the disk; a failed write only means a later rebuild.
      const write = this.disk.put(key, bytes).catch(() => undefined);
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    }
  }
}
