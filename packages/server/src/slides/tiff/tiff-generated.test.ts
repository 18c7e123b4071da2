import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type TiffOptions } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropRgb, meanRgb } from '../rgb';
import { SlideOpenError, type RgbImage } from '../slide-source';
import { libtiffPage, maxDiff, meanAbsDiff } from './testing/slides';
import { openTiffSlide } from './tiff-slide';

/*
 * Generic pyramidal TIFFs in every compression the reader decodes, written by libvips (sharp) the
 * way `vips tiffsave --tile --pyramid` makes them, including BigTIFF: pixels must come back as
 * written (lossless) or as libtiff decodes them (lossy).
 */

const WIDTH = 700;
const HEIGHT = 500;

/** A pattern that changes along both axes, so misplaced tiles or rows show. */
function pattern(): RgbImage {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      data[i] = x % 256;
      data[i + 1] = y % 256;
      data[i + 2] = ((x + 2 * y) >> 2) % 256;
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

const VARIANTS: Array<{ name: string; options: TiffOptions; lossless: boolean; rawJpeg: boolean }> =
  [
    { name: 'uncompressed', options: { compression: 'none' }, lossless: true, rawJpeg: false },
    {
      name: 'LZW + predictor',
      options: { compression: 'lzw', predictor: 'horizontal' },
      lossless: true,
      rawJpeg: false,
    },
    {
      name: 'Deflate',
      options: { compression: 'deflate', predictor: 'none' },
      lossless: true,
      rawJpeg: false,
    },
    { name: 'PackBits', options: { compression: 'packbits' }, lossless: true, rawJpeg: false },
    {
      name: 'BigTIFF Deflate',
      options: { compression: 'deflate', bigtiff: true },
      lossless: true,
      rawJpeg: false,
    },
    { name: 'JPEG', options: { compression: 'jpeg', quality: 90 }, lossless: false, rawJpeg: true },
    {
      name: 'WebP',
      options: { compression: 'webp', quality: 90 },
      lossless: false,
      rawJpeg: false,
    },
  ];

let dir: string;
const source = pattern();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tiff-generated-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, options: TiffOptions): Promise<string> {
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}.tiff`);
  const tiff = await sharp(source.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .tiff({ tile: true, tileWidth: 128, tileHeight: 128, pyramid: true, ...options })
    .toBuffer();
  await writeFile(file, tiff);
  return file;
}

describe.each(VARIANTS)('generic pyramidal TIFF, $name', ({ name, options, lossless, rawJpeg }) => {
  it('opens as a generic TIFF with every pyramid level', async () => {
    const file = await write(name, options);
    const slide = await openTiffSlide(file);
    try {
      const p = slide.properties;
      expect(p.vendor).toBe('generic-tiff');
      expect(p.levels.map((l) => [l.width, l.height, l.tileWidth, l.tileHeight])).toEqual([
        [700, 500, 128, 128],
        [350, 250, 128, 128],
        [175, 125, 128, 128],
        [87, 62, 128, 128],
      ]);
      expect(p.levels[3]!.downsample).toBeCloseTo((700 / 87 + 500 / 62) / 2, 9);
      // libvips writes 1 pixel/mm unless told: not a microscope scale, so no MPP.
      expect([p.mppX, p.mppY, p.objectivePower]).toEqual([null, null, null]);
      expect(p.associated).toEqual({});

      const level0 = await slide.readRegion(0, 0, 0, WIDTH, HEIGHT);
      if (lossless) {
        expect(level0.data.equals(source.data)).toBe(true);
      } else {
        // Lossy: the exact pixels are checked against libtiff below; here, the colours overall.
        const [a, b] = [meanRgb(level0), meanRgb(source)];
        a.forEach((v, c) => expect(Math.abs(v - (b[c] ?? 0))).toBeLessThan(2));
      }
      for (const [i, level] of p.levels.entries()) {
        const mine = await slide.readRegion(i, 0, 0, level.width, level.height);
        expect(maxDiff(mine, await libtiffPage(file, i))).toBe(0);
      }

      const raw = await slide.readRawTile(0, 5, 3);
      if (rawJpeg) {
        expect(raw).not.toBeNull();
        expect([raw!.validWidth, raw!.validHeight]).toEqual([700 - 640, 500 - 384]);
        const { data, info } = await sharp(raw!.bytes).raw().toBuffer({ resolveWithObject: true });
        const decoded = cropRgb({ width: info.width, height: info.height, data }, 0, 0, 60, 116);
        expect(meanAbsDiff(decoded, await slide.readTile(0, 5, 3))).toBeLessThan(0.5);
      } else {
        expect(raw).toBeNull();
      }
    } finally {
      await slide.close();
    }
  });
});

describe('generic TIFF scale and shape', () => {
  it('reports the MPP of a microscope-scale resolution (2000 px/mm = 0.5 µm/px)', async () => {
    const file = await write('mpp', {
      compression: 'deflate',
      xres: 2000,
      yres: 2000,
      resolutionUnit: 'cm',
    });
    const slide = await openTiffSlide(file);
    try {
      expect(slide.properties.mppX).toBeCloseTo(0.5, 6);
      expect(slide.properties.mppY).toBeCloseTo(0.5, 6);
    } finally {
      await slide.close();
    }
  });

  it('refuses a TIFF without tiles as not a whole-slide image', async () => {
    const file = path.join(dir, 'stripped.tiff');
    await sharp(source.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .tiff({ compression: 'lzw' })
      .toFile(file);
    const refusal = await openTiffSlide(file).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SlideOpenError);
    expect((refusal as SlideOpenError).reason).toBe('NOT_A_SLIDE');
  });

  it('reads a grey image with an alpha channel onto white', async () => {
    const grey = Buffer.alloc(300 * 200 * 2);
    for (let i = 0; i < 300 * 200; i++) {
      grey[i * 2] = 40; // dark grey...
      grey[i * 2 + 1] = i % 300 < 150 ? 255 : 0; // ...opaque on the left, transparent on the right
    }
    const file = path.join(dir, 'grey-alpha.tiff');
    await sharp(grey, { raw: { width: 300, height: 200, channels: 2 } })
      .tiff({ tile: true, tileWidth: 64, tileHeight: 64, compression: 'deflate' })
      .toFile(file);
    const slide = await openTiffSlide(file);
    try {
      const region = await slide.readRegion(0, 0, 0, 300, 200);
      expect([...region.data.subarray(0, 3)]).toEqual([40, 40, 40]);
      const rightEdge = (299 * 3) as number;
      expect([...region.data.subarray(rightEdge, rightEdge + 3)]).toEqual([255, 255, 255]);
    } finally {
      await slide.close();
    }
  });
});
