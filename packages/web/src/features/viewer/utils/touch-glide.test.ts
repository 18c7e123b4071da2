import { describe, expect, it } from 'vitest';
import { touchGlide, trimTouchTrail, type TouchSample } from './touch-glide';

const phone = { width: 390, height: 640 };

/** A finger moving left at `speed` px/s, one sample every 10 ms for `ms` milliseconds. */
function swipeLeft(speed: number, ms: number): TouchSample[] {
  const trail: TouchSample[] = [];
  for (let t = 0; t <= ms; t += 10) {
    trail.push({ t, x: 300 - (speed * t) / 1000, y: 400 });
  }
  return trail;
}

describe('touchGlide', () => {
  it('glides a slow swipe a quarter of its speed on, in its own direction', () => {
    const glide = touchGlide(swipeLeft(400, 150), 155, phone)!;
    expect(glide.x).toBeCloseTo(-100);
    expect(glide.y).toBeCloseTo(0);
  });
  it('glides a quick swipe at most half the shorter side of the view', () => {
    for (const speed of [3000, 5000, 40_000]) {
      expect(touchGlide(swipeLeft(speed, 150), 150, phone)!.x).toBeCloseTo(-195);
    }
  });
  it('reads the speed of the last 100 ms, not of the whole swipe', () => {
    // 300 px/s for 200 ms, then 2,000 px/s for 100 ms: the glide is of the quick end.
    const slow = swipeLeft(300, 200);
    const end = slow.at(-1)!;
    const quick = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((d) => ({
      t: end.t + d,
      x: end.x - 2 * d,
      y: 400,
    }));
    expect(touchGlide([...slow, ...quick], 300, phone)!.x).toBeCloseTo(-195);
  });
  it('does not glide when the finger stopped before it lifted', () => {
    // OpenSeadragon glided such a swipe backwards: its last tick saw no movement and took the
    // direction to be "to the right".
    expect(touchGlide(swipeLeft(2000, 150), 150 + 40, phone)).toBeNull();
    expect(touchGlide(swipeLeft(2000, 150), 150 + 39, phone)!.x).toBeLessThan(0);
  });
  it('does not glide a finger that hardly moved, a tap, or a view not laid out yet', () => {
    expect(touchGlide(swipeLeft(100, 150), 150, phone)).toBeNull();
    expect(touchGlide([{ t: 0, x: 10, y: 10 }], 5, phone)).toBeNull();
    expect(touchGlide([], 5, phone)).toBeNull();
    expect(touchGlide(swipeLeft(2000, 150), 150, { width: 0, height: 0 })).toBeNull();
  });
  it('reads samples delivered together (one clock reading) against the last one before them', () => {
    const trail = [
      { t: 0, x: 300, y: 400 },
      { t: 100, x: 200, y: 400 },
      { t: 100, x: 100, y: 400 },
    ];
    // 200 px in 100 ms: 2,000 px/s, glide at its limit.
    expect(touchGlide(trail, 100, phone)!.x).toBeCloseTo(-195);
  });
  it('follows a swipe in any direction', () => {
    const diagonal = [
      { t: 0, x: 100, y: 100 },
      { t: 100, x: 130, y: 140 },
    ];
    const glide = touchGlide(diagonal, 100, phone)!;
    // 500 px/s: a glide of 125 px along (3, 4).
    expect(glide.x).toBeCloseTo(75);
    expect(glide.y).toBeCloseTo(100);
  });
});

describe('trimTouchTrail', () => {
  it('keeps the last 100 ms and the sample before them', () => {
    const trail = swipeLeft(1000, 300);
    expect(trimTouchTrail(trail).map((s) => s.t)).toEqual([
      190, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300,
    ]);
    expect(trimTouchTrail([])).toEqual([]);
  });
});
