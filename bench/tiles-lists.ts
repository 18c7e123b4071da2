/**
 * The tile benchmark's fixed pseudo-random tile lists (the same on every run and for every
 * server): Deep Zoom tiles worked out with PathConsult's own Deep Zoom geometry.
 */
import { openTiffSlide } from '../packages/server/src/slides/tiff';
import {
  deepZoomOf,
  downsampleOf,
  levelSize,
  tileRect,
  type DeepZoom,
} from '../packages/server/src/modules/tiles/deep-zoom';
import { sourceLevelFor } from '../packages/server/src/modules/tiles/render';
import { isBuiltAhead } from '../packages/server/src/modules/tiles/deep-zoom-build';

export interface Tile {
  level: number;
  col: number;
  row: number;
  /** The stored level and tile it is exactly (native tiles), else null. */
  stored: { level: number; col: number; row: number } | null;
}

export interface SlideTiles {
  dz: DeepZoom;
  /** Whole stored tiles, over every Deep Zoom level the file stores. */
  native: Tile[];
  /** Every tile of the Deep Zoom levels the file does not store, but those built ahead. */
  missing: Tile[];
}

/** mulberry32: a small seeded generator, so the lists never change. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * `count` native tiles (level chosen uniformly among the stored levels, then a whole tile
 * uniformly in it) and every tile of the levels the file lacks, shuffled.
 */
export async function tilesOf(file: string, count: number, seed: number): Promise<SlideTiles> {
  const slide = await openTiffSlide(file);
  try {
    const levels = slide.properties.levels;
    const dz = deepZoomOf(slide.properties);
    const random = seeded(seed);
    const nativeLevels: Array<{ level: number; stored: number }> = [];
    const missing: Tile[] = [];
    for (let level = 0; level <= dz.maxLevel; level++) {
      const d = downsampleOf(dz, level);
      const i = sourceLevelFor(levels, d);
      const s = levels[i]!;
      const size = levelSize(dz, level);
      const native =
        Math.abs(s.downsample / d - 1) < 1e-3 &&
        s.width === size.width &&
        s.tileWidth === dz.tileSize;
      if (native) {
        nativeLevels.push({ level, stored: i });
        continue;
      }
      if (isBuiltAhead(slide, level)) {
        // Built once the slide is read (its overview): never asked cold.
        continue;
      }
      const cols = Math.ceil(size.width / dz.tileSize);
      const rows = Math.ceil(size.height / dz.tileSize);
      for (let row = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++) {
          missing.push({ level, col, row, stored: null });
        }
      }
    }
    const native: Tile[] = [];
    while (native.length < count) {
      const { level, stored } = nativeLevels[Math.floor(random() * nativeLevels.length)]!;
      const size = levelSize(dz, level);
      const whole = {
        cols: Math.floor(size.width / dz.tileSize),
        rows: Math.floor(size.height / dz.tileSize),
      };
      if (whole.cols === 0 || whole.rows === 0) {
        continue;
      }
      const col = Math.floor(random() * whole.cols);
      const row = Math.floor(random() * whole.rows);
      if (tileRect(dz, level, col, row)) {
        native.push({ level, col, row, stored: { level: stored, col, row } });
      }
    }
    return { dz, native, missing: shuffled(missing, random) };
  } finally {
    await slide.close();
  }
}
