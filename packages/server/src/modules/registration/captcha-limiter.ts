/**
 * How many captchas one address may ask for in a sliding window, kept in memory. The captchas
 * table has no address column, and a lost count on restart only resets a five-minute window.
 * Each instance counts its own callers; behind a load balancer the ceiling is per instance.
 */
export class AddressWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    /** Addresses tracked at most; the longest-tracked ones are forgotten first. */
    private readonly maxAddresses = 10_000,
  ) {}

  /** Counts a request of `address` at `nowMs`; false when the window is already full. */
  take(address: string, nowMs: number): boolean {
    const since = nowMs - this.windowMs;
    const recent = (this.hits.get(address) ?? []).filter((t) => t > since);
    const allowed = recent.length < this.limit;
    if (allowed) {
      recent.push(nowMs);
    }
    // Re-inserting moves the address to the end: the map's order is "least recently seen first",
    // so a refused address, still calling, is not the one forgotten (which would reset its count).
    this.hits.delete(address);
    this.hits.set(address, recent);
    this.evict(since);
    return allowed;
  }

  /** Keeps memory bounded when many addresses call: stale ones go, then the least recent. */
  private evict(since: number): void {
    if (this.hits.size <= this.maxAddresses) {
      return;
    }
    for (const [address, times] of this.hits) {
      if (times.every((t) => t <= since)) {
        this.hits.delete(address);
      }
    }
    for (const address of this.hits.keys()) {
      if (this.hits.size <= this.maxAddresses) {
        break;
      }
      this.hits.delete(address);
    }
  }

  /** Addresses currently tracked (for tests). */
  get size(): number {
    return this.hits.size;
  }
}
