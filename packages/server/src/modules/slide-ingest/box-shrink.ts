import type { RgbImage } from '../../slides/slide-source';

/** The size of a `width`×`height` image shrunk to fit `max`×`max` (never enlarged). */
export function fitWithin(width: number, height: number, max: number) {
  const scale = Math.min(max / width, max / height, 1);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Shrinks a large picture that arrives in pieces (tiles, possibly decoded at 1/2…1/8 of their
 * size) to a small one by averaging: each source pixel is added to the output pixel its centre
 * falls in. Memory is the output only, so a level far too large to hold at once still gives a
 * thumbnail.
 */
export class BoxShrink {
  private readonly sums: Float64Array;
  private readonly counts: Float64Array;

  constructor(
    /** Size of the whole source picture, in its own pixels. */
    private readonly sourceWidth: number,
    private readonly sourceHeight: number,
    readonly width: number,
    readonly height: number,
  ) {
    this.sums = new Float64Array(width * height * 3);
    this.counts = new Float64Array(width * height);
  }

  /**
   * Adds a piece whose top-left corner is at `x`,`y` of the source; each of its pixels stands for
   * `scale`×`scale` source pixels (a tile decoded at 1/scale).
   */
  add(piece: RgbImage, x: number, y: number, scale = 1): void {
    const columns = new Int32Array(piece.width);
    for (let i = 0; i < piece.width; i++) {
      columns[i] = this.outIndex(x + (i + 0.5) * scale, this.sourceWidth, this.width);
    }
    for (let j = 0; j < piece.height; j++) {
      const row = this.outIndex(y + (j + 0.5) * scale, this.sourceHeight, this.height) * this.width;
      let src = j * piece.width * 3;
      for (let i = 0; i < piece.width; i++, src += 3) {
        const out = row + columns[i]!;
        const sum = out * 3;
        this.sums[sum] = this.sums[sum]! + piece.data[src]!;
        this.sums[sum + 1] = this.sums[sum + 1]! + piece.data[src + 1]!;
        this.sums[sum + 2] = this.sums[sum + 2]! + piece.data[src + 2]!;
        this.counts[out] = this.counts[out]! + 1;
      }
    }
  }

  /** The averaged picture; a pixel no piece reached is white (the usual slide background). */
  result(): RgbImage {
    const data = Buffer.alloc(this.width * this.height * 3, 255);
    for (let p = 0; p < this.counts.length; p++) {
      const n = this.counts[p]!;
      if (n > 0) {
        data[p * 3] = Math.round(this.sums[p * 3]! / n);
        data[p * 3 + 1] = Math.round(this.sums[p * 3 + 1]! / n);
        data[p * 3 + 2] = Math.round(this.sums[p * 3 + 2]! / n);
      }
    }
    return { width: this.width, height: this.height, data };
  }

  private outIndex(position: number, sourceSize: number, outSize: number): number {
    return Math.min(outSize - 1, Math.max(0, Math.floor((position * outSize) / sourceSize)));
  }
}

/** `image` shrunk to fit `max`×`max` by averaging (returned as is when it already fits). */
export function shrinkToFit(image: RgbImage, max: number): RgbImage {
  const size = fitWithin(image.width, image.height, max);
  if (size.width === image.width && size.height === image.height) {
    return image;
  }
  const box = new BoxShrink(image.width, image.height, size.width, size.height);
  box.add(image, 0, 0);
  return box.result();
}
