import { expect } from 'vitest';
import type { RgbImage } from '../slide-source';

/*
 * Pictures and comparisons shared by the codec and slide tests.
 */

/** A smooth picture with every channel moving (use a size that is not a multiple of 16). */
export function gradient(width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((x / (width - 1)) * 255);
      data[i + 1] = Math.round((y / (height - 1)) * 255);
      data[i + 2] = Math.round(128 + 100 * Math.sin((x + y) / 40));
    }
  }
  return { width, height, data };
}

/** Mean absolute difference per byte of two pictures of the same size (checked). */
export function meanAbsDiff(a: RgbImage, b: RgbImage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) {
    sum += Math.abs(a.data[i]! - b.data[i]!);
  }
  return sum / a.data.length;
}
