import { describe, expect, it } from 'vitest';
import { ZOOM_PER_WHEEL_NOTCH, wheelZoomFactor } from './wheel-zoom';

describe('wheel zoom', () => {
  it('zooms a step per mouse notch, in by turning up and out by turning down', () => {
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(ZOOM_PER_WHEEL_NOTCH);
    expect(wheelZoomFactor(100, 0)).toBeCloseTo(1 / ZOOM_PER_WHEEL_NOTCH);
    // Firefox's line mode: three lines a notch.
    expect(wheelZoomFactor(-3, 1)).toBeCloseTo(ZOOM_PER_WHEEL_NOTCH);
  });

  it('adds a trackpad’s small events up to steps instead of a step each', () => {
    let zoom = 1;
    for (let i = 0; i < 10; i++) {
      zoom *= wheelZoomFactor(-3, 0);
    }
    // Ten events of 3 pixels: 30 pixels, a third of a notch (a whole step each made it 29×).
    expect(zoom).toBeCloseTo(ZOOM_PER_WHEEL_NOTCH ** 0.3);
    expect(wheelZoomFactor(0, 0)).toBe(1);
  });

  it('never jumps more than a step in one event', () => {
    expect(wheelZoomFactor(-1000, 0)).toBeCloseTo(ZOOM_PER_WHEEL_NOTCH);
    expect(wheelZoomFactor(5, 2)).toBeCloseTo(1 / ZOOM_PER_WHEEL_NOTCH);
  });
});
