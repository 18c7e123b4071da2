/**
 * The DICOM reader on the shared real test slides, against groundtruth.json (facts from the DICOM
 * headers read by pydicom). Pixel references were computed independently with pydicom 2.3.1 and
 * Pillow (frames assembled into the total pixel matrix, then averaged).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RgbImage, SlideSource } from '../slide-source.js';
import { openDicomSlide } from './dicom-slide.js';
import { TEST_SLIDES_DIR } from '../testing/test-slides-dir.js';
import { openInstance } from './instance.js';
import { TS } from './tags.js';

const DIR = TEST_SLIDES_DIR;
const groundTruth = JSON.parse(readFileSync(`${DIR}/groundtruth.json`, 'utf8')) as {
  slides: { id: string; dicom?: { instances: Record<string, unknown>[] } }[];
};
const factsOf = (id: string) => groundTruth.slides.find((s) => s.id === id)!.dicom!.instances[0]!;

function meanRgb(img: RgbImage): number[] {
  const sum = [0, 0, 0];
  for (let i = 0; i < img.data.length; i++) {
    sum[i % 3]! += img.data[i]!;
  }
  return sum.map((v) => v / (img.width * img.height));
}

function expectMean(img: RgbImage, expected: number[], tolerance: number): void {
  meanRgb(img).forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThanOrEqual(tolerance));
}

describe('small_dicom.dcm (JPEG baseline, TILED_FULL without the attribute, 42 frames)', () => {
  const facts = factsOf('small-dicom');
  let slide: SlideSource;
  beforeAll(async () => {
    slide = await openDicomSlide([`${DIR}/small_dicom.dcm`]);
  });
  afterAll(() => slide.close());

  it('reports the header facts of the ground truth', () => {
    const p = slide.properties;
    const [w, h] = facts.total_pixel_matrix as number[];
    const [tw, th] = facts.tile_size as number[];
    expect(p.reader).toBe('dicom');
    expect(p.vendor).toBe('dicom');
    expect(p.levels).toEqual([
      { width: w, height: h, downsample: 1, tileWidth: tw, tileHeight: th },
    ]);
    expect(p.mppX).toBe(facts.mpp_x);
    expect(p.mppY).toBe(facts.mpp_y);
    expect(p.objectivePower).toBe(facts.objective_power);
    expect(p.associated).toEqual({});
    expect(p.backgroundColor).toBeNull();
  });

  it('indexes every frame of the JPEG baseline instance', async () => {
    const inst = await openInstance(`${DIR}/small_dicom.dcm`);
    try {
      expect(inst.transferSyntax).toBe(facts.transfer_syntax_uid);
      expect(inst.transferSyntax).toBe(TS.JpegBaseline);
      expect(inst.frameCount).toBe(facts.number_of_frames);
      expect(inst.frames.count).toBe(42);
      expect(inst.seriesUid).toBe(facts.series_instance_uid);
      expect(inst.positions).toBeNull();
      expect(inst.rawJpeg).toBe(true);
    } finally {
      await inst.file.close();
    }
  });

  it('serves every frame as the JPEG stored in the file, byte for byte', async () => {
    const file = readFileSync(`${DIR}/small_dicom.dcm`);
    for (const [col, row] of [
      [0, 0],
      [3, 2],
      [6, 5],
    ] as const) {
      const raw = (await slide.readRawTile(0, col, row))!;
      expect(raw.format).toBe('jpeg');
      expect(raw.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      // The frames are JFIF (YCbCr) JPEGs: served untouched, found where the file has them.
      expect(file.indexOf(raw.bytes)).toBeGreaterThan(0);
      expect([raw.width, raw.height]).toEqual([500, 500]);
    }
    const edge = (await slide.readRawTile(0, 6, 5))!;
    expect([edge.validWidth, edge.validHeight]).toEqual([3236 - 3000, 2638 - 2500]);
  });

  it('decodes a raw tile to the same pixels as readTile', async () => {
    const raw = (await slide.readRawTile(0, 3, 2))!;
    const decoded = await sharp(raw.bytes).raw().toBuffer({ resolveWithObject: true });
    const tile = await slide.readTile(0, 3, 2);
    expect([tile.width, tile.height]).toEqual([decoded.info.width, decoded.info.height]);
    let maxDiff = 0;
    for (let i = 0; i < tile.data.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(tile.data[i]! - decoded.data[i]!));
    }
    expect(maxDiff).toBeLessThanOrEqual(2);
  });

  it('crops edge tiles to the image', async () => {
    const tile = await slide.readTile(0, 6, 5);
    expect([tile.width, tile.height]).toEqual([236, 138]);
    await expect(slide.readTile(0, 7, 0)).rejects.toThrow(RangeError);
    await expect(slide.readTile(1, 0, 0)).rejects.toThrow(RangeError);
  });

  it('has the pixels pydicom and Pillow see, its frames read down the columns', async () => {
    // The file states no frame order; its frames run down each column (the reader finds this
    // from how the tiles meet). References: pydicom's frames pasted by Pillow in that order.
    expectMean(await slide.readRegion(0, 0, 0, 3236, 2638), [209.91, 189.07, 202.05], 2);
    expectMean(await slide.readRegion(0, 0, 0, 256, 256), [238.16, 236.93, 236.89], 2);
    // Tissue across four frames (1490..1746 × 1190..1446 straddles frame edges at 1500).
    expectMean(await slide.readRegion(0, 1490, 1190, 256, 256), [211.67, 154.29, 180.04], 2);
    expectMean(await slide.readRegion(0, 3000, 2400, 236, 238), [238.58, 233.6, 235.05], 2);
  });

  it('joins its tiles seamlessly: no mosaic of misplaced frames', async () => {
    const whole = await slide.readRegion(0, 0, 0, 3236, 2638);
    // Mean difference between the pixel columns either side of x, over the whole height.
    const across = (x: number) => {
      let sum = 0;
      for (let y = 0; y < whole.height; y++) {
        const i = (y * whole.width + x) * 3;
        for (let c = 0; c < 3; c++) {
          sum += Math.abs(whole.data[i + c]! - whole.data[i - 3 + c]!);
        }
      }
      return sum / (whole.height * 3);
    };
    const seams = [500, 1000, 1500, 2000, 2500, 3000].map(across);
    const inside = [250, 750, 1250, 1750, 2250, 2750].map(across);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    // Frames in the wrong places put unrelated pictures side by side (about 30 here).
    expect(mean(seams)).toBeLessThan(2 * mean(inside));
  });

  it('paints white outside the image and has no associated images', async () => {
    const region = await slide.readRegion(0, 3236 - 10, -10, 20, 20);
    expect(region.data[0]).toBe(255); // top-left corner is above the image
    expect(region.data[(19 * 20 + 19) * 3]).toBe(255); // bottom-right is right of it
    expect(await slide.readAssociated('label')).toBeNull();
    expect(await slide.readAssociated('macro')).toBeNull();
  });
});

describe('sm_image.dcm (explicit VR little endian, uncompressed, TILED_FULL)', () => {
  const facts = factsOf('highdicom-sm-image');
  let slide: SlideSource;
  beforeAll(async () => {
    slide = await openDicomSlide([`${DIR}/sm_image.dcm`]);
  });
  afterAll(() => slide.close());

  it('reports the header facts of the ground truth', async () => {
    const p = slide.properties;
    const [w, h] = facts.total_pixel_matrix as number[];
    const [tw, th] = facts.tile_size as number[];
    expect(p.levels).toEqual([
      { width: w, height: h, downsample: 1, tileWidth: tw, tileHeight: th },
    ]);
    expect(p.mppX).toBeCloseTo(facts.mpp_x as number, 9);
    expect(p.mppY).toBeCloseTo(facts.mpp_y as number, 9);
    expect(p.objectivePower).toBeNull();
    expect(p.associated).toEqual({});
    const inst = await openInstance(`${DIR}/sm_image.dcm`);
    try {
      expect(inst.transferSyntax).toBe(facts.transfer_syntax_uid);
      expect(inst.frameCount).toBe(facts.number_of_frames);
      expect(inst.flavor).toBe('VOLUME');
      expect(inst.format.codec).toBe('native');
    } finally {
      await inst.file.close();
    }
  });

  it('has no raw tiles and reads every pixel exactly as pydicom does', async () => {
    expect(await slide.readRawTile(0, 0, 0)).toBeNull();
    const all = await slide.readRegion(0, 0, 0, 50, 50);
    // SHA-256 of the 50×50 RGB matrix assembled by pydicom from the 25 frames.
    expect(createHash('sha256').update(all.data).digest('hex')).toBe(
      'c05080458a5d583e86f8a28b3aea56344470450c12b89b7a00476e936fc272cb',
    );
    expectMean(await slide.readTile(0, 2, 2), [244.02, 244.02, 244.02], 0.01);
    expectMean(await slide.readRegion(0, 5, 5, 30, 30), [243.82, 243.82, 243.82], 0.01);
  });
});
