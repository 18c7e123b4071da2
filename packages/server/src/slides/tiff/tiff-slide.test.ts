import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropRgb, meanRgb } from '../rgb';
import type { RgbImage, SlideSource } from '../slide-source';
import { factsOf, libtiffPage, maxDiff, meanAbsDiff } from './testing/slides';
import { openTiffSlide } from './tiff-slide';

/*
 * The TIFF reader against groundtruth.json (what OpenSlide 3.4.1 reads from the shared test
 * slides) and, pixel for pixel, against libtiff's decoding of the same IFDs.
 */

const TOLERANCE = 2;

/**
 * groundtruth.json gives boxes.tiff's lowest level a mean of [74.19, 91.52, 151.13], which no
 * decoder reproduces: OpenSlide 3.4.1 on this machine (openslide_read_region of level 3, 37x31)
 * and libtiff both give the value below, and the level-0 probes of the same file agree with
 * groundtruth.json. The libtiff cross-check below decodes that level independently.
 */
const LOWEST_LEVEL_MEAN_OVERRIDE: Record<string, [number, number, number]> = {
  'boxes.tiff': [157.04, 161.56, 190.18],
};

function expectMeanNear(image: RgbImage, expected: readonly number[]): void {
  const mean = meanRgb(image);
  mean.forEach((value, i) => {
    expect(Math.abs(value - (expected[i] ?? Number.NaN))).toBeLessThanOrEqual(TOLERANCE);
  });
}

describe.each(['CMU-1-Small-Region.svs', 'small.svs', 'boxes.tiff'])('%s', (name) => {
  const { file, facts } = factsOf(name);
  let slide: SlideSource;

  beforeAll(async () => {
    slide = await openTiffSlide(file);
  });
  afterAll(async () => {
    await slide?.close();
  });

  it('has the levels, tile sizes and downsamples OpenSlide reports', () => {
    const p = slide.properties;
    expect(p.reader).toBe('tiff');
    expect(p.vendor).toBe(facts.vendor);
    expect(p.levels).toHaveLength(facts.level_count);
    facts.levels.forEach((level, i) => {
      const mine = p.levels[i];
      expect(mine).toMatchObject({
        width: level.width,
        height: level.height,
        tileWidth: level.tile_width,
        tileHeight: level.tile_height,
      });
      expect(mine?.downsample).toBeCloseTo(level.downsample, 9);
    });
  });

  it('has the MPP, objective power, background and associated images OpenSlide reports', () => {
    const p = slide.properties;
    expect(p.mppX).toBe(facts.mpp_x);
    expect(p.mppY).toBe(facts.mpp_y);
    expect(p.objectivePower).toBe(facts.objective_power);
    expect(p.backgroundColor).toBe(facts.background_color);
    const associated = Object.fromEntries(
      Object.entries(facts.associated_images).map(([key, [width, height]]) => [
        key,
        { width, height },
      ]),
    );
    expect(p.associated).toEqual(associated);
  });

  it('reads the probed level-0 regions with the mean colours OpenSlide reads', async () => {
    const probes = facts.pixel_probes;
    for (const [region, mean] of [
      [probes.level0_topleft_region, probes.level0_topleft_mean_rgb],
      [probes.level0_center_region, probes.level0_center_mean_rgb],
    ] as const) {
      const [x, y, w, h] = region;
      const image = await slide.readRegion(0, x, y, w, h);
      expect([image.width, image.height, image.data.length]).toEqual([w, h, w * h * 3]);
      expectMeanNear(image, mean);
    }
  });

  it('reads the whole lowest level with the mean colour OpenSlide reads', async () => {
    const last = slide.properties.levels.length - 1;
    const level = slide.properties.levels[last]!;
    const image = await slide.readRegion(last, 0, 0, level.width, level.height);
    expectMeanNear(
      image,
      LOWEST_LEVEL_MEAN_OVERRIDE[name] ?? facts.pixel_probes.lowest_level_mean_rgb,
    );
  });

  it('decodes every level exactly as libtiff does', async () => {
    // Levels are the tiled IFDs in file order for these files.
    for (const [i, level] of slide.properties.levels.entries()) {
      const mine = await slide.readRegion(i, 0, 0, level.width, level.height);
      expect(maxDiff(mine, await libtiffPage(file, i))).toBe(0);
    }
  });

  it('decodes the associated images (JPEG and LZW strips) exactly as libtiff does', async () => {
    const pages = { thumbnail: 1, label: 2, macro: 3 } as const;
    for (const name of Object.keys(facts.associated_images) as Array<keyof typeof pages>) {
      const image = await slide.readAssociated(name);
      expect(image).not.toBeNull();
      expect(maxDiff(image!, await libtiffPage(file, pages[name]))).toBe(0);
    }
  });

  it('crops edge tiles to the image and tiles the level exactly', async () => {
    const last = slide.properties.levels.length - 1;
    for (let index = 0; index <= last; index++) {
      const level = slide.properties.levels[index]!;
      const cols = Math.ceil(level.width / level.tileWidth);
      const rows = Math.ceil(level.height / level.tileHeight);
      const edge = await slide.readTile(index, cols - 1, rows - 1);
      expect([edge.width, edge.height]).toEqual([
        level.width - (cols - 1) * level.tileWidth,
        level.height - (rows - 1) * level.tileHeight,
      ]);
      const region = await slide.readRegion(
        index,
        (cols - 1) * level.tileWidth,
        (rows - 1) * level.tileHeight,
        edge.width,
        edge.height,
      );
      expect(region.data.equals(edge.data)).toBe(true);
      await expect(slide.readTile(index, cols, 0)).rejects.toThrow(RangeError);
    }
  });
});

