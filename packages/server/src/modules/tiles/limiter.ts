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

  run<T>(task: () => Promise<T>): Promise<T> {
    const work = this.acquire().then(async () => {
      try {
        return await task();
      } finally {
        this.release();
      }
    });
    return withTimeout(work, this.timeoutMs);
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

/** `work`'s result, or TileTimeoutError after `ms` (the work's own outcome is then ignored). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TileTimeoutError()), ms);
  });
  work.catch(() => undefined); // A late failure after the timeout must not go unhandled.
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
