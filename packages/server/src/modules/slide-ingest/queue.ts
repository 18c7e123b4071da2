/**
 * A small work queue of document ids: at most `concurrency` run at once, an id already waiting
 * or running is not added twice, a task that throws is reported and the queue goes on. Nothing
 * is kept across restarts: the database says what still has to be done (see pending.ts).
 */
export class IngestQueue {
  private readonly waiting: number[] = [];
  private readonly known = new Set<number>();
  private readonly running = new Set<Promise<void>>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly run: (id: number) => Promise<unknown>,
    private readonly concurrency: number,
    private readonly onError: (id: number, error: unknown) => void,
  ) {}

  /** Adds a document; returns at once (the caller never waits for the work). */
  enqueue(id: number): void {
    if (this.closed || this.known.has(id)) {
      return;
    }
    this.known.add(id);
    this.waiting.push(id);
    this.pump();
  }

  /** How many are waiting or running. */
  get size(): number {
    return this.known.size;
  }

  /** Resolves once nothing is waiting or running (tests wait for ingests with this). */
  idle(): Promise<void> {
    if (this.known.size === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what is waiting and resolves once the running tasks have ended. */
  async close(): Promise<void> {
    this.closed = true;
    for (const id of this.waiting.splice(0)) {
      this.known.delete(id);
    }
    await Promise.allSettled([...this.running]);
    this.settle();
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const task = this.start(id);
      this.running.add(task);
      void task.then(() => {
        this.running.delete(task);
        this.pump();
        this.settle();
      });
    }
  }

  private async start(id: number): Promise<void> {
    try {
      await this.run(id);
    } catch (error) {
      this.onError(id, error);
    } finally {
      this.known.delete(id);
    }
  }

  private settle(): void {
    if (this.known.size === 0) {
      for (const resolve of this.idleWaiters.splice(0)) {
        resolve();
      }
    }
  }
}
