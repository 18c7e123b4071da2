import { filledRgb } from '../../slides/rgb';
import type { RgbImage } from '../../slides/slide-source';

/**
 * Pictures composed for tiles of missing levels, given back once encoded and used again. Each
 * cold tile composed a new 192 KiB picture outside the JavaScript heap, and memory allocated
 * outside the heap at that rate started a full garbage collection every ~150 tiles (trace-gc: a
 * Mark-Compact every 130 ms while building tiles). Idle pictures are kept up to `maxIdleBytes`.
 */
export class CanvasPool {
  private readonly idle = new Map<number, Buffer[]>();
  private idleBytes = 0;
  /** Buffers handed out and not given back: only those are taken back. */
  private readonly out = new WeakSet<Buffer>();

  constructor(private readonly maxIdleBytes = 8 << 20) {}

  /** A white `width`×`height` picture. */
  take(width: number, height: number): RgbImage {
    const data = this.idle.get(width * height * 3)?.pop();
    if (!data) {
      const made = filledRgb(width, height);
      this.out.add(made.data);
      return made;
    }
    this.idleBytes -= data.length;
    data.fill(255);
    this.out.add(data);
    return { width, height, data };
  }

  /** Takes back a picture of take() that nothing uses any more (others are left alone). */
  giveBack(image: RgbImage): void {
    const data = image.data;
    if (!this.out.delete(data) || this.idleBytes + data.length > this.maxIdleBytes) {
      return;
    }
    const idle = this.idle.get(data.length) ?? [];
    idle.push(data);
    this.idle.set(data.length, idle);
    this.idleBytes += data.length;
  }
}
