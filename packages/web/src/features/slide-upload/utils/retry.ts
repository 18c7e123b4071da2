import { ApiError } from '@/lib/api-error';
import type { ItemReason } from './queue';

/**
 * Retrying calls over a hospital link that drops: network failures and the server's temporary
 * refusals (5xx, timeouts, rate limits) are tried again with a growing pause for as long as the
 * user has not stopped. A server that cannot be reached (no answer, or a gateway's 502/503/504:
 * the VPN is down, the server restarts) is tried every 10 s however long it takes: an upload left
 * running overnight goes on when the server is back, and one caught by a restart goes on seconds
 * after it (at every 30 s it waited up to half a minute more). Answers that come but keep failing
 * (500, 408, 429) pause the upload by itself after a number of failures in a row, with the
 * reason, keeping everything already sent, instead of failing. While the browser knows it is
 * offline (Wi-Fi gone, cable out) the upload waits for the network and goes on the moment it is
 * back.
 */

export interface RetryPolicy {
  /** Failures in a row after which the upload pauses by itself. */
  maxFailures: number;
  baseMs: number;
  maxMs: number;
  /** The longest pause while the server cannot be reached (no answer, 502–504): maxMs at most. */
  unreachableMaxMs?: number;
}

/**
 * 1, 2, 4, 8, 16, then 30 s a try; a server that keeps failing pauses after about 3 minutes. One
 * that does not answer is asked 1, 2, 4, 8, then every 10 s.
 */
export const DEFAULT_RETRY: RetryPolicy = {
  maxFailures: 10,
  baseMs: 1000,
  maxMs: 30_000,
  unreachableMaxMs: 10_000,
};

export function backoffMs(failures: number, policy: RetryPolicy, unreachable = false): number {
  const max =
    unreachable && policy.unreachableMaxMs !== undefined
      ? Math.min(policy.maxMs, policy.unreachableMaxMs)
      : policy.maxMs;
  return Math.min(max, policy.baseMs * 2 ** Math.max(0, failures - 1));
}

const TEMPORARY = new Set([0, 408, 429, 500, 502, 503, 504]);
/** No answer, or a gateway's word that the server is away: it will be back. */
const UNREACHABLE = new Set([0, 502, 503, 504]);

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

/** What the browser knows of its network. */
export interface Connection {
  online(): boolean;
  /** Resolves once the browser is online again (at once if it is); rejects when `signal` aborts. */
  whenOnline(signal: AbortSignal): Promise<void>;
}

/** navigator.onLine and the window's online event; always online where there is no browser. */
export const browserConnection: Connection = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  whenOnline(signal) {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(abortError());
        return;
      }
      if (browserConnection.online()) {
        resolve();
        return;
      }
      const back = () => {
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        window.removeEventListener('online', back);
        reject(abortError());
      };
      window.addEventListener('online', back, { once: true });
      signal.addEventListener('abort', stop, { once: true });
    });
  },
};

/** Why calls are not getting through: retried at `retryAt` (ms since the epoch), or no network. */
/**
 * Why chunks wait: a try failed and the next comes at `retryAt` (`server`: the server answered,
 * with an error such as 503, so the network is no cause), or the browser is offline.
 */
export type LinkTrouble =
  { kind: 'retrying'; retryAt: number; server?: true } | { kind: 'offline' };

/**
 * The trouble to show once `next` is reported over `shown`: several chunks on the wire each report
 * their own next try, and showing the last report made the countdown jump ("8 s, 7 s, 8 s, 4 s").
 * While the try shown has yet to come, the earliest of the two is kept; once it has come (and
 * failed again), the new one is shown.
 */
export function mergeTrouble(
  shown: LinkTrouble | null,
  next: LinkTrouble | null,
  now: number,
): LinkTrouble | null {
  if (next?.kind === 'retrying' && shown?.kind === 'retrying' && shown.retryAt > now) {
    return next.retryAt < shown.retryAt ? next : shown;
  }
  return next;
}

export interface RetryOptions {
  signal: AbortSignal;
  policy?: RetryPolicy;
  sleep?: Sleep;
  connection?: Connection;
  /**
   * Told when a call failed (the next try's time, or that the browser is offline) and when a call
   * succeeded after failing (null): the queue shows a lost connection instead of a speed.
   */
  onTrouble?: (trouble: LinkTrouble | null) => void;
}

/** `call` until it succeeds, fails for good (not transient), or fails too often (PausedError). */
export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const wait = options.sleep ?? sleep;
  const connection = options.connection ?? browserConnection;
  let troubled = false;
  for (let failures = 0; ;) {
    if (options.signal.aborted) {
      throw abortError();
    }
    try {
      const result = await call();
      if (troubled) {
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
      troubled = true;
      // No answer at all while the browser says it is offline (an answer, even a 503, proves
      // the network works): wait for the network, then try again at once, counting afresh.
      if ((error as ApiError).httpStatus === 0 && !connection.online()) {
        options.onTrouble?.({ kind: 'offline' });
        await connection.whenOnline(options.signal);
        failures = 0;
        continue;
      }
      failures += 1;
      const unreachable = UNREACHABLE.has((error as ApiError).httpStatus);
      if (failures >= policy.maxFailures && !unreachable) {
        throw new PausedError({ key: 'network', detail: (error as ApiError).strMessage }, true);
      }
      const pause = backoffMs(failures, policy, unreachable);
      // An answer, even a gateway's 503, proves the link works: the server is the cause. A
      // timeout is no answer, though given a status (408) by the caller.
      const answered =
        (error as ApiError).httpStatus > 0 && (error as ApiError).strErrorCode !== 'TIMEOUT';
      options.onTrouble?.({
        kind: 'retrying',
        retryAt: Date.now() + pause,
        ...(answered ? { server: true as const } : {}),
      });
      await wait(pause, options.signal);
    }
  }
}
