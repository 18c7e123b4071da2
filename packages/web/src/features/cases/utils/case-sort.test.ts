import { describe, expect, it } from 'vitest';
import { DEFAULT_CASE_SORT, nextCaseSort, sortOrderOf } from './case-sort';

describe('case list sorting', () => {
  it('creation time toggles newest and oldest first', () => {
    expect(DEFAULT_CASE_SORT).toBe('createdDesc');
    expect(nextCaseSort('createdDesc', 'created')).toBe('createdAsc');
    expect(nextCaseSort('createdAsc', 'created')).toBe('createdDesc');
    expect(nextCaseSort('numAsc', 'created')).toBe('createdDesc');
  });

  it('the number goes ascending, descending, then back to the default order', () => {
    expect(nextCaseSort('createdDesc', 'number')).toBe('numAsc');
    expect(nextCaseSort('numAsc', 'number')).toBe('numDesc');
    expect(nextCaseSort('numDesc', 'number')).toBe('createdDesc');
  });

  it('each header shows its own arrow only', () => {
    expect(sortOrderOf('numDesc', 'number')).toBe('descend');
    expect(sortOrderOf('numDesc', 'created')).toBeNull();
    expect(sortOrderOf('createdAsc', 'created')).toBe('ascend');
  });
});
