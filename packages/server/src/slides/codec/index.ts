import type { RgbImage } from '../slide-source';
import { SharpJpegCodec } from './sharp-codec';
import { TurboJpegCodec } from './turbo-codec';
import { loadTurboJpeg } from './turbojpeg-binding';
import type { JpegCodec, JpegScale } from './types';
import { DEFAULT_JPEG_QUALITY } from './types';

export type { JpegCodec, JpegScale } from './types';
export { downscaleRgb, type DownscaleFactor } from './downscale';

/**
 * The codec to use: libturbojpeg when it loads, else sharp. `SLIDE_JPEG_CODEC=sharp` forces
 * sharp (to compare the two, or to rule out the native library when chasing a problem).
 */
export function createJpegCodec(preference: string | undefined): JpegCodec {
  if (preference !== 'sharp') {
    const binding = loadTurboJpeg();
    if (binding) {
      return new TurboJpegCodec(binding);
    }
  }
  return new SharpJpegCodec();
}

let active: JpegCodec | undefined;

/** Chosen on first use, once per process (loading the library costs a few milliseconds). */
function codec(): JpegCodec {
  active ??= createJpegCodec(process.env.SLIDE_JPEG_CODEC);
  return active;
}

/** Which implementation decodes and encodes: 'libturbojpeg' or 'sharp'. */
export function codecName(): JpegCodec['name'] {
  return codec().name;
}

/**
 * RGB pixels of a JPEG, decoded at 1/scale of its size (⌈w/scale⌉ × ⌈h/scale⌉) — libjpeg's DCT
 * scaling, far cheaper than a full decode followed by a resize. Throws an Error for data libjpeg
 * cannot decode; a truncated scan is accepted (the missing part is grey).
 */
export function decodeJpeg(bytes: Uint8Array, scale: JpegScale = 1): Promise<RgbImage> {
  return codec().decode(bytes, scale);
}

/** decodeJpeg straight into `target` at `x`,`y` (JpegCodec.decodeInto). */
export function decodeJpegInto(
  bytes: Uint8Array,
  scale: JpegScale,
  target: RgbImage,
  x: number,
  y: number,
): Promise<void> {
  return codec().decodeInto(bytes, scale, target, x, y);
}

/** A JPEG (4:2:0 chroma subsampling) of RGB pixels. */
export function encodeJpeg(img: RgbImage, quality = DEFAULT_JPEG_QUALITY): Promise<Buffer> {
  return codec().encode(img, quality);
}
