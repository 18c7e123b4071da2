/**
 * The DICOM reader on files written for the test, for what the two real slides do not cover:
 * TILED_SPARSE, implicit VR, big endian, planar and 16-bit pixels, fragment scanning and the
 * Extended Offset Table, RGB JPEG colour signalling, multi-file series and concatenations.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { RgbImage } from '../slide-source.js';
import { openDicomSlide } from './dicom-slide.js';
import { T, TS } from './tags.js';
import {
  el,
  nativeFrames,
  wsiElements,
  writeDicom,
  type Element,
  type WriteOptions,
} from './testing/write-dicom.js';

const work = mkdtempSync(join(tmpdir(), 'dicom-synthetic-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
function save(options: WriteOptions | Buffer): string {
  const path = join(work, `f${n++}.dcm`);
  writeFileSync(path, Buffer.isBuffer(options) ? options : writeDicom(options));
  return path;
}

const pixel = (img: RgbImage, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3),
];

function mean(img: RgbImage): number[] {
  const sum = [0, 0, 0];
  img.data.forEach((v, i) => (sum[i % 3]! += v));
  return sum.map((s) => s / (img.width * img.height));
}

/** A plane position item for the per-frame functional groups (1-based positions). */
function framePosition(x: number, y: number, z: number): Element[] {
  return [
    el(T.PlanePositionSlideSequence, 'SQ', [
      [
        el(T.ZOffsetInSlideCoordinateSystem, 'DS', z),
        el(T.ColumnPositionInTotalImagePixelMatrix, 'SL', x + 1),
        el(T.RowPositionInTotalImagePixelMatrix, 'SL', y + 1),
      ],
    ]),
  ];
}

describe('TILED_SPARSE, implicit VR little endian, undefined-length sequences', () => {
  // 30×20 image, 10×10 tiles (3×2 cells); frames at cells (0,0), (2,0), (1,1), and one frame of
  // another focal plane at (1,0) that must not show. Grey frames of values 10, 20, 30, 40.
  const cells = [
    [0, 0, 0],
    [20, 0, 0],
    [10, 10, 0],
    [10, 0, 5],
  ] as const;
  const path = save({
    transferSyntax: TS.ImplicitLittle,
    undefinedLengths: true,
    elements: wsiElements({
      width: 30,
      height: 20,
      tile: 10,
      frames: 4,
      samples: 1,
      extra: [
        el(T.DimensionOrganizationType, 'CS', 'TILED_SPARSE'),
        // CIELab (50, 0, 0): mid grey.
        el(T.RecommendedAbsentPixelCIELabValue, 'US', [32768, 32896, 32896]),
        el(T.OpticalPathSequence, 'SQ', [
          [el(T.OpticalPathIdentifier, 'SH', '1'), el(T.ObjectiveLensPower, 'DS', 40)],
        ]),
        el(T.SharedFunctionalGroupsSequence, 'SQ', [
          [el(T.PixelMeasuresSequence, 'SQ', [[el(T.PixelSpacing, 'DS', [0.00025, 0.0005])]])],
        ]),
        el(
          T.PerFrameFunctionalGroupsSequence,
          'SQ',
          cells.map(([x, y, z]) => framePosition(x, y, z)),
        ),
      ],
    }),
    pixels: { native: Buffer.concat([10, 20, 30, 40].map((v) => Buffer.alloc(100, v))) },
  });

  it('reads geometry, MPP (row, column order), objective and background', async () => {
    const slide = await openDicomSlide([path]);
    try {
      const p = slide.properties;
      expect(p.levels).toEqual([
        { width: 30, height: 20, downsample: 1, tileWidth: 10, tileHeight: 10 },
      ]);
      expect(p.mppX).toBe(0.5);
      expect(p.mppY).toBe(0.25);
      expect(p.objectivePower).toBe(40);
      // CIELab L*=50 is sRGB 119 grey.
      expect(p.backgroundColor).toBe('777777');
    } finally {
      await slide.close();
    }
  });

  it('places frames by their positions and paints missing tiles as background', async () => {
    const slide = await openDicomSlide([path]);
    try {
      expect(mean(await slide.readTile(0, 0, 0))).toEqual([10, 10, 10]);
      expect(mean(await slide.readTile(0, 2, 0))).toEqual([20, 20, 20]);
      expect(mean(await slide.readTile(0, 1, 1))).toEqual([30, 30, 30]);
      // (1,0) only has a frame of another focal plane; (0,1) and (2,1) have none.
      for (const [col, row] of [
        [1, 0],
        [0, 1],
        [2, 1],
      ] as const) {
        expect(mean(await slide.readTile(0, col, row))).toEqual([0x77, 0x77, 0x77]);
      }
      const all = await slide.readRegion(0, 0, 0, 30, 20);
      expect(pixel(all, 25, 5)).toEqual([20, 20, 20]);
      expect(pixel(all, 15, 15)).toEqual([30, 30, 30]);
      expect(await slide.readRawTile(0, 0, 0)).toBeNull();
    } finally {
      await slide.close();
    }
  });

  it('composites frames that are off the tile grid', async () => {
    const off = save({
      elements: wsiElements({
        width: 20,
        height: 20,
        tile: 10,
        frames: 1,
        samples: 1,
        extra: [
          el(T.DimensionOrganizationType, 'CS', 'TILED_SPARSE'),
          el(T.PerFrameFunctionalGroupsSequence, 'SQ', [framePosition(5, 5, 0)]),
        ],
      }),
      pixels: { native: Buffer.alloc(100, 50) },
    });
    const slide = await openDicomSlide([off]);
    try {
      const tile = await slide.readTile(0, 0, 0);
      expect(pixel(tile, 4, 4)).toEqual([255, 255, 255]);
      expect(pixel(tile, 5, 5)).toEqual([50, 50, 50]);
      const other = await slide.readTile(0, 1, 1);
      expect(pixel(other, 4, 4)).toEqual([50, 50, 50]);
      expect(pixel(other, 5, 5)).toEqual([255, 255, 255]);
    } finally {
      await slide.close();
    }
  });
});

