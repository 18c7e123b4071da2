import { describe, expect, it } from 'vitest';
import { linkedView, pixelRatio } from './linked-view';

describe('linkedView', () => {
  const leader = { x: 1000, y: 2000, zoom: 0.5 };
  const follower = { x: 300, y: 400, zoom: 0.25 };

  it('moves the follower by the same distance and to the leader’s magnification', () => {
    // The leader at 10× (20× scan, zoom 0.5) moves and zooms to 20×; the follower, which was at
    // 5×, follows to 20× too, not to twice its own zoom.
    expect(linkedView(leader, { x: 1500, y: 1900, zoom: 1 }, follower)).toEqual({
      x: 800,
      y: 300,
      zoom: 1,
    });
  });

  it('keeps the same distance on the glass and scale on screen across pixel sizes', () => {
    // Follower scanned at 0.25 µm/px, leader at 0.5: twice the pixels for the same distance,
    // half the image zoom for the same scale.
    const ratio = pixelRatio({ mpp: 0.5, objective: 20 }, { mpp: 0.25, objective: 40 });
    expect(ratio).toBe(2);
    expect(linkedView(leader, { x: 1100, y: 2000, zoom: 1 }, follower, ratio)).toEqual({
      x: 500,
      y: 400,
      zoom: 0.5,
    });
  });

  it('compares by objective power without pixel sizes, and alike without either', () => {
    expect(pixelRatio({ mpp: null, objective: 20 }, { mpp: null, objective: 40 })).toBe(2);
    expect(pixelRatio({ mpp: 0.5, objective: null }, { mpp: null, objective: null })).toBe(1);
  });
});
