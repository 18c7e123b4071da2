import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('keeps bytes whole and shows larger sizes to about three digits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    // CMU-1-Small-Region.svs
    expect(formatBytes(1_938_955)).toBe('1.85 MB');
    expect(formatBytes(12.34 * 1024 ** 3)).toBe('12.3 GB');
    expect(formatBytes(120 * 1024 ** 3)).toBe('120 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1024 ** 2 * 1023.999)).toBe('1 GB');
  });

  it('shows a dash for what is not a size', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});
