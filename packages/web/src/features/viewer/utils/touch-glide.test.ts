import { describe, expect, it } from 'vitest';
import { FLICK_MOMENTUM, touchFlickMomentum } from './touch-glide';

const phone = { width: 390, height: 640 };

describe('touchFlickMomentum', () => {
  it("leaves a slow swipe's glide as OpenSeadragon makes it", () => {
    expect(touchFlickMomentum(400, phone)).toBe(FLICK_MOMENTUM);
  });
  it('glides a quick swipe at most half the shorter side of the view', () => {
    for (const speed of [3000, 5000, 40_000]) {
      expect(touchFlickMomentum(speed, phone) * speed).toBeCloseTo(195);
    }
  });
  it('keeps the default for a pointer that did not move or a view not laid out yet', () => {
    expect(touchFlickMomentum(0, phone)).toBe(FLICK_MOMENTUM);
    expect(touchFlickMomentum(3000, { width: 0, height: 0 })).toBe(FLICK_MOMENTUM);
  });
});
