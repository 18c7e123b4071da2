import { describe, expect, it } from 'vitest';
import { percentOfUpload } from './slide-progress';

describe('percentOfUpload', () => {
  it('rounds down, so that only a complete upload reads 100', () => {
    expect(percentOfUpload(0, 1000)).toBe(0);
    expect(percentOfUpload(505, 1000)).toBe(50);
    expect(percentOfUpload(999_999, 1_000_000)).toBe(99);
    expect(percentOfUpload(1000, 1000)).toBe(100);
  });

  it('reads an empty or unknown size as nothing received', () => {
    expect(percentOfUpload(10, 0)).toBe(0);
    expect(percentOfUpload(10, Number.NaN)).toBe(0);
  });
});
