import { loopYielder } from '../../lib/loop-yield';
import type { ComposeTile } from '../../slides/codec';
import type { SlideSource } from '../../slides/slide-source';
import { digestOf, type TileRoutesOptions } from './answer';
import { deepZoomOf, downsampleOf, levelSize, tileRect, type DeepZoom } from './deep-zoom';
import { TileTimeoutError } from './limiter';
import { halveTiles, renderTile, sourceLevelFor, type Rect } from './render';
import type { OpenedSlide } from './slide-cache';

const EPSILON = 1e-3;

/**
 * A missing level at least this many times coarser than the stored level it would be read from
 * is built from the four tiles of the next finer Deep Zoom level instead: read directly, one of
 * its tiles would decode 256 stored tiles or more (a slide without a pyramid took 4–11 s a tile
 * at its overview levels, each level reading the whole slide again).
 */
const FROM_FINER_AT = 16;

/**
 * Built ahead once a slide is read (buildAhead): its missing levels of at most this many tiles,
 * the overview it opens on, and any level at least AHEAD_AT times coarser than its stored level,
 * each of whose tiles decodes 64 stored tiles or more.
 */
const AHEAD_MAX_TILES = 64;
const AHEAD_AT = 8;

/** A tile's place in the Deep Zoom pyramid. */
export interface TilePlace {
  level: number;
  col: number;
  row: number;
}

/** A slide's Deep Zoom geometry and how each of its levels is served. */
interface Plan {
  dz: DeepZoom;
  /** Per Deep Zoom level: the stored level whose tiles are exactly its tiles, or -1. */
  native: number[];
  /** Per level: built from the next finer level's tiles (FROM_FINER_AT). */
  fromFiner: boolean[];
  /** Per level: built ahead once the slide is read (AHEAD_MAX_TILES, AHEAD_AT). */
  ahead: boolean[];
}

const plans = new WeakMap<SlideSource, Plan>();

/**
 * Worked out once per open slide: a Deep Zoom level is native when a stored level has its
 * downsample, its size and the Deep Zoom tile size; its whole tiles then go out as stored.
 */
function planOf(source: SlideSource): Plan {
  let plan = plans.get(source);
  if (!plan) {
    const dz = deepZoomOf(source.properties);
    const levels = source.properties.levels;
    const native: number[] = [];
    const fromFiner: boolean[] = [];
    const ahead: boolean[] = [];
    for (let level = 0; level <= dz.maxLevel; level++) {
      const i = sourceLevelFor(levels, downsampleOf(dz, level));
      const stored = levels[i]!;
      const size = levelSize(dz, level);
      const exact =
        Math.abs(stored.downsample / downsampleOf(dz, level) - 1) < EPSILON &&
        stored.width === size.width &&
        stored.height === size.height &&
        stored.tileWidth === dz.tileSize &&
        stored.tileHeight === dz.tileSize;
      native.push(exact ? i : -1);
      const coarser = downsampleOf(dz, level) / stored.downsample;
      const tiles = Math.ceil(size.width / dz.tileSize) * Math.ceil(size.height / dz.tileSize);
      fromFiner.push(
        coarser >= FROM_FINER_AT * (1 - EPSILON) && level < dz.maxLevel && dz.tileSize % 2 === 0,
      );
      ahead.push(
        coarser >= 2 * (1 - EPSILON) &&
          (tiles <= AHEAD_MAX_TILES || coarser >= AHEAD_AT * (1 - EPSILON)),
      );
    }
    plan = { dz, native, fromFiner, ahead };
    plans.set(source, plan);
  }
  return plan;
}

export function deepZoomGeometry(source: SlideSource): DeepZoom {
  return planOf(source).dz;
}

const slideDigests = new WeakMap<OpenedSlide, string>();
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

/**
 * ETag of a Deep Zoom tile, also its tile-cache key: 18 hex digits of the slide's digest (id, the
 * file's checksum, render version, tile size; hashed once per open slide), then the level (2
 * digits) and column and row (6 each: the URL allows at most 7 decimal digits, < 16^6) — unique
 * per tile without hashing per request.
 */
function tileEtag(slide: OpenedSlide, dz: DeepZoom, level: number, col: number, row: number) {
  let digest = slideDigests.get(slide);
  if (!digest) {
    digest = digestOf(slide, `dz/${dz.tileSize}`).slice(0, 18);
    slideDigests.set(slide, digest);
  }
  return `"${digest}${hex(level, 2)}${hex(col, 6)}${hex(row, 6)}"`;
}

/** What memory alone tells of a tile: its ETag, cache key, stored level, and bytes when kept. */
export interface KnownTile {
  dz: DeepZoom;
  rect: Rect;
  etag: string;
  key: string;
  stored: number;
  kept: Buffer | undefined;
}

/**
 * Deep Zoom tiles of open slides for the tile routes and for building ahead: a stored tile as
 * stored (one read, no decoding); any other (levels the file lacks, padded edge tiles) built
 * once under the decode bound, then from the tile cache.
 */
/**
 * Reads and builds Deep Zoom tiles. `workKey` is the decode limiter's key of the work it starts
 * (IIIF's pictures made from these tiles count against IIIF's own bound of waiting work).
 */
