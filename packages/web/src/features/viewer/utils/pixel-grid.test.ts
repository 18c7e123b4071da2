import { describe, expect, it } from 'vitest';
import { drawsWholePixels, pixelGridNudge } from './pixel-grid';

describe('drawsWholePixels', () => {
  it('holds for whole scales and for halvings (the levels of the pyramid)', () => {
    for (const scale of [1, 2, 3, 0.5, 0.25, 1 / 16, 1 + 1e-9]) {
      expect(drawsWholePixels(scale), String(scale)).toBe(true);
    }
  });

  it('does not hold between them, or for no scale', () => {
    for (const scale of [0.8, 1.5, 0.4, 0.05, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(drawsWholePixels(scale), String(scale)).toBe(false);
    }
  });
});

describe('pixelGridNudge', () => {
  it('moves a half-pixel origin onto the nearest pixel', () => {
    const nudge = pixelGridNudge(100.5, -20.25, 1);
    expect(nudge?.dx).toBeCloseTo(Math.round(100.5) - 100.5);
    expect(nudge?.dy).toBeCloseTo(0.25);
  });

  it('leaves an aligned origin, and scales that draw no level at whole pixels', () => {
    expect(pixelGridNudge(100, 37, 2)).toBeNull();
    expect(pixelGridNudge(100.5, 37.5, 0.8)).toBeNull();
  });
});
