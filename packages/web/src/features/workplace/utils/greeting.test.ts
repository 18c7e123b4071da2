import { describe, expect, it } from 'vitest';
import { dayPartOf } from './greeting';

describe('dayPartOf', () => {
  it.each([
    [0, 'night'],
    [4, 'night'],
    [5, 'morning'],
    [10, 'morning'],
    [11, 'noon'],
    [12, 'noon'],
    [13, 'afternoon'],
    [17, 'afternoon'],
    [18, 'night'],
    [23, 'night'],
  ] as const)('hour %i is %s', (hour, part) => {
    expect(dayPartOf(hour)).toBe(part);
  });
});
