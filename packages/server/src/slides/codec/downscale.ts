import type { RgbImage } from '../slide-source';

export type DownscaleFactor = 2 | 4 | 8;

/**
 * Shrinks RGB pixels by 2, 4 or 8 with a box filter: each output pixel is the mean of the
 * factor × factor source pixels it covers, rounded. Output is ⌈width/factor⌉ × ⌈height/factor⌉;
 * boxes cut by the right or bottom edge average only the pixels that exist, so edge tiles of a
 * level keep their colour instead of fading towards black. This is what building a missing
 * pyramid level from the finer one needs (a 512² → 256² step costs ~1 ms), without the fixed
 * per-call overhead of an image pipeline.
 */
export function downscaleRgb(img: RgbImage, factor: DownscaleFactor): RgbImage {
  if (factor !== 2 && factor !== 4 && factor !== 8) {
    throw new RangeError(`downscale factor must be 2, 4 or 8 (got ${factor})`);
  }
  const { width, height, data } = img;
  if (data.length !== width * height * 3) {
    throw new RangeError(`RGB data of ${data.length} bytes does not match ${width}×${height}`);
  }
  const outWidth = Math.ceil(width / factor);
  const outHeight = Math.ceil(height / factor);
  const out = Buffer.allocUnsafe(outWidth * outHeight * 3);
  const sums = new Uint32Array(outWidth * 3);
  for (let oy = 0; oy < outHeight; oy++) {
    sums.fill(0);
    const y0 = oy * factor;
    const y1 = Math.min(height, y0 + factor);
    for (let y = y0; y < y1; y++) {
      let src = y * width * 3;
      for (let x = 0; x < width; x++, src += 3) {
        const dst = ((x / factor) | 0) * 3;
        sums[dst] = sums[dst]! + data[src]!;
        sums[dst + 1] = sums[dst + 1]! + data[src + 1]!;
        sums[dst + 2] = sums[dst + 2]! + data[src + 2]!;
      }
    }
    const rows = y1 - y0;
    let dst = oy * outWidth * 3;
    for (let ox = 0; ox < outWidth; ox++) {
      const count = rows * (Math.min(width, (ox + 1) * factor) - ox * factor);
      const half = count >> 1;
      const s = ox * 3;
      out[dst++] = ((sums[s]! + half) / count) | 0;
      out[dst++] = ((sums[s + 1]! + half) / count) | 0;
      out[dst++] = ((sums[s + 2]! + half) / count) | 0;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}
