import type { RgbImage } from '../slide-source';
import { SLIDE_LIMITS } from '../slide-source';

/** libjpeg decodes directly at these fractions of the stored size (DCT scaling). */
export type JpegScale = 1 | 2 | 4 | 8;

export interface JpegCodec {
  /** 'libturbojpeg' or 'sharp': which implementation is doing the work. */
  readonly name: 'libturbojpeg' | 'sharp';
  /** RGB pixels of a JPEG, at 1/scale of its size (⌈width/scale⌉ × ⌈height/scale⌉). */
  decode(bytes: Uint8Array, scale?: JpegScale): Promise<RgbImage>;
  /**
   * Decodes at 1/scale straight into `target` with the picture's top-left corner at `x`,`y`
   * (parts outside `target` are dropped): composing a region from tiles without a buffer and a
   * copy per tile.
   */
  decodeInto(
    bytes: Uint8Array,
    scale: JpegScale,
    target: RgbImage,
    x: number,
    y: number,
  ): Promise<void>;
  /** A baseline JPEG with 4:2:0 chroma subsampling. */
  encode(img: RgbImage, quality?: number): Promise<Buffer>;
}

/**
 * The largest picture either codec decodes: associated images and regions are the largest things
 * the slide readers decode, and a JPEG header may declare 65,535 × 65,535 (12 GB of RGB).
 */
export const MAX_DECODE_PIXELS = Math.max(
  SLIDE_LIMITS.maxTilePixels,
  SLIDE_LIMITS.maxAssociatedPixels,
  SLIDE_LIMITS.maxRegionPixels,
);

export const DEFAULT_JPEG_QUALITY = 85;

/** Size of a decode at 1/scale, rounded up like libjpeg's TJSCALED(). */
export function scaledSize(width: number, height: number, scale: JpegScale) {
  return { width: Math.ceil(width / scale), height: Math.ceil(height / scale) };
}

export function checkScale(scale: number): asserts scale is JpegScale {
  if (scale !== 1 && scale !== 2 && scale !== 4 && scale !== 8) {
    throw new RangeError(`JPEG decode scale must be 1, 2, 4 or 8 (got ${scale})`);
  }
}

export function checkDecodeSize(width: number, height: number): void {
  if (!(width > 0 && height > 0)) {
    throw new Error(`JPEG declares an empty picture (${width}×${height})`);
  }
  if (width * height > MAX_DECODE_PIXELS) {
    throw new Error(`JPEG of ${width}×${height} pixels is larger than the decode limit`);
  }
}

/** Refuses what no encoder can take before it reaches native code. */
export function checkEncodeInput(img: RgbImage, quality: number): void {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`cannot encode a ${width}×${height} picture`);
  }
  // libjpeg's own limit (JPEG_MAX_DIMENSION).
  if (width > 65_500 || height > 65_500) {
    throw new RangeError(`cannot encode a ${width}×${height} picture as JPEG`);
  }
  if (data.length !== width * height * 3) {
    throw new RangeError(`RGB data of ${data.length} bytes does not match ${width}×${height}`);
  }
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new RangeError(`JPEG quality must be an integer from 1 to 100 (got ${quality})`);
  }
}
