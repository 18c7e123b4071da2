import { describe, expect, it } from 'vitest';
import { nextSort, sortOrderOf } from './table-sort';

describe('server-sorted tables', () => {
  it('the default order’s column toggles its two directions', () => {
    expect(nextSort('createdDesc', 'created', 'createdDesc')).toBe('createdAsc');
    expect(nextSort('createdAsc', 'created', 'createdDesc')).toBe('createdDesc');
    expect(nextSort('numAsc', 'created', 'createdDesc')).toBe('createdDesc');
  });

  it('another column goes ascending, descending, then back to the default order', () => {
    expect(nextSort('createdDesc', 'num', 'createdDesc')).toBe('numAsc');
    expect(nextSort('numAsc', 'num', 'createdDesc')).toBe('numDesc');
    expect(nextSort('numDesc', 'num', 'createdDesc')).toBe('createdDesc');
    // From another column's order, a new column starts ascending.
    expect(nextSort('sizeDesc', 'name', 'timeDesc')).toBe('nameAsc');
    expect(nextSort('timeAsc', 'size', 'timeDesc')).toBe('sizeAsc');
  });

  it('each header shows its own arrow only', () => {
    expect(sortOrderOf('numDesc', 'num')).toBe('descend');
    expect(sortOrderOf('numDesc', 'created')).toBeNull();
    expect(sortOrderOf('createdAsc', 'created')).toBe('ascend');
    // A column whose key begins another's is not taken for it.
    expect(sortOrderOf('numberAsc', 'num')).toBeNull();
  });
});