describe('raw JPEG tiles (CMU-1-Small-Region.svs)', () => {
  const { file } = factsOf('CMU-1-Small-Region.svs');
  let slide: SlideSource;

  beforeAll(async () => {
    slide = await openTiffSlide(file);
  });
  afterAll(async () => {
    await slide?.close();
  });

  async function decode(bytes: Buffer): Promise<RgbImage> {
    const { data, info } = await sharp(bytes)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  }

  it('is a complete JPEG with the tables and the Adobe RGB marker, decoding to readTile', async () => {
    for (const [col, row] of [
      [0, 0],
      [4, 6],
      [9, 12], // the bottom-right tile: 60x87 of image in a 240x240 stored tile
    ] as const) {
      const raw = await slide.readRawTile(0, col, row);
      expect(raw).not.toBeNull();
      expect(raw!.format).toBe('jpeg');
      expect(raw!.bytes.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xee]));
      expect(raw!.bytes.includes(Buffer.from('Adobe'))).toBe(true);
      expect(raw!.bytes.includes(Buffer.from([0xff, 0xdb]))).toBe(true); // DQT from JPEGTables
      expect(raw!.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      expect([raw!.width, raw!.height]).toEqual([240, 240]);
      const tile = await slide.readTile(0, col, row);
      expect([raw!.validWidth, raw!.validHeight]).toEqual([tile.width, tile.height]);

      const decoded = await decode(raw!.bytes);
      expect([decoded.width, decoded.height]).toEqual([240, 240]);
      const valid = cropRgb(decoded, 0, 0, raw!.validWidth, raw!.validHeight);
      expect(meanAbsDiff(valid, tile)).toBeLessThan(0.5);
    }
  });

  it('would show wrong colours without the Adobe marker (the marker is what makes it right)', async () => {
    const raw = (await slide.readRawTile(0, 4, 6))!;
    const withoutMarker = Buffer.concat([raw.bytes.subarray(0, 2), raw.bytes.subarray(18)]);
    const wrong = await decode(withoutMarker);
    const right = await decode(raw.bytes);
    expect(meanAbsDiff(wrong, right)).toBeGreaterThan(20);
  });

  it('is null for non-JPEG tiles, which are read decoded', async () => {
    const boxes = await openTiffSlide(factsOf('boxes.tiff').file);
    try {
      expect(await boxes.readRawTile(0, 0, 0)).toBeNull();
    } finally {
      await boxes.close();
    }
  });
});

describe('regions and lifecycle (small.svs: a 16x16 image in one 64x64 tile)', () => {
  const { file } = factsOf('small.svs');

  it('paints white outside the image and the image inside', async () => {
    const slide = await openTiffSlide(file);
    try {
      const region = await slide.readRegion(0, -8, -4, 32, 24);
      const inside = cropRgb(region, 8, 4, 16, 16);
      expect(inside.data.equals((await slide.readTile(0, 0, 0)).data)).toBe(true);
      const top = cropRgb(region, 0, 0, 32, 4);
      expect(top.data.every((v) => v === 255)).toBe(true);
      const right = cropRgb(region, 24, 0, 8, 24);
      expect(right.data.every((v) => v === 255)).toBe(true);
      const outside = await slide.readRegion(0, 100, 100, 10, 10);
      expect(outside.data.every((v) => v === 255)).toBe(true);
    } finally {
      await slide.close();
    }
  });

  it('refuses bad levels, tiles and oversized regions, and reads nothing once closed', async () => {
    const slide = await openTiffSlide(file);
    await expect(slide.readTile(1, 0, 0)).rejects.toThrow(RangeError);
    await expect(slide.readTile(0, -1, 0)).rejects.toThrow(RangeError);
    await expect(slide.readRegion(0, 0, 0, 0, 10)).rejects.toThrow(RangeError);
    await expect(slide.readRegion(0, 0, 0, 8193, 8193)).rejects.toThrow(RangeError);
    expect(await slide.readAssociated('label')).toBeNull();
    await slide.close();
    await slide.close(); // idempotent
    await expect(slide.readTile(0, 0, 0)).rejects.toThrow(/closed/);
  });
});
