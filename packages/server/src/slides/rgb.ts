import type { RgbImage } from './slide-source';

/**
 * Small operations on decoded RGB pixels (3 bytes a pixel, row-major) shared by the slide readers:
 * filling, cropping, composing tiles into a region, and the mean colour used by tests and checks.
 */

export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];

/** A `width`×`height` image filled with one colour. */
export function filledRgb(width: number, height: number, colour: Rgb = WHITE): RgbImage {
  const data = Buffer.allocUnsafe(width * height * 3);
  if (colour[0] === colour[1] && colour[1] === colour[2]) {
    data.fill(colour[0]);
  } else {
    for (let i = 0; i < data.length; i += 3) {
      data[i] = colour[0];
      data[i + 1] = colour[1];
      data[i + 2] = colour[2];
    }
  }
  return { width, height, data };
}

/** The part of `image` at `x`,`y` of size `width`×`height` (clipped to the image). */
export function cropRgb(
  image: RgbImage,
  x: number,
  y: number,
  width: number,
  height: number,
): RgbImage {
  const w = Math.max(0, Math.min(width, image.width - x));
  const h = Math.max(0, Math.min(height, image.height - y));
  if (x === 0 && y === 0 && w === image.width && h === image.height) {
    return image;
  }
  const data = Buffer.allocUnsafe(w * h * 3);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * image.width + x) * 3;
    image.data.copy(data, row * w * 3, from, from + w * 3);
  }
  return { width: w, height: h, data };
}

/** Copies `source` into `target` with its top-left corner at `x`,`y`; parts outside are dropped. */
export function drawRgb(target: RgbImage, source: RgbImage, x: number, y: number): void {
  const left = Math.max(0, x);
  const top = Math.max(0, y);
  const right = Math.min(target.width, x + source.width);
  const bottom = Math.min(target.height, y + source.height);
  if (right <= left || bottom <= top) {
    return;
  }
  const rowBytes = (right - left) * 3;
  for (let ty = top; ty < bottom; ty++) {
    const from = ((ty - y) * source.width + (left - x)) * 3;
    source.data.copy(target.data, (ty * target.width + left) * 3, from, from + rowBytes);
  }
}

/** Mean red, green and blue (0–255) over the whole image. */
export function meanRgb(image: RgbImage): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  const pixels = image.width * image.height;
  for (let i = 0; i < pixels * 3; i += 3) {
    r += image.data[i] ?? 0;
    g += image.data[i + 1] ?? 0;
    b += image.data[i + 2] ?? 0;
  }
  return pixels === 0 ? [0, 0, 0] : [r / pixels, g / pixels, b / pixels];
}

/** An 'RRGGBB' background colour (SlideProperties.backgroundColor) as RGB; white when absent. */
export function rgbFromHex(hex: string | null): Rgb {
  if (hex === null || !/^[0-9a-fA-F]{6}$/.test(hex)) {
    return WHITE;
  }
  const value = Number.parseInt(hex, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}
