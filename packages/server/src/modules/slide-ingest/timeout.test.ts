import { describe, expect, it } from 'vitest';
import { TIMED_OUT, withTimeout } from './timeout';

describe('withTimeout', () => {
  it('gives the result of work that ends in time', async () => {
    expect(await withTimeout(() => Promise.resolve(42), 1000)).toBe(42);
  });

  it('passes on the error of work that fails in time', async () => {
    await expect(withTimeout(() => Promise.reject(new Error('bad')), 1000)).rejects.toThrow('bad');
  });

  it('gives up on work that hangs, and tells it to stop', async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const result = await withTimeout((s) => {
      signal = s;
      return new Promise<never>(() => undefined);
    }, 50);
    expect(result).toBe(TIMED_OUT);
    expect(signal?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ignores what the abandoned work throws afterwards', async () => {
    const result = await withTimeout(
      (s) => new Promise<never>((_, reject) => s.addEventListener('abort', () => reject(s.reason))),
      10,
    );
    expect(result).toBe(TIMED_OUT);
    // An unhandled rejection would fail the run.
    await new Promise((r) => setTimeout(r, 20));
  });
});
