import sharp from 'sharp';
import { encodeJpeg } from '../../slides/codec';
import type { RgbImage } from '../../slides/slide-source';
import { TILE_JPEG_QUALITY } from './render';

/** IIIF rotation (multiples of 90°, `!` mirrors first), quality and format of a picture. */
export interface IiifPresentation {
  mirror: boolean;
  degrees: 0 | 90 | 180 | 270;
  gray: boolean;
  format: IiifFormat;
}

export const IIIF_FORMATS = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type IiifFormat = keyof typeof IIIF_FORMATS;

/** A picture with 1 (grey) or 3 (RGB) bytes a pixel. */
interface Pixels {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Buffer;
}

/** Mirrored left to right (IIIF `!`: before the rotation). */
function mirrored(p: Pixels): Pixels {
  const { width, height, channels } = p;
  const out = Buffer.allocUnsafe(p.data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width * channels;
    for (let x = 0; x < width; x++) {
      p.data.copy(
        out,
        row + (width - 1 - x) * channels,
        row + x * channels,
        row + (x + 1) * channels,
      );
    }
  }
  return { ...p, data: out };
}

/** Turned clockwise by `degrees` (90, 180, 270). */
function rotated(p: Pixels, degrees: 90 | 180 | 270): Pixels {
  const { width: w, height: h, channels: c } = p;
  const turned = degrees === 180 ? { width: w, height: h } : { width: h, height: w };
  const out = Buffer.allocUnsafe(p.data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Where source pixel (x, y) lands.
      const [tx, ty] =
        degrees === 90 ? [h - 1 - y, x] : degrees === 180 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      const from = (y * w + x) * c;
      const to = (ty * turned.width + tx) * c;
      for (let k = 0; k < c; k++) {
        out[to + k] = p.data[from + k]!;
      }
    }
  }
  return { ...turned, channels: c, data: out };
}

/** Luma (ITU-R BT.601, as JPEG's own colour conversion): one byte a pixel. */
function grayed(p: Pixels): Pixels {
  const n = p.width * p.height;
  const out = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) {
    const r = p.data[i * 3]!;
    const g = p.data[i * 3 + 1]!;
    const b = p.data[i * 3 + 2]!;
    out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { width: p.width, height: p.height, channels: 1, data: out };
}

/**
 * The IIIF picture of rendered pixels: mirrored, then rotated, then greyed, then encoded. The
 * plain case (colour JPEG, upright) goes through libjpeg-turbo like Deep Zoom tiles; the rest
 * through sharp (PNG, WebP, one-channel JPEG).
 */
export async function presentIiif(img: RgbImage, how: IiifPresentation): Promise<Buffer> {
  let p: Pixels = { ...img, channels: 3 };
  if (how.mirror) {
    p = mirrored(p);
  }
  if (how.degrees !== 0) {
    p = rotated(p, how.degrees);
  }
  if (how.gray) {
    p = grayed(p);
  }
  if (how.format === 'jpg' && p.channels === 3) {
    return encodeJpeg({ width: p.width, height: p.height, data: p.data }, TILE_JPEG_QUALITY);
  }
  const raw = sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });
  // One channel stays one channel (sharp would write grey as RGB otherwise).
  const pipeline = p.channels === 1 ? raw.toColourspace('b-w') : raw;
  if (how.format === 'png') {
    return pipeline.png().toBuffer();
  }
  if (how.format === 'webp') {
    return pipeline.webp({ quality: TILE_JPEG_QUALITY }).toBuffer();
  }
  return pipeline.jpeg({ quality: TILE_JPEG_QUALITY }).toBuffer();
}
