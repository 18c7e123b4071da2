import { describe, expect, it } from 'vitest';
import { linkedView } from './linked-view';

describe('linkedView', () => {
  const leader = { x: 1000, y: 2000, zoom: 0.5 };
  const follower = { x: 300, y: 400, zoom: 0.25 };

  it('keeps the follower where it was until the leader moves', () => {
    expect(linkedView(leader, leader, follower)).toEqual(follower);
  });

  it('moves the follower by the same level-0 distance and zoom factor', () => {
    expect(linkedView(leader, { x: 1500, y: 1900, zoom: 1 }, follower)).toEqual({
      x: 800,
      y: 300,
      zoom: 0.5,
    });
  });
});
