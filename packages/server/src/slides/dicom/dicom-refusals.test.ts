/**
 * Files the DICOM reader must refuse cleanly (a SlideOpenError with the right reason, never a
 * crash or a huge allocation): truncated copies of the real slides, crafted headers, other DICOM
 * objects, unsupported transfer syntaxes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SlideOpenError } from '../slide-source.js';
import { openDicomSlide } from './dicom-slide.js';
import { TEST_SLIDES_DIR } from '../testing/test-slides-dir.js';
import { jpeg2000Supported } from './frame-decode.js';
import { T, TS } from './tags.js';
import { el, nativeFrames, wsiElements, writeDicom, type Element } from './testing/write-dicom.js';

const DIR = TEST_SLIDES_DIR;
const work = mkdtempSync(join(tmpdir(), 'dicom-refusals-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
function fileWith(bytes: Buffer): string {
  const path = join(work, `f${n++}.dcm`);
  writeFileSync(path, bytes);
  return path;
}

async function expectRefused(paths: string[], reason: SlideOpenError['reason'], message?: RegExp) {
  const error = await openDicomSlide(paths).then(
    (s) => {
      void s.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SlideOpenError);
  expect((error as SlideOpenError).reason).toBe(reason);
  if (message) {
    expect((error as SlideOpenError).message).toMatch(message);
  }
}

/** Replaces the 4-byte value of an explicit-VR UL element of the real file. */
function patchUl(bytes: Buffer, tag: number, value: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(tag >>> 16, 0);
  header.writeUInt16LE(tag & 0xffff, 2);
  header.write('UL', 4, 'latin1');
  header.writeUInt16LE(4, 6);
  const at = bytes.indexOf(header);
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(bytes);
  copy.writeUInt32LE(value, at + 8);
  return copy;
}

const small = readFileSync(`${DIR}/small_dicom.dcm`);
const sm = readFileSync(`${DIR}/sm_image.dcm`);

function tiny(extra: Element[] = [], transferSyntax: string = TS.ExplicitLittle): Buffer {
  return writeDicom({
    transferSyntax,
    elements: wsiElements({ width: 4, height: 4, tile: 4, frames: 1, extra }),
    pixels: { native: nativeFrames(4, 4, 4, () => [1, 2, 3]) },
  });
}

describe('truncated files', () => {
  it('refuses small_dicom.dcm cut inside its frames, its offset table or its header', async () => {
    for (const length of [1_000_000, small.length - 1, 1400, 1000, 200, 100]) {
      await expectRefused(
        [fileWith(small.subarray(0, length))],
        length > 132 ? 'DAMAGED' : 'NOT_A_SLIDE',
      );
    }
  });

  it('refuses sm_image.dcm cut inside its uncompressed frames', async () => {
    await expectRefused([fileWith(sm.subarray(0, sm.length - 1))], 'DAMAGED', /truncated/);
    await expectRefused([fileWith(sm.subarray(0, 9000))], 'DAMAGED');
  });

  it('refuses a frame count the file cannot hold', async () => {
    const copy = Buffer.from(small);
    const at = copy.indexOf(Buffer.from('IS\x02\x0042', 'latin1'));
    copy.write('99', at + 4, 'latin1');
    await expectRefused([fileWith(copy)], 'DAMAGED', /99 frames declared, 42 found/);
  });

  it('refuses an element longer than the file, within the first read or beyond it', async () => {
    for (const size of [2, 300_000]) {
      const bytes = tiny([el(0x00091010, 'OB', Buffer.alloc(size))]);
      const at = bytes.indexOf(Buffer.from([0x09, 0x00, 0x10, 0x10, 0x4f, 0x42]));
      bytes.writeUInt32LE(0xfffffff0, at + 8);
      await expectRefused([fileWith(bytes)], 'DAMAGED');
    }
  });

  it('refuses a series when one of its files is damaged', async () => {
    const level = (width: number, instance: number) =>
      writeDicom({
        elements: wsiElements({ width, height: 4, tile: 4, frames: width / 4, instance }),
        pixels: { native: nativeFrames(width, 4, 4, () => [1, 2, 3]) },
      });
    const good = fileWith(level(8, 1));
    const cut = level(4, 2);
    await expectRefused([good, fileWith(cut.subarray(0, cut.length - 10))], 'DAMAGED', /truncated/);
  });

  it('refuses sequences nested beyond reason', async () => {
    let nested: Element[] = [el(T.Rows, 'US', 1)];
    for (let i = 0; i < 20; i++) {
      nested = [el(0x00091001, 'SQ', [nested])];
    }
    await expectRefused([fileWith(tiny(nested))], 'DAMAGED', /nested too deep/);
  });
});

