import { describe, expect, it } from 'vitest';
import { columnsWidth } from './table-width';

describe('the width of a table’s columns', () => {
  it('is the sum of their widths, a column without one counting nothing', () => {
    expect(columnsWidth([{ width: 150 }, { width: '90' }, {}, { width: 260 }])).toBe(500);
    expect(columnsWidth([])).toBe(0);
  });
});
