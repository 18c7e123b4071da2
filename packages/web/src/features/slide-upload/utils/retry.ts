import { ApiError } from '@/lib/api-error';
import type { ItemReason } from './queue';

/**
 * Retrying calls over a hospital link that drops: network failures and the server's temporary
 * refusals (5xx, timeouts, rate limits) are tried again with a growing pause for as long as the
 * user has not stopped, up to a number of failures in a row; then the upload pauses by itself with
 * the reason, keeping everything already sent, instead of failing.
 */

export interface RetryPolicy {
  /** Failures in a row after which the upload pauses by itself. */
  maxFailures: number;
  baseMs: number;
  maxMs: number;
}

/** 1, 2, 4, 8, 16, then 30 s a try: about 3 minutes of a dead link before pausing. */
export const DEFAULT_RETRY: RetryPolicy = { maxFailures: 10, baseMs: 1000, maxMs: 30_000 };

export function backoffMs(failures: number, policy: RetryPolicy): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
}

const TEMPORARY = new Set([0, 408, 429, 500, 502, 503, 504]);

/** A failure that may pass if the same call is made again later. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && TEMPORARY.has(error.httpStatus);
}

/** The upload stops without failing: the reason is shown and start continues it. */
export class PausedError extends Error {
  constructor(
    readonly reason: ItemReason,
    /** Every other item would meet the same problem: the whole queue stops. */
    readonly stopQueue: boolean,
    /** The browser can no longer read the files: they must be chosen again. */
    readonly needsFiles = false,
  ) {
    super('paused');
    this.name = 'PausedError';
  }
}

export function abortError(): DOMException {
  return new DOMException('aborted', 'AbortError');
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Waits `ms`, or rejects with an AbortError as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const done = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', done);
      resolve();
    }, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface RetryOptions {
  signal: AbortSignal;
  policy?: RetryPolicy;
  sleep?: Sleep;
  /**
   * Told when a call failed for a while (the time of the next try, ms since the epoch) and when a
   * call succeeded after failing (null): the queue shows a lost connection instead of a speed.
   */
  onTrouble?: (retryAt: number | null) => void;
}

/** `call` until it succeeds, fails for good (not transient), or fails too often (PausedError). */
export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const wait = options.sleep ?? sleep;
  for (let failures = 0; ;) {
    if (options.signal.aborted) {
      throw abortError();
    }
    try {
      const result = await call();
      if (failures > 0) {
        options.onTrouble?.(null);
      }
      return result;
    } catch (error) {
      if (options.signal.aborted) {
        throw abortError();
      }
      if (!isTransient(error)) {
        throw error;
      }
      failures += 1;
      if (failures >= policy.maxFailures) {
        throw new PausedError({ key: 'network', detail: (error as ApiError).strMessage }, true);
      }
      const pause = backoffMs(failures, policy);
      options.onTrouble?.(Date.now() + pause);
      await wait(pause, options.signal);
    }
  }
}
