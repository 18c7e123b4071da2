export const TIMED_OUT = Symbol('timed out');

/**
 * Runs `work` for at most `ms`: its result, or TIMED_OUT once the time is up. The work is then
 * told to stop through its signal and left behind (what it throws afterwards is ignored), so
 * the caller moves on even when the work hangs in a read that never returns.
 */
export async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
): Promise<T | typeof TIMED_OUT> {
  const controller = new AbortController();
  const running = work(controller.signal);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    const first = await Promise.race([running, expired]);
    if (first === TIMED_OUT) {
      controller.abort();
      running.catch(() => undefined);
    }
    return first;
  } finally {
    clearTimeout(timer);
  }
}
