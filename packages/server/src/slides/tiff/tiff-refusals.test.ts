import { copyFile, mkdtemp, open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlideOpenError, type SlideSource } from '../slide-source';
import { jpeg2000Available } from './codecs';
import { parseHeader, readIfdChain } from './ifd-parser';
import { ascii, buildTiff, long, long8, rgbTileTags, short } from './testing/build-tiff';
import { factsOf } from './testing/slides';
import { Tag } from './tiff-tags';
import { TiffFile } from './tiff-file';
import { openTiffSlide } from './tiff-slide';

/*
 * Files the reader must refuse cleanly — a SlideOpenError with the right reason, never a crash
 * or a huge allocation — and damage found only when a tile is read.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tiff-refusals-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saved(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function refusalOf(file: string): Promise<SlideOpenError> {
  const outcome = await openTiffSlide(file).then(
    async (slide) => {
      await slide.close();
      return null;
    },
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(SlideOpenError);
  return outcome as SlideOpenError;
}

describe('files that are not slides', () => {
  it('refuses an empty file, a PNG and text as NOT_A_SLIDE', async () => {
    for (const [name, bytes] of [
      ['empty.tif', Buffer.alloc(0)],
      ['image.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
      ['notes.tif', Buffer.from('hello, this is not a TIFF file at all')],
    ] as const) {
      expect((await refusalOf(await saved(name, bytes))).reason).toBe('NOT_A_SLIDE');
    }
  });
});

describe('absurd sizes are refused before anything is read in bulk', () => {
  it('refuses a header declaring a 10,000,000-pixel-wide image as TOO_LARGE', async () => {
    const width = 10_000_000;
    const tiles = Math.ceil(width / 256) * Math.ceil(50_000 / 256);
    const bytes = buildTiff({
      ifds: () => [{ tags: rgbTileTags(width, 50_000, 256, long(0, 0), long(0, 0)) }],
    });
    // The tile arrays claim all 7.6 million entries, stored far beyond the end of this small
    // file: reading them would fail as DAMAGED, so TOO_LARGE shows the size was refused first.
    patchArrayEntries(bytes, tiles, 0xffffff00);
    const refusal = await refusalOf(await saved('wide.tif', bytes));
    expect(refusal.reason).toBe('TOO_LARGE');
    expect(refusal.message).toMatch(/10000000x50000/);
  });

  it('refuses the same in a BigTIFF', async () => {
    const bytes = buildTiff({
      bigTiff: true,
      ifds: () => [{ tags: rgbTileTags(10_000_000, 10_000_000, 256, long8(8), long8(8)) }],
    });
    expect((await refusalOf(await saved('wide-big.tif', bytes))).reason).toBe('TOO_LARGE');
  });

  it('refuses tiles larger than SLIDE_LIMITS.maxTilePixels as TOO_LARGE', async () => {
    const bytes = buildTiff({
      ifds: () => [
        {
          tags: rgbTileTags(60_000, 60_000, 0, long(8), long(8), {
            [Tag.TileWidth]: long(32_768),
            [Tag.TileLength]: long(32_768),
          }),
        },
      ],
    });
    const refusal = await refusalOf(await saved('big-tiles.tif', bytes));
    expect(refusal.reason).toBe('TOO_LARGE');
    expect(refusal.message).toMatch(/32768x32768/);
  });
});

/** Rewrites the TileOffsets/TileByteCounts entries of the first IFD to `count` values at `at`. */
function patchArrayEntries(bytes: Buffer, count: number, at: number): void {
  const ifd = bytes.readUInt32LE(4);
  const n = bytes.readUInt16LE(ifd);
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    const tag = bytes.readUInt16LE(e);
    if (tag === Tag.TileOffsets || tag === Tag.TileByteCounts) {
      bytes.writeUInt32LE(count, e + 4);
      bytes.writeUInt32LE(at, e + 8);
    }
  }
}

