import { describe, expect, it } from 'vitest';
import { TileTimeoutError, WorkLimiter } from './limiter';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WorkLimiter', () => {
  it('runs at most `slots` tasks at once, the others in order', async () => {
    const limiter = new WorkLimiter(2, 1000);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        limiter.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await sleep(10);
          order.push(n);
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('times a hung task out while the others still get their turn', async () => {
    const limiter = new WorkLimiter(2, 50);
    const hung = limiter.run(() => new Promise(() => undefined));
    await expect(hung).rejects.toBeInstanceOf(TileTimeoutError);
    await expect(limiter.run(async () => 'done')).resolves.toBe('done');
  });

  it('hands a result that comes after the timeout to `late`, and only such a result', async () => {
    const limiter = new WorkLimiter(1, 30);
    const late: string[] = [];
    const slow = limiter.run(
      async () => {
        await sleep(80);
        return 'slow';
      },
      (result) => late.push(result),
    );
    await expect(slow).rejects.toBeInstanceOf(TileTimeoutError);
    expect(late).toEqual([]);
    await sleep(100);
    expect(late).toEqual(['slow']);
    await expect(
      limiter.run(
        async () => 'quick',
        (r) => late.push(r),
      ),
    ).resolves.toBe('quick');
    expect(late).toEqual(['slow']);
  });
});
