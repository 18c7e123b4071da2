/**
 * Bounds the decode work of the tile service: at most `slots` tasks run at once, the others
 * wait in order; a caller that waited and worked longer than `timeoutMs` gets TileTimeoutError
 * (answered 503) instead of holding its request open. The task itself keeps its slot until it
 * really ends, so a hung file cannot make more work run than the bound allows.
 *
 * The queue is bounded too, so that a burst of requests for work nobody will wait for (IIIF
 * regions are unique at will, and each is a decode) cannot keep the service busy for minutes:
 * a task whose caller timed out while it waited is dropped, never run; past `maxWaiting` waiting
 * tasks (or `maxWaitingPerKey` of one key) a new one is refused at once with TileBusyError.
 */
export class TileTimeoutError extends Error {
  constructor(message = 'tile work timed out') {
    super(message);
  }
}

/** Too much work waits already: answered like a timeout (503, try again), without waiting. */
export class TileBusyError extends TileTimeoutError {
  constructor() {
    super('tile work queue full');
  }
}

interface Waiter {
  readonly start: () => void;
  readonly drop: () => void;
  readonly key: string | undefined;
}

export interface WaitingBounds {
  readonly maxWaiting: number;
  readonly maxWaitingPerKey: number;
}

export class WorkLimiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly slots: number,
    private readonly timeoutMs: number,
    private readonly bounds: WaitingBounds = { maxWaiting: Infinity, maxWaitingPerKey: Infinity },
  ) {}

  /**
   * `late` gets the result of a task that ended after its caller was told it timed out; `key`
   * groups tasks whose waiting is bounded together (maxWaitingPerKey).
   */
  run<T>(task: () => Promise<T>, late?: (result: T) => void, key?: string): Promise<T> {
    let waiter: Waiter | null = null;
    let started: Promise<void>;
    if (this.running < this.slots) {
      this.running += 1;
      started = Promise.resolve();
    } else if (this.full(key)) {
      return Promise.reject(new TileBusyError());
    } else {
      started = new Promise<void>((start, reject) => {
        waiter = { start, drop: () => reject(new TileTimeoutError()), key };
        this.waiting.push(waiter);
      });
    }
    const work = started.then(async () => {
      try {
        return await task();
      } finally {
        this.release();
      }
    });
    return withTimeout(work, this.timeoutMs, late, () => waiter && this.drop(waiter));
  }

  private full(key: string | undefined): boolean {
    if (this.waiting.length >= this.bounds.maxWaiting) {
      return true;
    }
    if (key === undefined) {
      return false;
    }
    let same = 0;
    for (const waiter of this.waiting) {
      same += waiter.key === key ? 1 : 0;
    }
    return same >= this.bounds.maxWaitingPerKey;
  }

  /** A waiting task whose caller has gone: out of the queue, never run. */
  private drop(waiter: Waiter): void {
    const at = this.waiting.indexOf(waiter);
    if (at >= 0) {
      this.waiting.splice(at, 1);
      waiter.drop();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) {
      next.start(); // The slot passes straight to the next task.
    } else {
      this.running -= 1;
    }
  }
}

/**
 * `work`'s result, or TileTimeoutError after `ms` (`onTimeout` is then called); a result that
 * comes after that goes to `late` (if any), a late failure nowhere.
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  late?: (result: T) => void,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new TileTimeoutError());
      onTimeout?.();
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
