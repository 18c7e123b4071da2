import { describe, expect, it } from 'vitest';
import { filtersInUse } from './filter-bar';

describe('filtersInUse', () => {
  it('counts the searched fields that hold something', () => {
    expect(filtersInUse({ name: 'HE', num: undefined, state: null, tags: [] }, undefined)).toBe(1);
    expect(filtersInUse({ range: ['2026-01-01', '2026-01-31'], tags: ['a'] }, {})).toBe(2);
  });

  it('does not count blanks, which the lists do not search by', () => {
    expect(filtersInUse({ name: '   ', num: '' }, undefined)).toBe(0);
  });

  it('does not count a field left at the screen’s own start', () => {
    expect(filtersInUse({ state: 'pending', name: '' }, { state: 'pending' })).toBe(0);
    expect(filtersInUse({ state: 'all' }, { state: 'pending' })).toBe(1);
  });
});
