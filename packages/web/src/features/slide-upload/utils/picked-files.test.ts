import { describe, expect, it } from 'vitest';
import { pickedFromEntries, pickedFromList, type EntryLike } from './picked-files';

const fileEntry = (name: string): EntryLike => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (ok) => ok(new File(['x'], name)),
});

/** A directory whose reader answers in batches of two, as readEntries does in batches. */
const dirEntry = (name: string, children: EntryLike[]): EntryLike => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (ok) => {
        const batch = children.slice(at, at + 2);
        at += 2;
        ok(batch);
      },
    };
  },
});

describe('chosen files with their relative paths', () => {
  it('uses the folder path of a folder input, else the name', () => {
    const list = [
      { name: 'S.mrxs', webkitRelativePath: 'Box/S.mrxs' },
      { name: 'a.svs', webkitRelativePath: '' },
    ];
    expect(pickedFromList(list).map((p) => p.path)).toEqual(['Box/S.mrxs', 'a.svs']);
  });

  it('walks dropped folders to the end of every batch', async () => {
    const dropped = [
      fileEntry('a.svs'),
      dirEntry('Box', [
        fileEntry('S.mrxs'),
        dirEntry('S', [
          fileEntry('Slidedat.ini'),
          fileEntry('Index.dat'),
          fileEntry('Data0000.dat'),
        ]),
        fileEntry('b.svs'),
      ]),
    ];
    const { picked, folder } = await pickedFromEntries(dropped);
    expect(folder).toBe(true);
    expect(picked.map((p) => p.path)).toEqual([
      'a.svs',
      'Box/S.mrxs',
      'Box/S/Slidedat.ini',
      'Box/S/Index.dat',
      'Box/S/Data0000.dat',
      'Box/b.svs',
    ]);
    expect(picked[0]!.file.name).toBe('a.svs');
  });

  it('says when only files were dropped', async () => {
    expect((await pickedFromEntries([fileEntry('a.svs')])).folder).toBe(false);
  });
});