describe('uncompressed pixel layouts', () => {
  const rgb = (x: number, y: number) => [x * 10, y * 10, 200];

  it('reads explicit VR big endian with planar configuration 1', async () => {
    // Frames planar: every frame's reds, then greens, then blues.
    const interleaved = nativeFrames(12, 8, 4, rgb);
    const planar = Buffer.alloc(interleaved.length);
    for (let f = 0; f < interleaved.length / 48; f++) {
      for (let i = 0; i < 16; i++) {
        for (let c = 0; c < 3; c++) {
          planar[f * 48 + c * 16 + i] = interleaved[f * 48 + i * 3 + c]!;
        }
      }
    }
    const slide = await openDicomSlide([
      save({
        transferSyntax: TS.ExplicitBig,
        elements: wsiElements({
          width: 12,
          height: 8,
          tile: 4,
          frames: 6,
          extra: [el(T.PlanarConfiguration, 'US', 1)],
        }),
        pixels: { native: planar },
      }),
    ]);
    try {
      const all = await slide.readRegion(0, 0, 0, 12, 8);
      for (const [x, y] of [
        [0, 0],
        [5, 3],
        [11, 7],
      ] as const) {
        expect(pixel(all, x, y)).toEqual(rgb(x, y));
      }
    } finally {
      await slide.close();
    }
  });

  it('scales 16-bit grey to 8 bits and inverts MONOCHROME1', async () => {
    const values = Buffer.alloc(8);
    [0, 2048, 4095, 1024].forEach((v, i) => values.writeUInt16LE(v, i * 2));
    const sixteen = await openDicomSlide([
      save({
        elements: wsiElements({
          width: 2,
          height: 2,
          tile: 2,
          frames: 1,
          samples: 1,
          bits: 16,
          extra: [el(T.BitsStored, 'US', 12)],
        }),
        pixels: { native: values },
      }),
    ]);
    const mono1 = await openDicomSlide([
      save({
        elements: wsiElements({
          width: 2,
          height: 1,
          tile: 2,
          frames: 1,
          samples: 1,
          photometric: 'MONOCHROME1',
        }),
        pixels: { native: Buffer.from([0, 200, 7, 7]) },
      }),
    ]);
    try {
      const tile = await sixteen.readTile(0, 0, 0);
      expect([0, 1, 2, 3].map((i) => tile.data[i * 3])).toEqual([0, 128, 255, 64]);
      expect([...(await mono1.readTile(0, 0, 0)).data]).toEqual([255, 255, 255, 55, 55, 55]);
    } finally {
      await sixteen.close();
      await mono1.close();
    }
  });
});

