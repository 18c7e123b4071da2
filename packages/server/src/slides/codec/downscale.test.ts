import { describe, expect, it } from 'vitest';
import { downscaleRgb } from './downscale';

function image(width: number, height: number, pixel: (x: number, y: number) => number[]) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data.set(pixel(x, y), (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

describe('downscaleRgb', () => {
  it('averages each 2×2 box', () => {
    // Columns alternate 0/100 red, rows alternate 0/200 green: every box averages to 50/100.
    const src = image(4, 4, (x, y) => [x % 2 ? 100 : 0, y % 2 ? 200 : 0, 7]);
    const out = downscaleRgb(src, 2);
    expect([out.width, out.height]).toEqual([2, 2]);
    expect([...out.data]).toEqual([50, 100, 7, 50, 100, 7, 50, 100, 7, 50, 100, 7]);
  });

  it('gives ⌈w/f⌉×⌈h/f⌉ and averages only existing pixels in edge boxes', () => {
    const src = image(10, 5, (x) => [x < 8 ? 0 : 240, 10, 20]);
    const out = downscaleRgb(src, 4);
    expect([out.width, out.height]).toEqual([3, 2]);
    // The last column box holds only x = 8, 9 (both 240): no dilution by missing pixels.
    expect([...out.data.subarray(6, 9)]).toEqual([240, 10, 20]);
    expect([...out.data.subarray(15, 18)]).toEqual([240, 10, 20]);
    expect([...out.data.subarray(0, 3)]).toEqual([0, 10, 20]);
  });

  it('rounds to the nearest value and handles 8×', () => {
    const src = image(8, 8, (x, y) => [x === 0 && y === 0 ? 255 : 0, 255, 128]);
    const out = downscaleRgb(src, 8);
    expect([...out.data]).toEqual([4, 255, 128]); // 255/64 = 3.98
  });

  it('refuses other factors and mismatched data', () => {
    const src = image(4, 4, () => [0, 0, 0]);
    expect(() => downscaleRgb(src, 3 as never)).toThrow(RangeError);
    expect(() => downscaleRgb({ ...src, width: 5 }, 2)).toThrow(RangeError);
  });
});
