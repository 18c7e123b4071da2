import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJpeg } from '../../slides/codec';
import type { SlideSource } from '../../slides/slide-source';
import { openSlideTruth } from '../../slides/testing/ground-truth';
import { openTiffSlide } from '../../slides/tiff';
import type { TileRoutesOptions } from './answer';
import { ByteLru } from '../../lib/byte-lru';
import {
  buildAhead,
  deepZoomBuilder,
  isBuiltAhead,
  type DeepZoomBuilder,
  type TilePlace,
} from './deep-zoom-build';
import { renderTile } from './render';
import { deepZoomOf, tileRect } from './deep-zoom';
import { WorkLimiter } from './limiter';
import type { OpenedSlide } from './slide-cache';
import { TileCache } from './tile-cache';

/** CMU-1-Small-Region: 2220 × 2967, one level of 240² JPEG tiles; Deep Zoom levels 0..12. */
const { file: CMU } = openSlideTruth('CMU-1-Small-Region.svs');

/** Mean absolute difference per channel value of two pictures of one size. */
function meanDifference(a: { data: Buffer }, b: { data: Buffer }): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) {
    sum += Math.abs(a.data[i]! - b.data[i]!);
  }
  return sum / a.data.length;
}

describe('Deep Zoom tiles a slide lacks', () => {
  let source: SlideSource;
  let slide: OpenedSlide;
  let cache: TileCache;
  let builder: DeepZoomBuilder;

  const fresh = () => {
    cache = new TileCache({ memoryBytes: 64 << 20, diskBytes: 0, dir: '' });
    const options = {
      cache,
      storedTiles: new ByteLru(16 << 20),
      limiter: new WorkLimiter(2, 30_000),
    } as Partial<TileRoutesOptions> as TileRoutesOptions;
    builder = deepZoomBuilder(options);
  };
  const keyOf = (place: TilePlace) => builder.inMemory(slide, place)!.key;

  beforeAll(async () => {
    source = await openTiffSlide(CMU);
    slide = { id: 1, source, checksum: 'ab'.repeat(16), associated: {}, grantEpoch: 0 };
  });
  afterAll(() => source.close());

  it('builds a level 16 times below the stored one from the next finer level’s four tiles', async () => {
    fresh();
    const dz = deepZoomOf(source.properties);
    // Level 8: downsample 16, 139 × 186 in one tile; level 9 (278 × 371) is its 2 × 2 tiles.
    const bytes = await builder.bytesOf(slide, { level: 8, col: 0, row: 0 });
    for (const [col, row] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      expect(cache.inMemory(keyOf({ level: 9, col, row }))).toBeDefined();
    }
    const built = await decodeJpeg(bytes!);
    expect(built).toMatchObject({ width: 139, height: 186 });
    // The same picture as one read straight from the stored level, within JPEG's losses.
    const direct = await decodeJpeg(await renderTile(source, dz, 8, tileRect(dz, 8, 0, 0)!));
    expect(meanDifference(built, direct)).toBeLessThan(3);
  });

  it('reads a level at most 8 times below the stored one straight from it', async () => {
    fresh();
    await builder.bytesOf(slide, { level: 9, col: 0, row: 0 });
    expect(cache.inMemory(keyOf({ level: 10, col: 0, row: 0 }))).toBeUndefined();
  });

  it('builds ahead the overview a slide opens on: every level it lacks, here all of 60 tiles', async () => {
    fresh();
    // Level 12 is stored; 11 (downsample 2) has 5 × 7 tiles, 10 has 3 × 4, 9 has 2 × 2, 0–8 one.
    expect(isBuiltAhead(source, 12)).toBe(false);
    for (let level = 0; level <= 11; level++) {
      expect(isBuiltAhead(source, level)).toBe(true);
    }
    expect(await buildAhead(builder, slide, () => false)).toBe(60);
    for (const place of [
      { level: 11, col: 4, row: 6 },
      { level: 10, col: 2, row: 3 },
      { level: 0, col: 0, row: 0 },
    ]) {
      expect(cache.inMemory(keyOf(place))).toBeDefined();
    }
  });

  it('stops building ahead when told to', async () => {
    fresh();
    let asked = 0;
    expect(await buildAhead(builder, slide, () => ++asked > 5)).toBe(5);
  });

  it('lets timers and requests run between tiles made without a real wait', async () => {
    fresh();
    // Tiles that come at once (made of uncompressed stored tiles, or cached), each after 2 ms
    // of work: 60 of them held every request for 120 ms and more without a turn of the loop.
    const instant = {
      ...builder,
      bytesOf: () => {
        const until = performance.now() + 2;
        while (performance.now() < until) {
          // Busy, as a decode is.
        }
        return Promise.resolve(Buffer.alloc(1));
      },
    };
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    try {
      expect(await buildAhead(instant, slide, () => false)).toBe(60);
    } finally {
      clearInterval(ticker);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