describe('damaged files', () => {
  it('refuses truncated copies of the test slides as DAMAGED, or reads them whole', async () => {
    for (const name of ['CMU-1-Small-Region.svs', 'small.svs', 'boxes.tiff']) {
      const original = await readFile(factsOf(name).file);
      for (const keep of [4, 12, 100, Math.floor(original.length / 2), original.length - 10]) {
        const file = await saved(`cut-${keep}-${name}`, original.subarray(0, keep));
        const outcome = await openTiffSlide(file).catch((error: unknown) => error);
        if (outcome instanceof SlideOpenError) {
          expect(outcome.reason).toBe(keep < 8 ? 'NOT_A_SLIDE' : 'DAMAGED');
          continue;
        }
        // boxes.tiff ends with its ICC profile, which the reader does not need: cutting it off
        // leaves every pixel readable, and the slide must read exactly as the original does.
        expect(keep).toBe(original.length - 10);
        expect(name).toBe('boxes.tiff');
        const cut = outcome as SlideSource;
        const whole = await openTiffSlide(factsOf(name).file);
        for (const [i, level] of whole.properties.levels.entries()) {
          const a = await cut.readRegion(i, 0, 0, level.width, level.height);
          const b = await whole.readRegion(i, 0, 0, level.width, level.height);
          expect(a.data.equals(b.data)).toBe(true);
        }
        await cut.close();
        await whole.close();
      }
    }
  });

  it('refuses an IFD chain that loops as DAMAGED', async () => {
    const tile = Buffer.alloc(16 * 16 * 3, 200);
    const bytes = buildTiff({
      blobs: [tile],
      lastNextIfd: 'first',
      ifds: ([at]) => [{ tags: rgbTileTags(16, 16, 16, long(at!), long(tile.length)) }],
    });
    const refusal = await refusalOf(await saved('loop.tif', bytes));
    expect(refusal.reason).toBe('DAMAGED');
    expect(refusal.message).toMatch(/loops/);
  });

  it('refuses a tile list shorter than the tile grid as DAMAGED', async () => {
    const bytes = buildTiff({
      ifds: () => [{ tags: rgbTileTags(64, 64, 16, long(8, 8), long(1, 1)) }],
    });
    expect((await refusalOf(await saved('short-list.tif', bytes))).reason).toBe('DAMAGED');
  });

  it('refuses a tile byte count far beyond any tile as DAMAGED (no giant read buffer)', async () => {
    const blob = Buffer.alloc(4 * 1024 * 1024);
    const bytes = buildTiff({
      blobs: [blob],
      ifds: ([at]) => [{ tags: rgbTileTags(16, 16, 16, long(at!), long(blob.length)) }],
    });
    const refusal = await refusalOf(await saved('fat-tile.tif', bytes));
    expect(refusal.reason).toBe('DAMAGED');
    expect(refusal.message).toMatch(/claims 4194304 bytes/);
  });

  it('refuses to decode a JPEG tile whose own header declares a giant frame', async () => {
    const file = await saved(
      'giant-frame.svs',
      await readFile(factsOf('CMU-1-Small-Region.svs').file),
    );
    const { offset } = await firstTile(file);
    const handle = await open(file, 'r+');
    // The tile starts FFD8 FFC0 <length> <precision>; then height and width: both 20,000.
    await handle.write(Buffer.from([0x4e, 0x20, 0x4e, 0x20]), 0, 4, offset + 7);
    await handle.close();
    const slide = await openTiffSlide(file);
    try {
      await expect(slide.readTile(0, 0, 0)).rejects.toThrow(/cannot be decoded: .*pixel limit/);
    } finally {
      await slide.close();
    }
  });

  it('ignores an unused untiled IFD however large its single strip', async () => {
    const tile = Buffer.alloc(16 * 16 * 3, 90);
    const bytes = buildTiff({
      blobs: [tile],
      ifds: ([at]) => [
        { tags: rgbTileTags(16, 16, 16, long(at!), long(tile.length)) },
        {
          tags: {
            [Tag.ImageWidth]: long(20_000),
            [Tag.ImageLength]: long(20_000),
            [Tag.BitsPerSample]: short(8, 8, 8),
            [Tag.SamplesPerPixel]: short(3),
            [Tag.RowsPerStrip]: long(20_000),
            [Tag.StripOffsets]: long(at!),
            [Tag.StripByteCounts]: long(tile.length),
          },
        },
      ],
    });
    const slide = await openTiffSlide(await saved('big-strip.tif', bytes));
    try {
      expect(slide.properties.levels).toHaveLength(1);
      expect((await slide.readTile(0, 0, 0)).data[0]).toBe(90);
    } finally {
      await slide.close();
    }
  });

  it('opens a file whose tiles are damaged, and fails only the reads of those tiles', async () => {
    const original = await readFile(factsOf('CMU-1-Small-Region.svs').file);
    const file = await saved('bad-tile.svs', Buffer.from(original));
    // Tile (0,0) loses its frame header (SOF) and scan header: no decoder can make pixels of it.
    const { offset } = await firstTile(file);
    const handle = await open(file, 'r+');
    await handle.write(Buffer.alloc(40), 0, 40, offset + 2);
    await handle.close();
    const slide = await openTiffSlide(file);
    try {
      expect((await slide.readRawTile(0, 0, 0))?.bytes.length).toBeGreaterThan(0);
      await expect(slide.readTile(0, 0, 0)).rejects.toThrow(/level 0: block 0,0 cannot be decoded/);
      expect((await slide.readTile(0, 1, 0)).width).toBe(240);
    } finally {
      await slide.close();
    }
  });

  it('fails tile reads, not the process, when the file is cut short after opening', async () => {
    const file = path.join(dir, 'shrinks.tiff');
    await copyFile(factsOf('boxes.tiff').file, file);
    const slide = await openTiffSlide(file);
    try {
      await truncate(file, 300);
      await expect(slide.readTile(0, 4, 3)).rejects.toThrow(/outside the file/);
      await expect(slide.readRegion(0, 0, 0, 300, 250)).rejects.toThrow();
    } finally {
      await slide.close();
    }
  });
});

