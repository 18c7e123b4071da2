import { describe, expect, it } from 'vitest';
import { CanvasPool } from './canvas-pool';

describe('canvas pool', () => {
  it('hands back a given-back picture, white again', () => {
    const pool = new CanvasPool();
    const first = pool.take(4, 2);
    expect([...first.data]).toEqual(Array(24).fill(255));
    first.data.fill(7);
    pool.giveBack(first);
    const second = pool.take(4, 2);
    expect(second.data).toBe(first.data);
    expect([...second.data]).toEqual(Array(24).fill(255));
  });

  it('takes back only its own pictures, once, within its byte limit', () => {
    const pool = new CanvasPool(48);
    const stranger = { width: 4, height: 2, data: Buffer.alloc(24) };
    pool.giveBack(stranger);
    expect(pool.take(4, 2).data).not.toBe(stranger.data);

    const a = pool.take(4, 2);
    pool.giveBack(a);
    pool.giveBack(a); // a second give-back of the same picture is ignored
    const b = pool.take(4, 2);
    const c = pool.take(4, 2);
    expect(b.data).toBe(a.data);
    expect(c.data).not.toBe(a.data);

    // 48 bytes idle at most: two 24-byte pictures kept, a third dropped.
    const d = pool.take(4, 2);
    for (const image of [b, c, d]) {
      pool.giveBack(image);
    }
    const again = [pool.take(4, 2), pool.take(4, 2), pool.take(4, 2)].map((i) => i.data);
    expect(again.filter((data) => [b.data, c.data, d.data].includes(data))).toHaveLength(2);
  });

  it('keeps pictures of each size apart', () => {
    const pool = new CanvasPool();
    const small = pool.take(2, 2);
    pool.giveBack(small);
    expect(pool.take(3, 3).data).not.toBe(small.data);
    expect(pool.take(2, 2).data).toBe(small.data);
  });
});