describe('encapsulated JPEG frames', () => {
  const colours = [
    [200, 30, 30],
    [30, 200, 30],
    [30, 30, 200],
    [200, 200, 30],
  ];
  const jpegs = Promise.all(
    colours.map((c) =>
      sharp(
        Buffer.alloc(16 * 16 * 3).map((_, i) => c[i % 3]!),
        { raw: { width: 16, height: 16, channels: 3 } },
      )
        .jpeg({ quality: 95 })
        .toBuffer(),
    ),
  );
  const write = async (offsetTable: 'none' | 'basic' | 'extended', split: boolean) =>
    save({
      transferSyntax: TS.JpegBaseline,
      elements: wsiElements({
        width: 32,
        height: 24,
        tile: 16,
        frames: 4,
        photometric: 'YBR_FULL_422',
      }),
      pixels: {
        offsetTable,
        frames: (await jpegs).map((j) => (split ? [j.subarray(0, 100), j.subarray(100)] : [j])),
      },
    });

  for (const [table, split] of [
    ['none', false],
    ['none', true],
    ['basic', true],
    ['extended', false],
  ] as const) {
    it(`finds frames with offset table "${table}"${split ? ', two fragments a frame' : ''}`, async () => {
      const slide = await openDicomSlide([await write(table, split)]);
      try {
        for (let i = 0; i < 4; i++) {
          const raw = (await slide.readRawTile(0, i % 2, Math.floor(i / 2)))!;
          expect(raw.bytes.equals((await jpegs)[i]!)).toBe(true);
          const tile = await slide.readTile(0, i % 2, Math.floor(i / 2));
          mean(tile).forEach((v, c) => expect(Math.abs(v - colours[i]![c]!)).toBeLessThan(4));
        }
        const edge = (await slide.readRawTile(0, 1, 1))!;
        expect([edge.width, edge.height, edge.validWidth, edge.validHeight]).toEqual([
          16, 16, 16, 8,
        ]);
        expect((await slide.readTile(0, 1, 1)).height).toBe(8);
      } finally {
        await slide.close();
      }
    });
  }

  it('marks RGB JPEG frames without colour markers as RGB (Adobe APP14, transform 0)', async () => {
    // sharp writes no JFIF marker: its JPEGs say nothing of their colours (YCbCr by default).
    const bare = (await jpegs)[0]!;
    expect(bare.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xdb]));
    const slide = await openDicomSlide([
      save({
        transferSyntax: TS.JpegBaseline,
        elements: wsiElements({ width: 16, height: 16, tile: 16, frames: 1, photometric: 'RGB' }),
        pixels: { offsetTable: 'basic', frames: [[bare]] },
      }),
    ]);
    try {
      const raw = (await slide.readRawTile(0, 0, 0))!;
      expect(raw.bytes.subarray(2, 11).toString('latin1')).toBe('\xff\xee\x00\x0eAdobe');
      expect(raw.bytes.subarray(18)).toEqual(bare.subarray(2));
      const viaSharp = await sharp(raw.bytes).raw().toBuffer();
      const tile = await slide.readTile(0, 0, 0);
      expect(tile.data.equals(viaSharp)).toBe(true);
      // The marker is honoured: the stored components now come out as they are (this frame
      // really holds YCbCr, so red no longer decodes as red).
      expect(Math.abs(mean(tile)[0]! - 200)).toBeGreaterThan(50);
    } finally {
      await slide.close();
    }
  });
});

