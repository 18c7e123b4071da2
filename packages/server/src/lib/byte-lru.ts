/**
 * Buffers kept in memory up to a number of bytes, least recently used dropped first (a Map's
 * order is its insertion order: a hit is moved to the end). A buffer larger than the whole budget
 * is not kept.
 */
export class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes) {
      return;
    }
    const old = this.entries.get(key);
    if (old) {
      this.used -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, bytes);
    this.used += bytes.length;
    for (const [k, b] of this.entries) {
      if (this.used <= this.maxBytes) {
        break;
      }
      this.entries.delete(k);
      this.used -= b.length;
    }
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.used;
  }
}
