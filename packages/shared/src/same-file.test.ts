import { describe, expect, it } from 'vitest';
import { sameFileAs } from './same-file';

describe('slides that are the same file as an earlier one', () => {
  const slide = (id: number, name: string, checksum: string | null, files = 1) => ({
    iSlideDocumentId: id,
    strFileName: name,
    strChecksum: checksum,
    iFileCount: files,
  });

  it('name the earliest upload of the same content, whatever the order of the list', () => {
    const same = sameFileAs([
      slide(12, 'copy-2.svs', 'aa'),
      slide(10, 'HE-1.svs', 'aa'),
      slide(11, 'copy-1.svs', 'aa'),
      slide(13, 'IHC.svs', 'bb'),
    ]);
    expect([...same.entries()].sort()).toEqual([
      [11, 'HE-1.svs'],
      [12, 'HE-1.svs'],
    ]);
  });

  it('leave out unfinished uploads and folder slides (their .mrxs index may be shared)', () => {
    expect(sameFileAs([slide(1, 'a.svs', null), slide(2, 'b.svs', null)]).size).toBe(0);
    expect(sameFileAs([slide(1, 'a.mrxs', 'cc', 5), slide(2, 'b.mrxs', 'cc', 7)]).size).toBe(0);
  });
});
