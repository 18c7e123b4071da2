import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isOpenSlideAvailable } from './openslide';
import { openSlideFile, type SlideReaders } from './open-slide';
import { SlideOpenError, type SlideSource } from './slide-source';
import { SLIDES_DIR } from './tiff/testing/slides';

const CMU = path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs');
const BOXES = path.join(SLIDES_DIR, 'boxes.tiff');
const DICOM = path.join(SLIDES_DIR, 'small_dicom.dcm');

async function readerOf(file: string, type: string): Promise<string> {
  const slide = await openSlideFile(file, type);
  try {
    return slide.properties.reader;
  } finally {
    await slide.close();
  }
}

/** Readers that say which of them was called, each answering or refusing as told. */
function fakeReaders(
  answers: Partial<Record<'tiff' | 'dicom' | 'openslide', SlideOpenError | Error>>,
  openslideAvailable = true,
) {
  const calls: string[] = [];
  const reader =
    (name: 'tiff' | 'dicom' | 'openslide') =>
    (arg: string | string[]): Promise<SlideSource> => {
      calls.push(`${name}:${String(arg)}`);
      const refusal = answers[name];
      if (refusal) {
        return Promise.reject(refusal);
      }
      return Promise.resolve({ properties: { reader: name } } as unknown as SlideSource);
    };
  const readers: SlideReaders = {
    tiff: reader('tiff'),
    dicom: reader('dicom'),
    openslide: reader('openslide'),
    openslideAvailable: vi.fn(() => openslideAvailable),
  };
  return { readers, calls };
}

