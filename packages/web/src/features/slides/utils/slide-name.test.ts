import { describe, expect, it } from 'vitest';
import { renamedSlide, sameSlideFormat, splitSlideName } from './slide-name';

describe('splitSlideName', () => {
  it('splits off the slide type’s extension as the name spells it', () => {
    expect(splitSlideName('boxes.tiff', 'tiff')).toEqual({ stem: 'boxes', extension: '.tiff' });
    expect(splitSlideName('Case 12.SVS', 'svs')).toEqual({ stem: 'Case 12', extension: '.SVS' });
    expect(splitSlideName('a.b.mrxs', 'mrxs')).toEqual({ stem: 'a.b', extension: '.mrxs' });
  });

  it('leaves a name without that extension whole', () => {
    expect(splitSlideName('boxes', 'tiff')).toEqual({ stem: 'boxes', extension: '' });
    expect(splitSlideName('.svs', 'svs')).toEqual({ stem: '.svs', extension: '' });
  });
});

describe('renamedSlide', () => {
  it('puts the extension after the typed name once, whatever its case', () => {
    expect(renamedSlide('HE block A', '.svs')).toBe('HE block A.svs');
    expect(renamedSlide('HE block A.svs', '.svs')).toBe('HE block A.svs');
    expect(renamedSlide('HE block A.SVS', '.svs')).toBe('HE block A.svs');
    // Another extension typed is part of the name.
    expect(renamedSlide('HE.tiff', '.svs')).toBe('HE.tiff.svs');
    expect(renamedSlide('scan', '')).toBe('scan');
  });

  it('takes the same format’s other spelling as the extension (TIF and TIFF)', () => {
    expect(renamedSlide('boxes.tif', '.tiff')).toBe('boxes.tiff');
    expect(renamedSlide('boxes.TIFF', '.tif')).toBe('boxes.tif');
  });
});

describe('sameSlideFormat', () => {
  it('holds TIF and TIFF for one format, and nothing else', () => {
    expect(sameSlideFormat('tif', 'TIFF')).toBe(true);
    expect(sameSlideFormat('svs', 'svs')).toBe(true);
    expect(sameSlideFormat('svs', 'tiff')).toBe(false);
  });
});
