import { describe, expect, it } from 'vitest';
import { isSafeFileName, storedPathOf } from './slide-upload';

describe('a slide file name', () => {
  it('is what a scanner or a user names a file, Chinese and spaces included', () => {
    for (const name of ['CMU-1.svs', '病理 切片 1.ndpi', 'a.b.tiff', 'Conference.svs']) {
      expect(isSafeFileName(name), name).toBe(true);
    }
  });

  it('has no separators, controls or characters that make it read as another name', () => {
    for (const name of [
      '../x.svs',
      'a/b.svs',
      'a\\b.svs',
      'a:b.svs',
      'a\u0000.svs',
      // Shows as "slideexe.svs".
      'slide\u202esvs.exe',
      'a\u200b.svs',
      '\ufeffa.svs',
      'a\u2066b.svs',
      'a\u0085b.svs',
      'a\u2028b.svs',
      ' a.svs',
      '.',
      '..',
      'x'.repeat(252) + '.svs',
    ]) {
      expect(isSafeFileName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('is no Windows device name, whatever its extension and capitals', () => {
    for (const name of ['CON.svs', 'nul.tiff', 'Lpt1.svs', 'com9.ndpi', 'AUX']) {
      expect(isSafeFileName(name), name).toBe(false);
    }
    expect(isSafeFileName('console.svs')).toBe(true);
    expect(isSafeFileName('com10.svs')).toBe(true);
  });

  it('never becomes a path on the server', () => {
    expect(storedPathOf('S.mrxs', 'S.mrxs')).toBe('slide.mrxs');
    expect(storedPathOf('S.mrxs', 'S/Slidedat.ini')).toBe('slide/Slidedat.ini');
    expect(storedPathOf('CON.svs', 'CON.svs')).toBeNull();
    expect(storedPathOf('S.mrxs', 'S/../x.dat')).toBeNull();
  });
});
