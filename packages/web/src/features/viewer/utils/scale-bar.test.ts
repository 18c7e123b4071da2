import { describe, expect, it } from 'vitest';
import { scaleBar, scaleBarMpp } from './scale-bar';

describe('scaleBar', () => {
  it('picks the longest round length that fits', () => {
    // 0.5 µm/px at zoom 1: 120 px = 60 µm → 50 µm over 100 px.
    expect(scaleBar(0.5, 1)).toEqual({ px: 100, micrometres: 50, label: '50 µm' });
    // Zoomed out 100×: 50 µm/px, 120 px = 6 mm → 5 mm.
    expect(scaleBar(0.5, 0.01)).toEqual({ px: 100, micrometres: 5000, label: '5 mm' });
    // 0.25 µm/px at zoom 2: 0.125 µm/px → 15 µm fits → 10 µm over 80 px.
    expect(scaleBar(0.25, 2)).toEqual({ px: 80, micrometres: 10, label: '10 µm' });
  });

  it('goes below one micrometre', () => {
    const bar = scaleBar(0.25, 16, 120)!;
    expect(bar.label).toBe('1 µm');
    expect(bar.px).toBeCloseTo(64);
    expect(scaleBar(0.25, 64)!.label).toBe('0.2 µm');
  });

  it('needs a pixel size', () => {
    expect(scaleBar(null, 1)).toBeNull();
    expect(scaleBar(0, 1)).toBeNull();
    expect(scaleBar(0.5, 0)).toBeNull();
  });

  it('is drawn from MPP X only where the pixels are square', () => {
    expect(scaleBarMpp(0.25, null)).toBe(0.25);
    expect(scaleBarMpp(0.25, undefined)).toBe(0.25);
    // Scanner rounding (within 1%) is square.
    expect(scaleBarMpp(0.2527, 0.2531)).toBe(0.2527);
    // One bar cannot stand for 0.25 µm across and 0.5 down: none rather than a wrong one.
    expect(scaleBarMpp(0.25, 0.5)).toBeNull();
    expect(scaleBarMpp(null, 0.5)).toBeNull();
  });
});