async function refusalOf(promise: Promise<unknown>): Promise<SlideOpenError> {
  const error: unknown = await promise.then(
    () => new Error('opened'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SlideOpenError);
  return error as SlideOpenError;
}

describe('openSlideFile on the shared test slides', () => {
  it('reads SVS and TIFF with the TypeScript TIFF reader, whatever the case of the type', async () => {
    expect(await readerOf(CMU, 'svs')).toBe('tiff');
    expect(await readerOf(BOXES, 'tiff')).toBe('tiff');
    expect(await readerOf(BOXES, 'TIF')).toBe('tiff');
  });

  it('reads DICOM with the TypeScript DICOM reader', async () => {
    expect(await readerOf(DICOM, 'dcm')).toBe('dicom');
  });

  it.runIf(isOpenSlideAvailable())('reads vendor types with OpenSlide', async () => {
    // OpenSlide recognises the file by its content: an Aperio file stands in for a vendor one.
    expect(await readerOf(CMU, 'ndpi')).toBe('openslide');
  });

  it.runIf(isOpenSlideAvailable())(
    'reads a plain TIFF under a vendor type with the TIFF reader, as under .tif',
    async () => {
      // OpenSlide takes boxes.tiff for "generic-tiff", whose resolution tags it leaves out.
      expect(await readerOf(BOXES, 'ndpi')).toBe('tiff');
      expect(await readerOf(CMU, 'ndpi')).toBe('openslide');
    },
  );

  it('refuses a type no reader takes', async () => {
    expect((await refusalOf(openSlideFile(CMU, 'jpg'))).reason).toBe('UNSUPPORTED_FORMAT');
  });
});

describe('openSlideFile reader choice', () => {
  const unsupported = new SlideOpenError('UNSUPPORTED_FORMAT', 'JPEG 2000 tiles');

  it('gives the TIFF family to the TIFF reader first', async () => {
    for (const type of ['svs', 'tif', 'tiff']) {
      const { readers, calls } = fakeReaders({});
      const slide = await openSlideFile('/s/slide.x', type, undefined, readers);
      expect(slide.properties.reader).toBe('tiff');
      expect(calls).toEqual(['tiff:/s/slide.x']);
    }
  });

  it('falls back to OpenSlide when the TIFF reader refuses the format as unsupported', async () => {
    const { readers, calls } = fakeReaders({ tiff: unsupported });
    const slide = await openSlideFile('/s/slide.svs', 'svs', undefined, readers);
    expect(slide.properties.reader).toBe('openslide');
    expect(calls).toEqual(['tiff:/s/slide.svs', 'openslide:/s/slide.svs']);
  });

  it('says how to enable OpenSlide when the fallback is needed but the library is absent', async () => {
    const { readers, calls } = fakeReaders({ tiff: unsupported }, false);
    const error = await refusalOf(openSlideFile('/s/slide.svs', 'svs', undefined, readers));
    expect(error.reason).toBe('OPENSLIDE_MISSING');
    expect(error.message).toContain('JPEG 2000 tiles');
    expect(error.message).toContain('libopenslide0');
    expect(calls).toEqual(['tiff:/s/slide.svs']);
  });

  it('keeps the TIFF reader’s reason when OpenSlide does not recognise the file either', async () => {
    const { readers } = fakeReaders({
      tiff: unsupported,
      openslide: new SlideOpenError('NOT_A_SLIDE', 'not recognised'),
    });
    const error = await refusalOf(openSlideFile('/s/slide.tif', 'tif', undefined, readers));
    expect(error.reason).toBe('UNSUPPORTED_FORMAT');
    expect(error.message).toContain('JPEG 2000 tiles');
    expect(error.message).toContain('not recognised');
  });

  it('does not fall back for a damaged, oversized or non-slide TIFF', async () => {
    for (const reason of ['DAMAGED', 'TOO_LARGE', 'NOT_A_SLIDE'] as const) {
      const { readers, calls } = fakeReaders({ tiff: new SlideOpenError(reason, reason) });
      expect((await refusalOf(openSlideFile('/s/a.svs', 'svs', undefined, readers))).reason).toBe(
        reason,
      );
      expect(calls).toEqual(['tiff:/s/a.svs']);
    }
  });

  it('gives vendor formats to OpenSlide, or refuses them with how to enable it', async () => {
    for (const type of ['ndpi', 'scn', 'bif', 'mrxs', 'vms', 'vmu']) {
      const { readers, calls } = fakeReaders({});
      const slide = await openSlideFile(`/s/slide.${type}`, type, undefined, readers);
      expect(slide.properties.reader).toBe('openslide');
      expect(calls).toEqual([`openslide:/s/slide.${type}`]);

      const without = fakeReaders({}, false);
      const error = await refusalOf(
        openSlideFile(`/s/slide.${type}`, type, undefined, without.readers),
      );
      expect(error.reason).toBe('OPENSLIDE_MISSING');
      expect(error.message).toContain('apt-get install libopenslide0');
      expect(without.calls).toEqual([]);
    }
  });

  it('refuses an MRXS or VMS index naming a file outside the slide’s folder, before OpenSlide', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referenced-'));
    try {
      fs.mkdirSync(path.join(dir, 'slide'));
      const mrxs = path.join(dir, 'slide.mrxs');
      fs.writeFileSync(mrxs, '');
      const ini = (dataFile: string) =>
        fs.writeFileSync(
          path.join(dir, 'slide', 'Slidedat.ini'),
          `\uFEFF[GENERAL]\r\nOBJECTIVE_NAME = 20x/0.8\r\n[HIERARCHICAL]\r\nINDEXFILE = Index.dat\r\n[DATAFILE]\r\nFILE_COUNT = 2\r\nFILE_0 = Data0000.dat\r\nFILE_1 = ${dataFile}\r\n`,
        );
      const vms = path.join(dir, 'slide.vms');
      const vmsIndex = (imageFile: string) =>
        fs.writeFileSync(
          vms,
          `[Virtual Microscope Specimen]\nImageFile=${imageFile}\nMapFile=slide.map\n`,
        );
      for (const bad of ['../../1/other/Data0001.dat', '/etc/passwd', '..', 'C:\\x.dat']) {
        ini(bad);
        const { readers, calls } = fakeReaders({});
        const error = await refusalOf(openSlideFile(mrxs, 'mrxs', undefined, readers));
        expect(error.reason, bad).toBe('DAMAGED');
        expect(calls).toEqual([]);
        vmsIndex(bad);
        expect((await refusalOf(openSlideFile(vms, 'vms', undefined, readers))).reason).toBe(
          'DAMAGED',
        );
        expect(calls).toEqual([]);
      }
      // Plain names beside the index (a slash elsewhere, in the objective's name, is no file).
      ini('Data0001.dat');
      vmsIndex('slide.jpg');
      const { readers, calls } = fakeReaders({});
      await openSlideFile(mrxs, 'mrxs', undefined, readers);
      await openSlideFile(vms, 'vms', undefined, readers);
      expect(calls).toEqual([`openslide:${mrxs}`, `openslide:${vms}`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives DICOM every file of the series', async () => {
    const { readers, calls } = fakeReaders({});
    await openSlideFile('/s/slide.dcm', 'dcm', ['/s/slide.dcm', '/s/b.dcm'], readers);
    expect(calls).toEqual(['dicom:/s/slide.dcm,/s/b.dcm']);
    const single = fakeReaders({});
    await openSlideFile('/s/slide.dcm', 'dcm', undefined, single.readers);
    expect(single.calls).toEqual(['dicom:/s/slide.dcm']);
  });
});
