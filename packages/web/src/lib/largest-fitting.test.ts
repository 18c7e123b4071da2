import { describe, expect, it } from 'vitest';
import { largestFitting } from './largest-fitting';

describe('largestFitting', () => {
  it('finds the last number that fits', () => {
    expect(largestFitting(0, 100, (n) => n <= 37)).toBe(37);
    expect(largestFitting(0, 100, () => true)).toBe(100);
    expect(largestFitting(5, 5, () => true)).toBe(5);
  });

  it('answers the smallest when nothing fits', () => {
    expect(largestFitting(0, 100, () => false)).toBe(0);
  });

  it('tests a handful of numbers, not each of them', () => {
    let tests = 0;
    largestFitting(0, 1000, (n) => {
      tests += 1;
      return n <= 512;
    });
    expect(tests).toBeLessThanOrEqual(11);
  });
});
