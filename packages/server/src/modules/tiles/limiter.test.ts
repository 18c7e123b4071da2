import { describe, expect, it } from 'vitest';
import { TileBusyError, TileTimeoutError, WorkLimiter } from './limiter';

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

describe('WorkLimiter’s queue', () => {
  it('never runs a task whose caller timed out while it waited', async () => {
    const limiter = new WorkLimiter(1, 30);
    const ran: string[] = [];
    const first = limiter.run(async () => {
      await sleep(60);
      ran.push('first');
    });
    const second = limiter.run(async () => {
      ran.push('second');
    });
    await Promise.all([
      expect(first).rejects.toBeInstanceOf(TileTimeoutError),
      expect(second).rejects.toBeInstanceOf(TileTimeoutError),
    ]);
    await sleep(60);
    expect(ran).toEqual(['first']);
    // The slot went back: the next task runs.
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses at once past the bound of waiting tasks, overall and per key', async () => {
    const limiter = new WorkLimiter(1, 1000, { maxWaiting: 3, maxWaitingPerKey: 1 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const tasks = [limiter.run(() => gate)];
    tasks.push(limiter.run(async () => undefined, undefined, 'iiif'));
    // A second waiting task of the key is refused; another key's, and keyless ones, still wait.
    await expect(limiter.run(async () => undefined, undefined, 'iiif')).rejects.toBeInstanceOf(
      TileBusyError,
    );
    tasks.push(limiter.run(async () => undefined, undefined, 'other'));
    tasks.push(limiter.run(async () => undefined));
    await expect(limiter.run(async () => undefined)).rejects.toBeInstanceOf(TileBusyError);
    open();
    await Promise.all(tasks);
    await expect(limiter.run(async () => 'free', undefined, 'iiif')).resolves.toBe('free');
  });
});
