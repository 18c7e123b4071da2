import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttledRenewal } from './throttled-renewal';

describe('throttledRenewal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once for many requests at once, soon after the first', async () => {
    const renew = vi.fn(() => Promise.resolve());
    const renewal = throttledRenewal(renew, 15_000);
    for (let i = 0; i < 20; i += 1) {
      renewal.request();
    }
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('folds requests within the gap into one run when the gap ends', async () => {
    const renew = vi.fn(() => Promise.resolve());
    const renewal = throttledRenewal(renew, 15_000);
    renewal.request();
    await vi.advanceTimersByTimeAsync(1);
    renewal.request();
    renewal.request();
    await vi.advanceTimersByTimeAsync(14_000);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('runs again after a run that failed, and not at all once cancelled', async () => {
    const renew = vi.fn(() => Promise.reject(new Error('offline')));
    const renewal = throttledRenewal(() => renew().catch(() => undefined), 1_000);
    renewal.request();
    await vi.advanceTimersByTimeAsync(1);
    renewal.request();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renew).toHaveBeenCalledTimes(2);
    renewal.request();
    renewal.cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('keeps a request made while a run is under way for after it', async () => {
    let finish = () => {};
    const renew = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const renewal = throttledRenewal(renew, 1_000);
    renewal.request();
    await vi.advanceTimersByTimeAsync(1);
    renewal.request();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(2);
  });
  it('a retry asked for from inside a run comes after its delay, not the gap', async () => {
    let calls = 0;
    const renewal = throttledRenewal(async () => {
      calls += 1;
      if (calls < 3) {
        renewal.retryIn(2_000);
      }
    }, 15_000);
    renewal.request();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(3);
    // No retry asked for by the third: the next run waits for a request and the gap.
    renewal.request();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(4);
    renewal.retryIn(1_000);
    renewal.cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(4);
  });
});