describe('absurd sizes, refused before anything is decoded', () => {
  it('refuses a crafted TotalPixelMatrixColumns in the real file', async () => {
    await expectRefused(
      [fileWith(patchUl(sm, T.TotalPixelMatrixColumns, 5_000_000))],
      'TOO_LARGE',
      /5000000×50/,
    );
    await expectRefused(
      [fileWith(patchUl(small, T.TotalPixelMatrixRows, 0xffffffff))],
      'TOO_LARGE',
    );
  });

  it('refuses frames larger than the tile limit', async () => {
    const bytes = writeDicom({
      elements: wsiElements({ width: 60000, height: 60000, tile: 60000, frames: 1 }),
      pixels: { native: Buffer.alloc(16) },
    });
    await expectRefused([fileWith(bytes)], 'TOO_LARGE', /60000×60000/);
  });
});

describe('files that are not whole-slide images', () => {
  it('refuses another DICOM object', async () => {
    const ct = writeDicom({
      sopClass: '1.2.840.10008.5.1.4.1.1.2',
      elements: wsiElements({ width: 4, height: 4, tile: 4, frames: 1 }),
      pixels: { native: nativeFrames(4, 4, 4, () => [1, 2, 3]) },
    });
    await expectRefused([fileWith(ct)], 'NOT_A_SLIDE', /1\.2\.840\.10008\.5\.1\.4\.1\.1\.2/);
  });

  it('refuses files that are not DICOM, and no files', async () => {
    await expectRefused([fileWith(Buffer.from('not a slide at all'))], 'NOT_A_SLIDE');
    await expectRefused([fileWith(Buffer.alloc(0))], 'NOT_A_SLIDE');
    await expectRefused([fileWith(readFileSync(`${DIR}/boxes.tiff`))], 'NOT_A_SLIDE');
    await expectRefused([fileWith(Buffer.from('a')), fileWith(Buffer.from('b'))], 'NOT_A_SLIDE');
    await expectRefused([], 'NOT_A_SLIDE');
  });

  it('refuses a series of label images only', async () => {
    const label = writeDicom({
      elements: wsiElements({ width: 4, height: 4, tile: 4, frames: 1, imageType: 'LABEL' }),
      pixels: { native: nativeFrames(4, 4, 4, () => [1, 2, 3]) },
    });
    await expectRefused([fileWith(label)], 'NOT_A_SLIDE', /VOLUME/);
  });
});

describe('transfer syntaxes the reader cannot decode', () => {
  const encapsulated = (transferSyntax: string) =>
    writeDicom({
      transferSyntax,
      elements: wsiElements({ width: 4, height: 4, tile: 4, frames: 1 }),
      pixels: { frames: [[Buffer.from([0xff, 0x4f, 0xff, 0x51])]], offsetTable: 'none' },
    });

  it.skipIf(jpeg2000Supported())(
    'refuses JPEG 2000 frames with a message that says why',
    async () => {
      await expectRefused(
        [fileWith(encapsulated(TS.Jpeg2000))],
        'UNSUPPORTED_FORMAT',
        /JPEG 2000.*OpenJPEG/,
      );
      await expectRefused([fileWith(encapsulated(TS.Jpeg2000Lossless))], 'UNSUPPORTED_FORMAT');
    },
  );

  it('refuses JPEG-LS, deflated data sets and 16-bit JPEG', async () => {
    await expectRefused(
      [fileWith(encapsulated('1.2.840.10008.1.2.4.80'))],
      'UNSUPPORTED_FORMAT',
      /JPEG-LS/,
    );
    await expectRefused(
      [fileWith(tiny([], TS.DeflatedExplicitLittle))],
      'UNSUPPORTED_FORMAT',
      /Deflated/,
    );
    const jpeg16 = writeDicom({
      transferSyntax: TS.JpegBaseline,
      elements: wsiElements({ width: 4, height: 4, tile: 4, frames: 1, bits: 16 }),
      pixels: { frames: [[Buffer.from([0xff, 0xd8, 0xff, 0xd9])]], offsetTable: 'none' },
    });
    await expectRefused([fileWith(jpeg16)], 'UNSUPPORTED_FORMAT', /16-bit/);
  });

  it('refuses palette colour and signed pixels', async () => {
    const palette = writeDicom({
      elements: wsiElements({
        width: 4,
        height: 4,
        tile: 4,
        frames: 1,
        samples: 1,
        photometric: 'PALETTE COLOR',
      }),
      pixels: { native: Buffer.alloc(16) },
    });
    await expectRefused([fileWith(palette)], 'UNSUPPORTED_FORMAT', /PALETTE COLOR/);
    await expectRefused(
      [fileWith(tiny([el(T.PixelRepresentation, 'US', 1)]))],
      'UNSUPPORTED_FORMAT',
      /signed/,
    );
  });
});
