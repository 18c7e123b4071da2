import { describe, expect, it } from 'vitest';
import { parseSlideIds, slideIdsParam } from './slide-ids';

describe('slide ids of /ShowSlide', () => {
  it('reads one or several ids in order, each once', () => {
    expect(parseSlideIds('12')).toEqual([12]);
    expect(parseSlideIds('12,15, 3,12')).toEqual([12, 15, 3]);
  });

  it('ignores what is not an id and keeps four', () => {
    expect(parseSlideIds(null)).toEqual([]);
    expect(parseSlideIds('a,-1,0,1.5,7')).toEqual([7]);
    expect(parseSlideIds('1,2,3,4,5')).toEqual([1, 2, 3, 4]);
    expect(slideIdsParam([1, 2, 3, 4, 5])).toBe('1,2,3,4');
  });
});
