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
    expect(pixelRatio({ mpp: 0.5, objective: null }, { mpp: null, objective: null })).toBeNull();
  });

  it('zooms a slide that cannot be compared by the same factor, panning the same on screen', () => {
    // The leader zooms in twice (0.5 → 1) and moves 500 px, 500 screen px at its new zoom; the
    // follower with no pixel size or objective zooms in twice too (0.25 → 0.5: it used to take
    // the leader's 1 whatever its own size) and moves 500 screen px, 1000 of its pixels.
    expect(linkedView(leader, { x: 1500, y: 2000, zoom: 1 }, follower, null)).toEqual({
      x: 1300,
      y: 400,
      zoom: 0.5,
    });
  });
});

describe('linkedView with slides turned differently', () => {
  const start = { x: 1000, y: 1000, zoom: 1 };
  const straight = { rotation: 0, flipped: false };

  it('moves the follower the same way on screen as the leader', () => {
    // The leader is turned a quarter clockwise: dragged 150 px to the left, its centre moves
    // 150 px to the right on screen, which is 150 px up in its own pixels. The straight
    // follower's centre moves 150 px to the right in its pixels (before: 150 px down).
    const turned = { rotation: 90, flipped: false };
    expect(
      linkedView(start, { x: 1000, y: 850, zoom: 1 }, start, 1, {
        leader: turned,
        follower: straight,
      }),
    ).toEqual({ x: 1150, y: 1000, zoom: 1 });
    // And the other way round: the screen's right is, for a slide turned a quarter clockwise,
    // up its own pixels.
    expect(
      linkedView(start, { x: 1150, y: 1000, zoom: 1 }, start, 1, {
        leader: straight,
        follower: turned,
      }),
    ).toEqual({ x: 1000, y: 850, zoom: 1 });
  });

  it('turns, then mirrors, a turned and mirrored leader’s step', () => {
    // Turned a quarter clockwise, then mirrored: up its own pixels is to the left on screen
    // (mirrored before turning it would be to the right).
    const leader = { rotation: 90, flipped: true };
    expect(
      linkedView(start, { x: 1000, y: 850, zoom: 1 }, start, 1, { leader, follower: straight }),
    ).toEqual({ x: 850, y: 1000, zoom: 1 });
  });

  it('mirrors the step for a mirrored follower, and not for a mirrored pair', () => {
    const mirrored = { rotation: 0, flipped: true };
    const right = { x: 1100, y: 1000, zoom: 1 };
    expect(linkedView(start, right, start, 1, { leader: straight, follower: mirrored })).toEqual({
      x: 900,
      y: 1000,
      zoom: 1,
    });
    expect(linkedView(start, right, start, 1, { leader: mirrored, follower: mirrored })).toEqual({
      x: 1100,
      y: 1000,
      zoom: 1,
    });
  });
});