export function deepZoomBuilder(options: TileRoutesOptions, workKey?: string) {
  /**
   * What memory alone tells of a tile (no read, no build): null when the slide has no such
   * tile; its ETag, and its bytes when kept (stored tiles kept, rendered tiles in the memory
   * cache).
   */
  const inMemory = (slide: OpenedSlide, { level, col, row }: TilePlace): KnownTile | null => {
    const { dz, native } = planOf(slide.source);
    const rect = tileRect(dz, level, col, row);
    if (!rect) {
      return null;
    }
    const etag = tileEtag(slide, dz, level, col, row);
    const key = etag.slice(1, -1);
    const stored = native[level]!;
    const kept = stored >= 0 ? options.storedTiles.get(key) : options.cache.inMemory(key);
    return { dz, rect, etag, key, stored, kept };
  };

  /** The tile's bytes, read or built; null when the slide has no such tile. */
  const bytesOf = async (
    slide: OpenedSlide,
    place: TilePlace,
    known = inMemory(slide, place),
  ): Promise<Buffer | null> => {
    if (!known) {
      return null;
    }
    const { dz, rect, key, stored, kept } = known;
    if (kept) {
      return kept;
    }
    if (stored >= 0) {
      const raw = await slide.source.readRawTile(stored, place.col, place.row);
      if (raw && raw.validWidth === raw.width && raw.validHeight === raw.height) {
        options.storedTiles.set(key, raw.bytes);
        return raw.bytes;
      }
    }
    // A tile finished after its request timed out is kept: asked again, it is not built again.
    const keep = (bytes: Buffer) => options.cache.keep(key, bytes);
    if (!planOf(slide.source).fromFiner[place.level]) {
      return options.cache.getOrBuild(key, () =>
        options.limiter.run(() => renderTile(slide.source, dz, place.level, rect), keep, workKey),
      );
    }
    return options.cache.getOrBuild(key, async () => {
      // The finer tiles are asked outside the decode bound (each takes a slot of its own
      // while it builds), so that waiting for them never holds one.
      const parts = await Promise.all(
        finerParts(dz, place).map(async ({ at, x, y }): Promise<ComposeTile> => {
          const bytes = await bytesOf(slide, at);
          if (!bytes) {
            throw new Error(`Deep Zoom tile ${at.level}/${at.col}_${at.row} is missing`);
          }
          return { bytes, x, y };
        }),
      );
      return options.limiter.run(() => halveTiles(parts, rect.width, rect.height), keep, workKey);
    });
  };

  return { inMemory, bytesOf };
}

export type DeepZoomBuilder = ReturnType<typeof deepZoomBuilder>;

/**
 * The tiles of the next finer level under a tile, and where each lands once halved: level `l`
 * is level `l + 1` halved (rounding up), so tiles 2c and 2c + 1 make tile c across, exactly.
 */
function finerParts(dz: DeepZoom, { level, col, row }: TilePlace) {
  const half = dz.tileSize / 2;
  const parts: Array<{ at: TilePlace; x: number; y: number }> = [];
  for (const dy of [0, 1]) {
    for (const dx of [0, 1]) {
      const at = { level: level + 1, col: 2 * col + dx, row: 2 * row + dy };
      if (tileRect(dz, at.level, at.col, at.row)) {
        parts.push({ at, x: dx * half, y: dy * half });
      }
    }
  }
  return parts;
}

/** A tile of the overview the decode queue turned away is asked again this many times in all. */
const BUILD_AHEAD_ATTEMPTS = 3;
const BUILD_AHEAD_RETRY_MS = 1_000;

/**
 * Builds the tiles of a slide's levels marked `ahead` into the tile cache, finest level first
 * (coarser ones are then built from them), one tile at a time: a slide without a pyramid, or
 * with its smallest levels missing, opens on tiles already made, and the work leaves most of the
 * decode slots to viewers' tiles (one, or the four finer tiles a tile is halved from where those
 * were evicted). A tile that times out is passed over. Stops when `stop()` says so. Returns the
 * number of tiles built or found.
 */
export async function buildAhead(
  builder: DeepZoomBuilder,
  slide: OpenedSlide,
  stop: () => boolean,
): Promise<number> {
  const { dz, ahead } = planOf(slide.source);
  let count = 0;
  // Tiles of uncompressed stored tiles are made without any real wait: between them the server
  // answers its requests.
  const yieldNow = loopYielder();
  for (let level = dz.maxLevel; level >= 0; level--) {
    if (!ahead[level]) {
      continue;
    }
    const size = levelSize(dz, level);
    for (let row = 0; row * dz.tileSize < size.height; row++) {
      for (let col = 0; col * dz.tileSize < size.width; col++) {
        await yieldNow();
        if (stop()) {
          return count;
        }
        for (let attempt = 1; ; attempt++) {
          try {
            await builder.bytesOf(slide, { level, col, row });
            count += 1;
            break;
          } catch (error) {
            // Behind viewers' tiles (timed out while waiting, and dropped; or the queue full):
            // asked again a little later, then passed over (a viewer builds it otherwise), and
            // the rest of the overview goes on.
            if (!(error instanceof TileTimeoutError)) {
              throw error;
            }
            if (attempt >= BUILD_AHEAD_ATTEMPTS || stop()) {
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, BUILD_AHEAD_RETRY_MS));
          }
        }
      }
    }
  }
  return count;
}

/** Whether level `level` of the slide is built ahead (bench: its tiles are never asked cold). */
export function isBuiltAhead(source: SlideSource, level: number): boolean {
  return planOf(source).ahead[level] ?? false;
}
