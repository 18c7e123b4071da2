import sharp from 'sharp';
import { drawRgb } from '../rgb';
import type { RgbImage } from '../slide-source';
import { downscaleRgb } from './downscale';
import type { JpegCodec, JpegScale } from './types';
import {
  DEFAULT_JPEG_QUALITY,
  MAX_DECODE_PIXELS,
  checkDecodeSize,
  checkEncodeInput,
  checkScale,
} from './types';

/**
 * The same codec through sharp (libvips), for machines without libturbojpeg. Slower per tile
 * (~1.4 ms of fixed overhead, and a scaled decode is a full decode plus a box filter) but gives
 * the same pixels within JPEG rounding.
 */
export class SharpJpegCodec implements JpegCodec {
  readonly name = 'sharp' as const;

  async decodeInto(
    bytes: Uint8Array,
    scale: JpegScale,
    target: RgbImage,
    x: number,
    y: number,
  ): Promise<void> {
    drawRgb(target, await this.decode(bytes, scale), x, y);
  }

  async decode(bytes: Uint8Array, scale: JpegScale = 1): Promise<RgbImage> {
    checkScale(scale);
    // failOn 'none' accepts what libjpeg only warns about (truncated scans), like the libturbojpeg
    // codec; a header libjpeg cannot read still throws.
    const options = { failOn: 'none', limitInputPixels: MAX_DECODE_PIXELS } as const;
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== 'jpeg') {
      throw new Error(`not a JPEG (${meta.format ?? 'unknown format'})`);
    }
    checkDecodeSize(meta.width, meta.height);
    const { data, info } = await sharp(bytes, options)
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const full = { width: info.width, height: info.height, data };
    // Not sharp's resize: it stretches the picture onto ⌈w/scale⌉ pixels, while libjpeg's DCT
    // scaling (and a pyramid level) maps output pixel i to source pixels [i·scale, (i+1)·scale).
    return scale === 1 ? full : downscaleRgb(full, scale);
  }

  async encode(img: RgbImage, quality = DEFAULT_JPEG_QUALITY): Promise<Buffer> {
    checkEncodeInput(img, quality);
    return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
      .jpeg({ quality, chromaSubsampling: '4:2:0' })
      .toBuffer();
  }
}
