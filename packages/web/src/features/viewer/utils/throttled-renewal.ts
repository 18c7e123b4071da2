/** A renewal asked for by many callers at once, run at most once per gap. */
export interface ThrottledRenewal {
  /** Asks for a run: soon if none ran within the gap, else once the gap is over. */
  request(): void;
  /**
   * A run after `delayMs`, whatever the gap (the server did not answer: it is asked again
   * shortly, not a gap later); from inside a run, once that run ends.
   */
  retryIn(delayMs: number): void;
  /** No further runs (the viewer closed). */
  cancel(): void;
}

/**
 * Runs `renew` when requested, at most once every `gapMs`: requests made while it runs or
 * within the gap after it fold into one run when the gap ends. Tiles failing together (a view's
 * worth after a token expired) cost one fetch of a fresh token, and a link that is down is not
 * asked every second.
 */
export function throttledRenewal(renew: () => Promise<void>, gapMs = 15_000): ThrottledRenewal {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let pending = false;
  let pendingDelay: number | null = null;
  let cancelled = false;

  const run = async () => {
    timer = undefined;
    running = true;
    pending = false;
    pendingDelay = null;
    lastRun = Date.now();
    try {
      await renew();
    } finally {
      running = false;
      if (pendingDelay !== null) {
        retryIn(pendingDelay);
      } else if (pending) {
        request();
      }
    }
  };

  const retryIn = (delayMs: number) => {
    if (cancelled) {
      return;
    }
    if (running) {
      pendingDelay = delayMs;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
  };

  const request = () => {
    if (cancelled || timer !== undefined) {
      return;
    }
    if (running) {
      pending = true;
      return;
    }
    timer = setTimeout(() => void run(), Math.max(0, lastRun + gapMs - Date.now()));
  };

  return {
    request,
    retryIn,
    cancel() {
      cancelled = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
