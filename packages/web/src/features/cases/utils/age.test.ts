import { describe, expect, it } from 'vitest';
import { formatAge } from './age';

const zh = { year: '岁', month: '月', day: '天', gap: '' };
const en = { year: 'y', month: 'mo', day: 'd', gap: ' ' };

describe('age display', () => {
  it('shows only the parts entered, largest first', () => {
    expect(formatAge({ iAgeYear: 45, iAgeMonth: null, iAgeDay: null }, zh)).toBe('45岁');
    expect(formatAge({ iAgeYear: null, iAgeMonth: 3, iAgeDay: 10 }, zh)).toBe('3月10天');
    expect(formatAge({ iAgeYear: 1, iAgeMonth: 2, iAgeDay: undefined }, en)).toBe('1 y 2 mo');
  });

  it('is empty when no part was entered', () => {
    expect(formatAge({ iAgeYear: null, iAgeMonth: null, iAgeDay: null }, en)).toBe('');
  });
});
