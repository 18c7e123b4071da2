import { describe, expect, it } from 'vitest';
import { AddressWindowLimiter } from './captcha-limiter';

describe('captcha limiter per address', () => {
  it('allows `limit` requests in the window, then refuses until the oldest leaves it', () => {
    const limiter = new AddressWindowLimiter(3, 1000);
    expect([0, 10, 20].map((t) => limiter.take('1.1.1.1', t))).toEqual([true, true, true]);
    expect(limiter.take('1.1.1.1', 999)).toBe(false);
    // Another address has its own window.
    expect(limiter.take('2.2.2.2', 999)).toBe(true);
    // Refusals are not counted: the first request leaves the window at 1000.
    expect(limiter.take('1.1.1.1', 1000)).toBe(true);
    expect(limiter.take('1.1.1.1', 1001)).toBe(false);
    expect(limiter.take('1.1.1.1', 1011)).toBe(true);
  });

  it('forgets stale addresses first, then the least recently seen, to stay bounded', () => {
    const limiter = new AddressWindowLimiter(1, 100, 2);
    limiter.take('a', 0);
    limiter.take('b', 150);
    limiter.take('c', 160); // 'a' is stale and goes
    expect(limiter.size).toBe(2);
    expect(limiter.take('b', 170)).toBe(false); // still counted
    limiter.take('d', 180); // nobody stale: 'c', seen before 'b' was refused, goes
    expect(limiter.size).toBe(2);
    expect(limiter.take('b', 190)).toBe(false);
  });
});
