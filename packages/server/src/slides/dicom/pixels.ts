/** RGB canvases: fill, crop, copy one image into another (clipped). */
import type { RgbImage } from '../slide-source.js';

export type Rgb = readonly [number, number, number];

export function solid(width: number, height: number, color: Rgb): RgbImage {
  const data = Buffer.allocUnsafe(width * height * 3);
  if (color[0] === color[1] && color[1] === color[2]) {
    data.fill(color[0]);
  } else {
    for (let i = 0; i < data.length; i += 3) {
      data[i] = color[0];
      data[i + 1] = color[1];
      data[i + 2] = color[2];
    }
  }
  return { width, height, data };
}

/** Copies `src` into `dst` with its top-left corner at (dx, dy); what falls outside is dropped. */
export function blit(dst: RgbImage, src: RgbImage, dx: number, dy: number): void {
  const x0 = Math.max(0, dx);
  const y0 = Math.max(0, dy);
  const x1 = Math.min(dst.width, dx + src.width);
  const y1 = Math.min(dst.height, dy + src.height);
  if (x1 <= x0 || y1 <= y0) {
    return;
  }
  const rowBytes = (x1 - x0) * 3;
  for (let y = y0; y < y1; y++) {
    const from = ((y - dy) * src.width + (x0 - dx)) * 3;
    src.data.copy(dst.data, (y * dst.width + x0) * 3, from, from + rowBytes);
  }
}

/** The part of `src` at (x, y) of size w×h (inside `src`); `src` itself when that is all of it. */
export function crop(src: RgbImage, x: number, y: number, w: number, h: number): RgbImage {
  if (x === 0 && y === 0 && w === src.width && h === src.height) {
    return src;
  }
  const out: RgbImage = { width: w, height: h, data: Buffer.allocUnsafe(w * h * 3) };
  blit(out, src, -x, -y);
  return out;
}

/** "RRGGBB" → components; white when absent. */
export function parseHexColor(hex: string | null): Rgb {
  if (!hex || !/^[0-9a-fA-F]{6}$/.test(hex)) {
    return [255, 255, 255];
  }
  const n = parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