describe('multi-file series', () => {
  const series = (
    o: Parameters<typeof wsiElements>[0],
    color: (x: number, y: number) => number[],
  ) =>
    save({
      elements: wsiElements(o),
      pixels: { native: nativeFrames(o.width, o.height, o.tile, color) },
    });
  const gradient = (scale: number) => (x: number, y: number) => [x * scale, y * scale, 100];

  it('takes levels from VOLUME images by size and label/macro/thumbnail from the others', async () => {
    const paths = [
      series({ width: 32, height: 24, tile: 16, frames: 4, instance: 2 }, gradient(4)),
      series(
        { width: 20, height: 10, tile: 20, frames: 1, instance: 4, imageType: 'LABEL' },
        () => [9, 8, 7],
      ),
      series({ width: 64, height: 48, tile: 16, frames: 12, instance: 1 }, gradient(2)),
      series(
        { width: 40, height: 20, tile: 20, frames: 2, instance: 5, imageType: 'OVERVIEW' },
        () => [1, 2, 3],
      ),
      series(
        { width: 16, height: 12, tile: 16, frames: 1, instance: 6, imageType: 'THUMBNAIL' },
        () => [4, 5, 6],
      ),
      series({ width: 16, height: 12, tile: 16, frames: 1, instance: 3 }, gradient(8)),
      // Another, smaller slide and a file that is not DICOM: both left out.
      series({ width: 32, height: 32, tile: 16, frames: 4, series: '77' }, () => [0, 0, 0]),
      save(Buffer.from('DICOMDIR? no.')),
    ];
    const slide = await openDicomSlide(paths);
    try {
      const p = slide.properties;
      expect(p.levels).toEqual([
        { width: 64, height: 48, downsample: 1, tileWidth: 16, tileHeight: 16 },
        { width: 32, height: 24, downsample: 2, tileWidth: 16, tileHeight: 16 },
        { width: 16, height: 12, downsample: 4, tileWidth: 16, tileHeight: 16 },
      ]);
      expect(p.associated).toEqual({
        label: { width: 20, height: 10 },
        macro: { width: 40, height: 20 },
        thumbnail: { width: 16, height: 12 },
      });
      expect(pixel(await slide.readTile(1, 1, 1), 3, 2)).toEqual([(16 + 3) * 4, (16 + 2) * 4, 100]);
      expect(pixel(await slide.readRegion(0, 60, 40, 4, 4), 3, 3)).toEqual([63 * 2, 43 * 2, 100]);
      const label = (await slide.readAssociated('label'))!;
      expect([label.width, label.height, ...pixel(label, 19, 9)]).toEqual([20, 10, 9, 8, 7]);
      const macro = (await slide.readAssociated('macro'))!;
      expect([macro.width, macro.height, ...pixel(macro, 39, 0)]).toEqual([40, 20, 1, 2, 3]);
    } finally {
      await slide.close();
    }
  });

  it('joins the instances of a concatenation into one level', async () => {
    const all = nativeFrames(40, 10, 10, gradient(5));
    const part = (index: number) =>
      save({
        elements: wsiElements({
          width: 40,
          height: 10,
          tile: 10,
          frames: 2,
          instance: index + 1,
          extra: [
            el(T.ConcatenationUID, 'UI', '1.2.3.99'),
            el(T.InConcatenationNumber, 'US', index + 1),
            el(T.ConcatenationFrameOffsetNumber, 'UL', index * 2),
          ],
        }),
        pixels: { native: all.subarray(index * 600, index * 600 + 600) },
      });
    const first = part(0);
    const second = part(1);
    const slide = await openDicomSlide([second, first, first]);
    try {
      expect(slide.properties.levels).toHaveLength(1);
      expect(pixel(await slide.readTile(0, 3, 0), 9, 9)).toEqual([39 * 5, 9 * 5, 100]);
      expect(pixel(await slide.readTile(0, 0, 0), 1, 2)).toEqual([5, 10, 100]);
    } finally {
      await slide.close();
    }
  });
});
