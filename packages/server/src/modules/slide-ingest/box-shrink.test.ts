import { describe, expect, it } from 'vitest';
import { cropRgb, filledRgb, meanRgb } from '../../slides/rgb';
import type { RgbImage } from '../../slides/slide-source';
import { BoxShrink, fitWithin, shrinkToFit } from './box-shrink';

/** A picture whose colour varies in both directions (so that misplaced pixels show). */
function gradient(width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((x / width) * 255);
      data[i + 1] = Math.round((y / height) * 255);
      data[i + 2] = 100;
    }
  }
  return { width, height, data };
}

describe('fitWithin', () => {
  it('keeps the aspect ratio and never enlarges', () => {
    expect(fitWithin(2220, 2967, 256)).toEqual({ width: 192, height: 256 });
    expect(fitWithin(300, 250, 256)).toEqual({ width: 256, height: 213 });
    expect(fitWithin(100, 50, 256)).toEqual({ width: 100, height: 50 });
    expect(fitWithin(100_000, 10, 256)).toEqual({ width: 256, height: 1 });
  });
});

describe('BoxShrink', () => {
  it('averages the source pixels each output pixel covers', () => {
    const src = filledRgb(4, 2, [0, 0, 0]);
    // Left half white, right half black: 2×1 output is white then black.
    for (const x of [0, 1]) {
      for (const y of [0, 1]) {
        src.data.fill(255, (y * 4 + x) * 3, (y * 4 + x) * 3 + 3);
      }
    }
    src.data.fill(100, (0 * 4 + 2) * 3, (0 * 4 + 2) * 3 + 3); // one grey pixel on the right
    const out = shrinkToFit(src, 2);
    expect(out.width).toBe(2);
    expect(out.height).toBe(1);
    expect([...out.data]).toEqual([255, 255, 255, 25, 25, 25]);
  });

  it('gives the same picture from tiles as from the whole', () => {
    const whole = gradient(1000, 700);
    const size = fitWithin(whole.width, whole.height, 256);
    const tiled = new BoxShrink(whole.width, whole.height, size.width, size.height);
    for (let y = 0; y < whole.height; y += 240) {
      for (let x = 0; x < whole.width; x += 240) {
        tiled.add(cropRgb(whole, x, y, 240, 240), x, y);
      }
    }
    expect(tiled.result().data.equals(shrinkToFit(whole, 256).data)).toBe(true);
  });

  it('places tiles decoded at a fraction of their size where they belong', () => {
    const whole = gradient(800, 800);
    const box = new BoxShrink(800, 800, 100, 100);
    // Each 200² tile arrives at 1/4: 50² pixels standing for 4×4 source pixels each.
    for (let y = 0; y < 800; y += 200) {
      for (let x = 0; x < 800; x += 200) {
        box.add(shrinkToFit(cropRgb(whole, x, y, 200, 200), 50), x, y, 4);
      }
    }
    const out = box.result();
    const direct = shrinkToFit(whole, 100);
    let worst = 0;
    for (let i = 0; i < out.data.length; i++) {
      worst = Math.max(worst, Math.abs(out.data[i]! - direct.data[i]!));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('paints pixels no tile reached white', () => {
    const box = new BoxShrink(100, 100, 10, 10);
    box.add(filledRgb(50, 100, [0, 0, 0]), 0, 0);
    const out = box.result();
    const [r] = meanRgb(cropRgb(out, 5, 0, 5, 10));
    expect(r).toBe(255);
    expect(meanRgb(cropRgb(out, 0, 0, 5, 10))).toEqual([0, 0, 0]);
  });
});
