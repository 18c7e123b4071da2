/**
 * Bounds the decode work of the tile service: at most `slots` tasks run at once, the others
 * wait in order; a caller that waited and worked longer than `timeoutMs` gets TileTimeoutError
 * (answered 503) instead of holding its request open. The task itself keeps its slot until it
 * really ends, so a hung file cannot make more work run than the bound allows.
 */
export class TileTimeoutError extends Error {
  constructor() {
    super('tile work timed out');
  }
}

export class WorkLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly timeoutMs: number,
  ) {}

  /** `late` gets the result of a task that ended after its caller was told it timed out. */
  run<T>(task: () => Promise<T>, late?: (result: T) => void): Promise<T> {
    const work = this.acquire().then(async () => {
      try {
        return await task();
      } finally {
        this.release();
      }
    });
    return withTimeout(work, this.timeoutMs, late);
  }

  private acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) {
      next(); // The slot passes straight to the next task.
    } else {
      this.running -= 1;
    }
  }
}

/**
 * `work`'s result, or TileTimeoutError after `ms`; a result that comes after that goes to `late`
 * (if any), a late failure nowhere.
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  late?: (result: T) => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new TileTimeoutError());
    }, ms);
  });
  work.then(
    (result) => {
      if (timedOut) {
        late?.(result);
      }
    },
    () => undefined, // A late failure after the timeout must not go unhandled.
  );
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
