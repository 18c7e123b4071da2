/**
 * At most `limit` tasks at a time; the rest wait in order. Asynchronous koffi calls run on a pool
 * of worker threads whose queue throws once it holds 256 calls, and each OpenSlide read holds a
 * pixel buffer: waiting here, before anything is allocated, keeps both bounded under load.
 */
export class NativeSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next(); // the slot passes straight to the next task
      } else {
        this.running--;
      }
    }
  }
}
