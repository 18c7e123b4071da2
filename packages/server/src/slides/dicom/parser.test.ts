/** The DICOM parser and header reader on their own: encodings, growth, and what is read. */
import { open } from 'node:fs/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getItems, getNumber, getNumbers, getString } from './dataset.js';
import { openDicomSlide } from './dicom-slide.js';
import { readDicomHeader } from './file-header.js';
import { MalformedDicom, NeedMoreData, parseDataset } from './parser.js';
import { T } from './tags.js';
import { TEST_SLIDES_DIR } from '../testing/test-slides-dir.js';
import { el, wsiElements, writeDicom } from './testing/write-dicom.js';

const work = mkdtempSync(join(tmpdir(), 'dicom-parser-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const explicitLE = { explicit: true, littleEndian: true };

describe('parseDataset', () => {
  it('reads a UN sequence of undefined length as implicit VR items', () => {
    // (0048,0105) written as UN, undefined length, one item holding ObjectiveLensPower "20".
    const inner = Buffer.concat([
      Buffer.from([0x48, 0x00, 0x12, 0x01, 0x02, 0x00, 0x00, 0x00]),
      Buffer.from('20', 'latin1'),
    ]);
    const bytes = Buffer.concat([
      Buffer.from([0x48, 0x00, 0x05, 0x01]),
      Buffer.from('UN\0\0', 'latin1'),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from([0xfe, 0xff, 0x00, 0xe0, 0xff, 0xff, 0xff, 0xff]),
      inner,
      Buffer.from([0xfe, 0xff, 0x0d, 0xe0, 0, 0, 0, 0]),
      Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]),
    ]);
    const { dataset } = parseDataset(bytes, 0, { syntax: explicitLE, atEof: true });
    const items = getItems(dataset, T.OpticalPathSequence);
    expect(items).toHaveLength(1);
    expect(getNumber(items[0], T.ObjectiveLensPower)).toBe(20);
  });

  it('reads an implicit element inside an explicit data set', () => {
    // Rows (US) written without VR, then Columns with its VR.
    const bytes = Buffer.from([
      0x28, 0x00, 0x10, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x28, 0x00, 0x11, 0x00, 0x55,
      0x53, 0x02, 0x00, 0x00, 0x01,
    ]);
    const { dataset } = parseDataset(bytes, 0, { syntax: explicitLE, atEof: true });
    expect(getNumber(dataset, T.Rows)).toBe(512);
    expect(getNumber(dataset, T.Columns)).toBe(256);
  });

  it('asks for more bytes, or calls the file damaged, when the buffer ends inside an element', () => {
    const bytes = Buffer.concat([
      Buffer.from([0x08, 0x00, 0x16, 0x00]),
      Buffer.from('UI\x1e\x00', 'latin1'),
      Buffer.from('1.2.840'),
    ]);
    expect(() => parseDataset(bytes, 0, { syntax: explicitLE, atEof: false })).toThrow(
      NeedMoreData,
    );
    expect(() => parseDataset(bytes, 0, { syntax: explicitLE, atEof: true })).toThrow(
      MalformedDicom,
    );
  });

  it('splits multi-valued strings and reads DS numbers', () => {
    const bytes = Buffer.concat([
      Buffer.from([0x28, 0x00, 0x30, 0x00]),
      Buffer.from('DS\x0a\x00', 'latin1'),
      Buffer.from('0.25\\0.500', 'latin1'),
      Buffer.from([0x08, 0x00, 0x08, 0x00]),
      Buffer.from('CS\x0c\x00', 'latin1'),
      Buffer.from('DERIVED\\A\\B ', 'latin1'),
    ]);
    const { dataset } = parseDataset(bytes, 0, { syntax: explicitLE, atEof: true });
    expect(getNumbers(dataset, T.PixelSpacing)).toEqual([0.25, 0.5]);
    expect(getString(dataset, T.ImageType)).toBe('DERIVED\\A\\B');
  });
});

/** A file handle that counts the bytes read through it. */
async function countingHandle(path: string) {
  const file = await open(path, 'r');
  let bytesRead = 0;
  const read = file.read.bind(file) as (
    b: Buffer,
    o: number,
    l: number,
    p: number,
  ) => Promise<{ bytesRead: number }>;
  const counted = Object.assign(Object.create(file) as typeof file, {
    read: async (b: Buffer, o: number, l: number, p: number) => {
      const r = await read(b, o, l, p);
      bytesRead += r.bytesRead;
      return r;
    },
  });
  return { file, counted, read: () => bytesRead };
}

describe('readDicomHeader', () => {
  it('reads the header of a 1.5 MB slide without reading its frames', async () => {
    const path = `${TEST_SLIDES_DIR}/small_dicom.dcm`;
    const h = await countingHandle(path);
    try {
      const header = await readDicomHeader(h.counted, (await h.file.stat()).size);
      expect(header.pixelData).toEqual({
        tag: T.PixelData,
        vr: 'OB',
        valueOffset: 0x526,
        length: null,
      });
      expect(getNumber(header.dataset, T.TotalPixelMatrixColumns)).toBe(3236);
      expect(h.read()).toBeLessThanOrEqual(256 * 1024);
    } finally {
      await h.file.close();
    }
  });

  it('reads on while the data set goes on, streaming per-frame groups (20,000 frames)', async () => {
    // 200×100 pixels in 1×1 frames listed backwards: only the positions say where each goes.
    const frames = 20000;
    const order = Array.from({ length: frames }, (_, i) => frames - 1 - i);
    const bytes = writeDicom({
      elements: wsiElements({
        width: 200,
        height: 100,
        tile: 1,
        frames,
        samples: 1,
        extra: [
          el(T.DimensionOrganizationType, 'CS', 'TILED_SPARSE'),
          el(
            T.PerFrameFunctionalGroupsSequence,
            'SQ',
            order.map((cell) => [
              el(T.PlanePositionSlideSequence, 'SQ', [
                [
                  el(T.ColumnPositionInTotalImagePixelMatrix, 'SL', (cell % 200) + 1),
                  el(T.RowPositionInTotalImagePixelMatrix, 'SL', Math.floor(cell / 200) + 1),
                ],
              ]),
            ]),
          ),
        ],
      }),
      pixels: { native: Buffer.from(order.map((cell) => (cell % 200) + Math.floor(cell / 200))) },
    });
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const path = join(work, 'many-frames.dcm');
    writeFileSync(path, bytes);
    const slide = await openDicomSlide([path]);
    try {
      const region = await slide.readRegion(0, 150, 60, 3, 2);
      expect([...region.data.filter((_, i) => i % 3 === 0)]).toEqual([
        210, 211, 212, 211, 212, 213,
      ]);
    } finally {
      await slide.close();
    }
  });
});
