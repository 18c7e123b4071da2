import { describe, expect, it } from 'vitest';
import { CASE_COLUMN_WIDTHS, LAPTOP_TABLE_WIDTH, patientFacts } from './case-columns';

describe('the case list’s columns', () => {
  it('fit a 1440 px window beside the open menu, none under the fixed actions', () => {
    const total = Object.values(CASE_COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);
    expect(total).toBeLessThanOrEqual(LAPTOP_TABLE_WIDTH);
  });

  it('show species, sex and age under the name, leaving out what is unknown', () => {
    expect(patientFacts([null, '女', '52岁'])).toBe('女 · 52岁');
    expect(patientFacts(['Canine', 'Male', '6 mo'])).toBe('Canine · Male · 6 mo');
    expect(patientFacts(['', undefined, '3 y'])).toBe('3 y');
    expect(patientFacts([null, null, ''])).toBe('');
  });
});
