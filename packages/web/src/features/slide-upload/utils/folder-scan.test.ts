import { describe, expect, it } from 'vitest';
import { scanPicked, type FileLike, type PickedFile } from './folder-scan';

const TYPES = ['svs', 'tif', 'tiff', 'ndpi', 'mrxs', 'dcm'];

function at(path: string, size = 10, lastModified = 1): PickedFile<FileLike> {
  return { path, file: { name: path.slice(path.lastIndexOf('/') + 1), size, lastModified } };
}

describe('finding slides among chosen files and folders (spec §5)', () => {
  it('takes files of a supported type one by one', () => {
    const scan = scanPicked([at('a.svs', 5, 77), at('b.TIF')], TYPES, true);
    expect(scan.problems).toEqual([]);
    expect(scan.documents).toEqual([
      {
        strFileName: 'a.svs',
        lSize: 5,
        lLastModified: 77,
        files: [{ strFilePath: 'a.svs', file: expect.objectContaining({ name: 'a.svs' }) }],
        bFolder: false,
      },
      expect.objectContaining({ strFileName: 'b.TIF', bFolder: false }),
    ]);
  });

  it('refuses a chosen file of another type, but ignores it inside a folder', () => {
    expect(scanPicked([at('notes.txt')], TYPES, true).problems).toEqual([
      { name: 'notes.txt', code: 'SLIDE_TYPE_UNSUPPORTED' },
    ]);
    const folder = scanPicked([at('Box/notes.txt'), at('Box/a.ndpi')], TYPES, false);
    expect(folder.problems).toEqual([]);
    expect(folder.documents.map((d) => d.strFileName)).toEqual(['a.ndpi']);
    expect(folder.skipped).toEqual(['Box/notes.txt']);
  });

  it('refuses a vendor type the server cannot read yet, chosen alone or in a folder', () => {
    const readable = ['svs', 'tif', 'tiff', 'dcm'];
    const unreadable = ['ndpi', 'mrxs'];
    const alone = scanPicked([at('scan.ndpi')], readable, true, new Map(), unreadable);
    expect(alone.problems).toEqual([{ name: 'scan.ndpi', code: 'SLIDE_TYPE_NEEDS_OPENSLIDE' }]);
    expect(alone.documents).toEqual([]);
    // In a folder it is not left out silently with the other files: the doctor hears why.
    const folder = scanPicked(
      [at('Box/notes.txt'), at('Box/b.mrxs'), at('Box/b/Slidedat.ini'), at('Box/a.svs')],
      readable,
      false,
      new Map(),
      unreadable,
    );
    expect(folder.problems).toEqual([{ name: 'b.mrxs', code: 'SLIDE_TYPE_NEEDS_OPENSLIDE' }]);
    expect(folder.documents.map((d) => d.strFileName)).toEqual(['a.svs']);
    expect(folder.skipped).toEqual(['Box/notes.txt']);
    // An MRXS data folder chosen alone: not "choose its .mrxs too", which would not help here.
    const dataOnly = scanPicked(
      [at('S2/Slidedat.ini'), at('S2/Data0000.dat')],
      readable,
      false,
      new Map(),
      unreadable,
    );
    expect(dataOnly.problems).toEqual([
      { name: 'S2', code: 'SLIDE_TYPE_NEEDS_OPENSLIDE', type: 'mrxs' },
    ]);
  });

  it('lists the files a folder scan leaves out, but not the system’s own', () => {
    const scan = scanPicked(
      [at('Box/.DS_Store'), at('Box/Thumbs.db'), at('Box/report.pdf'), at('Box/a.svs')],
      TYPES,
      false,
    );
    expect(scan.skipped).toEqual(['Box/report.pdf']);
    expect(scanPicked([at('notes.txt')], TYPES, true).skipped).toEqual([]);
  });

  it('finds nothing in a folder without slides (the caller shows the folder error)', () => {
    expect(scanPicked([at('Box/notes.txt'), at('Box/x.jpg')], TYPES, false)).toEqual({
      documents: [],
      problems: [],
      skipped: ['Box/notes.txt', 'Box/x.jpg'],
    });
  });

  it('makes one document of an MRXS slide: NAME.mrxs with its folder holding Slidedat.ini', () => {
    const scan = scanPicked(
      [
        at('Case/S1.mrxs', 100, 5),
        at('Case/S1/Slidedat.ini', 20),
        at('Case/S1/Index.dat', 30),
        at('Case/S1/Data0000.dat', 1000),
        at('Case/other.svs', 7),
      ],
      TYPES,
      false,
    );
    expect(scan.problems).toEqual([]);
    const mrxs = scan.documents.find((d) => d.strFileName === 'S1.mrxs')!;
    expect(mrxs).toMatchObject({ lSize: 1150, lLastModified: 5, bFolder: true });
    expect(mrxs.files.map((f) => f.strFilePath)).toEqual([
      'S1.mrxs',
      'S1/Slidedat.ini',
      'S1/Index.dat',
      'S1/Data0000.dat',
    ]);
    expect(scan.documents.map((d) => d.strFileName).sort()).toEqual(['S1.mrxs', 'other.svs']);
  });

  it('never takes a file inside an MRXS data folder for a slide of its own', () => {
    const scan = scanPicked(
      [at('S1.mrxs'), at('S1/Slidedat.ini'), at('S1/thumb.tif')],
      TYPES,
      false,
    );
    expect(scan.documents.map((d) => d.strFileName)).toEqual(['S1.mrxs']);
  });

  it('refuses an .mrxs without its folder, and a data folder without its .mrxs', () => {
    expect(scanPicked([at('S1.mrxs')], TYPES, true).problems).toEqual([
      { name: 'S1.mrxs', code: 'SLIDE_LAYOUT_INVALID' },
    ]);
    expect(scanPicked([at('S2/Slidedat.ini'), at('S2/Data0000.dat')], TYPES, false)).toEqual({
      documents: [],
      problems: [{ name: 'S2', code: 'mrxsDataOnly' }],
      skipped: [],
    });
    // Its files chosen loose: there is no folder to name.
    expect(scanPicked([at('Slidedat.ini'), at('Data0000.dat')], TYPES, false).problems).toEqual([
      { name: 'Slidedat.ini', code: 'SLIDE_LAYOUT_INVALID' },
    ]);
  });

  it('refuses an MRXS folder holding two names that differ only in capitals', () => {
    const scan = scanPicked(
      [at('S1.mrxs'), at('S1/Slidedat.ini'), at('S1/Data0000.dat'), at('S1/data0000.dat')],
      TYPES,
      false,
    );
    expect(scan.documents).toEqual([]);
    expect(scan.problems).toEqual([{ name: 'S1.mrxs', code: 'SLIDE_LAYOUT_INVALID' }]);
  });

  it('refuses an MRXS folder holding names the server would not accept, once', () => {
    const scan = scanPicked(
      [at('S1.mrxs'), at('S1/Slidedat.ini'), at('S1/数据.dat')],
      TYPES,
      false,
    );
    expect(scan).toEqual({
      documents: [],
      problems: [{ name: 'S1.mrxs', code: 'SLIDE_LAYOUT_INVALID' }],
      skipped: [],
    });
  });

  it('leaves the system’s own files in an MRXS folder out of the slide, and keeps the slide', () => {
    const scan = scanPicked(
      [
        at('S1.mrxs'),
        at('S1/Slidedat.ini'),
        at('S1/.DS_Store'),
        at('S1/Thumbs.db'),
        at('S1/desktop.ini'),
        at('S1/Data0000.dat'),
      ],
      TYPES,
      false,
    );
    expect(scan.problems).toEqual([]);
    expect(scan.skipped).toEqual([]);
    expect(scan.documents[0]!.files.map((f) => f.strFilePath)).toEqual([
      'S1.mrxs',
      'S1/Slidedat.ini',
      'S1/Data0000.dat',
    ]);
    expect(scan.documents[0]!.lSize).toBe(30);
  });

  it('makes one slide of the DICOM files of a folder that share a series, the largest first', () => {
    const series = new Map([
      ['Scan/level0.dcm', '1.2.9'],
      ['Scan/level1.dcm', '1.2.9'],
      ['Scan/label.dcm', '1.2.9'],
      ['Scan/other.dcm', '1.2.77'],
    ]);
    const scan = scanPicked(
      [
        at('Scan/level1.dcm', 40, 3),
        at('Scan/label.dcm', 5, 4),
        at('Scan/level0.dcm', 100, 5),
        at('Scan/other.dcm', 60, 6),
        at('Scan/notes.txt', 1),
      ],
      TYPES,
      false,
      series,
    );
    expect(scan.problems).toEqual([]);
    expect(scan.skipped).toEqual(['Scan/notes.txt']);
    const slide = scan.documents.find((d) => d.strFileName === 'Scan.dcm')!;
    expect(slide).toMatchObject({ lSize: 145, lLastModified: 5, bFolder: true });
    expect(slide.files.map((f) => f.strFilePath)).toEqual([
      'Scan/level0.dcm',
      'Scan/level1.dcm',
      'Scan/label.dcm',
    ]);
    // Alone in its series: a slide of its own.
    expect(scan.documents.find((d) => d.strFileName === 'other.dcm')).toMatchObject({
      bFolder: false,
      lSize: 60,
    });
  });

  it('keeps DICOM files of unknown series, and files chosen one by one, as slides of their own', () => {
    const scan = scanPicked([at('D/a.dcm'), at('D/b.dcm')], TYPES, false);
    expect(scan.documents.map((d) => d.strFileName).sort()).toEqual(['a.dcm', 'b.dcm']);
    const two = new Map([
      ['D/a.dcm', '1'],
      ['D/b.dcm', '1'],
      ['D/c.dcm', '2'],
      ['D/d.dcm', '2'],
    ]);
    const split = scanPicked(
      [at('D/a.dcm'), at('D/b.dcm'), at('D/c.dcm'), at('D/d.dcm')],
      TYPES,
      false,
      two,
    );
    expect(split.documents.map((d) => d.strFileName).sort()).toEqual(['D-2.dcm', 'D.dcm']);
  });

  it('refuses a series whose file names the server would not take', () => {
    const scan = scanPicked(
      [at('S/切片1.dcm'), at('S/b.dcm')],
      TYPES,
      false,
      new Map([
        ['S/切片1.dcm', '1'],
        ['S/b.dcm', '1'],
      ]),
    );
    expect(scan).toEqual({
      documents: [],
      problems: [{ name: 'S.dcm', code: 'SLIDE_LAYOUT_INVALID' }],
      skipped: [],
    });
  });
});
