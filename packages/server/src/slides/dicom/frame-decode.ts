/** Frame bytes → RGB pixels: native samples converted here, JPEG and JPEG 2000 through sharp. */
import sharp, { type OutputInfo } from 'sharp';
import { SLIDE_LIMITS, SlideOpenError, type RgbImage } from '../slide-source.js';

export type FrameCodec = 'native' | 'jpeg' | 'jpeg2000';

export interface FrameFormat {
  codec: FrameCodec;
  /** Frame size (Columns × Rows). */
  width: number;
  height: number;
  samples: number;
  photometric: string;
  planar: number;
  bitsAllocated: number;
  bitsStored: number;
  bigEndian: boolean;
}

/** sharp decodes JPEG 2000 only when its libvips was built with OpenJPEG. */
export function jpeg2000Supported(): boolean {
  return sharp.format.jp2?.input.buffer === true;
}

export async function decodeFrame(bytes: Buffer, fmt: FrameFormat): Promise<RgbImage> {
  if (fmt.codec === 'native') {
    return decodeNative(bytes, fmt);
  }
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: SLIDE_LIMITS.maxTilePixels })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (e) {
    throw new SlideOpenError(
      'DAMAGED',
      `A DICOM frame could not be decoded: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return toRgb(decoded.data, decoded.info.width, decoded.info.height, decoded.info.channels);
}

/** Grey, grey+alpha, RGB or RGBA → RGB. */
function toRgb(data: Buffer, width: number, height: number, channels: number): RgbImage {
  if (channels === 3) {
    return { width, height, data };
  }
  const out = Buffer.allocUnsafe(width * height * 3);
  const n = width * height;
  for (let i = 0; i < n; i++) {
    if (channels >= 3) {
      out[i * 3] = data[i * channels]!;
      out[i * 3 + 1] = data[i * channels + 1]!;
      out[i * 3 + 2] = data[i * channels + 2]!;
    } else {
      const g = data[i * channels]!;
      out[i * 3] = g;
      out[i * 3 + 1] = g;
      out[i * 3 + 2] = g;
    }
  }
  return { width, height, data: out };
}

function decodeNative(bytes: Buffer, fmt: FrameFormat): RgbImage {
  const { width, height, samples } = fmt;
  const n = width * height;
  const sample = sampleReader(bytes, fmt);
  const out = Buffer.allocUnsafe(n * 3);
  if (samples === 1) {
    const invert = fmt.photometric === 'MONOCHROME1';
    for (let i = 0; i < n; i++) {
      const g = invert ? 255 - sample(i) : sample(i);
      out[i * 3] = g;
      out[i * 3 + 1] = g;
      out[i * 3 + 2] = g;
    }
    return { width, height, data: out };
  }
  // Planar configuration 1 stores all reds, then all greens, then all blues.
  const at =
    fmt.planar === 1
      ? (i: number, c: number) => sample(c * n + i)
      : (i: number, c: number) => sample(i * 3 + c);
  const ybr = fmt.photometric === 'YBR_FULL';
  for (let i = 0; i < n; i++) {
    const a = at(i, 0);
    const b = at(i, 1);
    const c = at(i, 2);
    if (ybr) {
      out[i * 3] = clamp(a + 1.402 * (c - 128));
      out[i * 3 + 1] = clamp(a - 0.344136 * (b - 128) - 0.714136 * (c - 128));
      out[i * 3 + 2] = clamp(a + 1.772 * (b - 128));
    } else {
      out[i * 3] = a;
      out[i * 3 + 1] = b;
      out[i * 3 + 2] = c;
    }
  }
  return { width, height, data: out };
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

/** Sample k of the frame as 0..255 (16-bit samples scaled down by their stored bits). */
function sampleReader(bytes: Buffer, fmt: FrameFormat): (k: number) => number {
  if (fmt.bitsAllocated === 8) {
    return (k) => bytes[k]!;
  }
  const shift = Math.max(0, fmt.bitsStored - 8);
  const mask = fmt.bitsStored >= 16 ? 0xffff : (1 << fmt.bitsStored) - 1;
  return fmt.bigEndian
    ? (k) => Math.min(255, (bytes.readUInt16BE(k * 2) & mask) >> shift)
    : (k) => Math.min(255, (bytes.readUInt16LE(k * 2) & mask) >> shift);
}