/** Where tile 0 of IFD 0 is stored. */
async function firstTile(file: string): Promise<{ offset: number; length: number }> {
  const tiff = await TiffFile.open(file);
  try {
    const header = parseHeader(await tiff.read(0, 16))!;
    const [ifd] = await readIfdChain(tiff, header);
    const entry = (tag: number) => ifd!.entries.get(tag)!;
    const word = async (tag: number) =>
      (await tiff.read(entry(tag).valueOffset, 4)).readUInt32LE(0);
    return { offset: await word(Tag.TileOffsets), length: await word(Tag.TileByteCounts) };
  } finally {
    await tiff.close();
  }
}

describe('formats the TIFF reader leaves to others', () => {
  it.skipIf(jpeg2000Available())(
    'refuses Aperio JPEG 2000 (33003) as UNSUPPORTED_FORMAT, saying why, when libvips has no OpenJPEG',
    async () => {
      const bytes = Buffer.from(await readFile(factsOf('small.svs').file));
      // small.svs with its level's compression changed from JPEG (7) to Aperio's 33003.
      const ifd = bytes.readUInt32LE(4);
      for (let i = 0; i < bytes.readUInt16LE(ifd); i++) {
        const e = ifd + 2 + i * 12;
        if (bytes.readUInt16LE(e) === Tag.Compression) {
          bytes.writeUInt16LE(33003, e + 8);
        }
      }
      const refusal = await refusalOf(await saved('jp2k.svs', bytes));
      expect(refusal.reason).toBe('UNSUPPORTED_FORMAT');
      expect(refusal.message).toMatch(/JPEG 2000.*OpenJPEG/);
    },
  );

  it('refuses an unknown compression and 16-bit samples as UNSUPPORTED_FORMAT', async () => {
    const lerc = buildTiff({
      ifds: () => [
        { tags: rgbTileTags(16, 16, 16, long(8), long(1), { [Tag.Compression]: short(34887) }) },
      ],
    });
    expect((await refusalOf(await saved('lerc.tif', lerc))).message).toMatch(
      /LERC is not supported/,
    );
    const deep = buildTiff({
      ifds: () => [
        {
          tags: rgbTileTags(16, 16, 16, long(8), long(1), {
            [Tag.BitsPerSample]: short(16, 16, 16),
          }),
        },
      ],
    });
    expect((await refusalOf(await saved('deep.tif', deep))).reason).toBe('UNSUPPORTED_FORMAT');
  });

  it('refuses Hamamatsu NDPI and Philips TIFF as UNSUPPORTED_FORMAT for the OpenSlide reader', async () => {
    const ndpi = buildTiff({
      ifds: () => [{ tags: rgbTileTags(16, 16, 16, long(8), long(1), { 65420: long(1) }) }],
    });
    const ndpiRefusal = await refusalOf(await saved('slide.ndpi', ndpi));
    expect(ndpiRefusal.reason).toBe('UNSUPPORTED_FORMAT');
    expect(ndpiRefusal.message).toMatch(/NDPI.*OpenSlide/);
    const philips = buildTiff({
      ifds: () => [
        {
          tags: rgbTileTags(16, 16, 16, long(8), long(1), {
            [Tag.Software]: ascii('Philips DP v1.0'),
          }),
        },
      ],
    });
    expect((await refusalOf(await saved('philips.tiff', philips))).message).toMatch(/Philips/);
  });
});

describe('hand-made BigTIFF with a missing tile', () => {
  it('reads uncompressed tiles from a BigTIFF and paints a missing tile white', async () => {
    const tile = (value: number) => Buffer.alloc(16 * 16 * 3, value);
    const blobs = [tile(10), tile(20), tile(30)];
    const bytes = buildTiff({
      bigTiff: true,
      blobs,
      // 40x20 image in 16x16 tiles: a 3x2 grid; the 4th tile (0,1) is missing (offset 0).
      ifds: ([a, b, c]) => [
        {
          tags: rgbTileTags(
            40,
            20,
            16,
            long8(a!, b!, c!, 0, a!, b!),
            long8(768, 768, 768, 0, 768, 768),
            {
              [Tag.ImageDescription]: ascii('made for a test'),
            },
          ),
        },
      ],
    });
    const slide = await openTiffSlide(await saved('sparse.btf', bytes));
    try {
      expect(slide.properties.levels).toEqual([
        { width: 40, height: 20, downsample: 1, tileWidth: 16, tileHeight: 16 },
      ]);
      const region = await slide.readRegion(0, 0, 0, 40, 20);
      const at = (x: number, y: number) => region.data[(y * 40 + x) * 3];
      expect([at(0, 0), at(16, 0), at(39, 15), at(0, 16), at(20, 19), at(39, 19)]).toEqual([
        10, 20, 30, 255, 10, 20,
      ]);
      const edge = await slide.readTile(0, 2, 1);
      expect([edge.width, edge.height]).toEqual([8, 4]);
      expect(await slide.readRawTile(0, 0, 0)).toBeNull();
    } finally {
      await slide.close();
    }
  });
});
