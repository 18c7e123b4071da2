import { describe, expect, it } from 'vitest';
import { splitSlideName } from './slide-name';

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
