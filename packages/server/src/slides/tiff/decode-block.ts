import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import sharp from 'sharp';
import { cropRgb } from '../rgb';
import { SLIDE_LIMITS, type RgbImage } from '../slide-source';
import { decodedBySharp } from './codecs';
import { spliceJpegTile } from '../jpeg-markers';
import { decodeLzw } from './lzw';
import { decodePackBits } from './packbits';
import { undoHorizontalPredictor } from './predictor';
import { Compression, Photometric } from './tiff-tags';
import type { TiffImage } from './tiff-image';

const inflateAsync = promisify(inflate);

/**
 * Decodes one stored tile or strip to RGB and crops it to `validWidth`×`validHeight` (edge tiles
 * are stored padded). `storedRows` is how many rows the block holds: the tile height, or for the
 * last strip only the rows left in the image.
 */
export async function decodeBlock(
  image: TiffImage,
  stored: Buffer,
  storedRows: number,
  validWidth: number,
  validHeight: number,
): Promise<RgbImage> {
  const decoded = decodedBySharp(image.compression)
    ? await decodeWithSharp(image, stored)
    : await decodeRaw(image, stored, storedRows);
  if (decoded.width < validWidth || decoded.height < validHeight) {
    throw new Error(
      `block decoded to ${decoded.width}x${decoded.height}, ${validWidth}x${validHeight} expected`,
    );
  }
  return cropRgb(decoded, 0, 0, validWidth, validHeight);
}

/** JPEG (tables spliced in), WebP, JPEG 2000: complete image streams libvips decodes. */
async function decodeWithSharp(image: TiffImage, stored: Buffer): Promise<RgbImage> {
  const input =
    image.compression === Compression.Jpeg
      ? spliceJpegTile(stored, image.jpegTables, image.photometric === Photometric.Rgb)
      : stored;
  // failOn 'error': libjpeg warnings (e.g. stray bytes after a tile) are tolerated, as OpenSlide does.
  // The limit is checked against the stream's own header before decoding: a JPEG declaring a
  // far larger frame than the TIFF tile it sits in is refused, not allocated.
  const { data, info } = await sharp(input, {
    failOn: 'error',
    limitInputPixels: SLIDE_LIMITS.maxTilePixels,
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  let rgb = toRgb(
    data,
    pixels,
    info.channels,
    Photometric.BlackIsZero,
    info.channels === 4 || info.channels === 2 ? 2 : 0,
  );
  if (image.compression === Compression.AperioJp2kYcbcr) {
    // Aperio 33003 codestreams hold Y, Cb, Cr components with no colour transform recorded;
    // OpenSlide converts them to RGB itself.
    rgb = ycbcrToRgb(rgb);
  }
  return { width: info.width, height: info.height, data: rgb };
}

/** Uncompressed, LZW, Deflate, PackBits: bytes of samples, then predictor, then to RGB. */
async function decodeRaw(image: TiffImage, stored: Buffer, storedRows: number): Promise<RgbImage> {
  const spp = image.samplesPerPixel;
  const expected = image.blockWidth * storedRows * spp;
  let samples: Buffer;
  switch (image.compression) {
    case Compression.None:
      samples = stored;
      break;
    case Compression.Lzw:
      samples = decodeLzw(stored, expected);
      break;
    case Compression.AdobeDeflate:
    case Compression.Deflate:
      // Bounded: a crafted stream cannot inflate past one full block.
      samples = await inflateAsync(stored, {
        maxOutputLength: image.blockWidth * image.blockHeight * spp + 1024,
      });
      break;
    case Compression.PackBits:
      samples = decodePackBits(stored, expected);
      break;
    default:
      throw new Error(`compression ${image.compression} cannot be decoded here`);
  }
  if (samples.length < expected) {
    throw new Error(`block holds ${samples.length} bytes, ${expected} expected`);
  }
  if (image.predictor === 2) {
    if (samples === stored) {
      samples = Buffer.from(stored);
    }
    undoHorizontalPredictor(samples, image.blockWidth, storedRows, spp);
  }
  const alphaMode = image.extraSamples[0] ?? 0;
  const data = toRgb(samples, image.blockWidth * storedRows, spp, image.photometric, alphaMode);
  return { width: image.blockWidth, height: storedRows, data };
}

/**
 * Interleaved 8-bit samples to RGB: grey (WhiteIsZero inverted), grey+alpha, RGB, RGB+extra.
 * Alpha (ExtraSamples 1 = premultiplied, 2 = straight) is flattened onto white, the background
 * of a slide; unspecified extra samples are ignored.
 */
function toRgb(
  samples: Buffer,
  pixels: number,
  channels: number,
  photometric: number,
  alphaMode: number,
): Buffer {
  if (channels === 3 && samples.length === pixels * 3) {
    return samples;
  }
  const out = Buffer.allocUnsafe(pixels * 3);
  const grey = channels < 3;
  const alphaIndex = grey ? 1 : 3;
  const hasAlpha = channels > alphaIndex && (alphaMode === 1 || alphaMode === 2);
  const invert = photometric === Photometric.WhiteIsZero;
  for (let p = 0, s = 0, o = 0; p < pixels; p++, s += channels, o += 3) {
    let r: number;
    let g: number;
    let b: number;
    if (grey) {
      const v = samples[s] ?? 0;
      r = g = b = invert ? 255 - v : v;
    } else {
      r = samples[s] ?? 0;
      g = samples[s + 1] ?? 0;
      b = samples[s + 2] ?? 0;
    }
    if (hasAlpha) {
      const a = samples[s + alphaIndex] ?? 255;
      if (alphaMode === 1) {
        r = Math.min(255, r + 255 - a);
        g = Math.min(255, g + 255 - a);
        b = Math.min(255, b + 255 - a);
      } else {
        r = Math.round((r * a) / 255 + 255 - a);
        g = Math.round((g * a) / 255 + 255 - a);
        b = Math.round((b * a) / 255 + 255 - a);
      }
    }
    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
  }
  return out;
}

/** Full-range (JFIF) YCbCr to RGB, in place. */
function ycbcrToRgb(data: Buffer): Buffer {
  const clamp = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let i = 0; i < data.length; i += 3) {
    const y = data[i] ?? 0;
    const cb = (data[i + 1] ?? 128) - 128;
    const cr = (data[i + 2] ?? 128) - 128;
    data[i] = clamp(y + 1.402 * cr);
    data[i + 1] = clamp(y - 0.344136 * cb - 0.714136 * cr);
    data[i + 2] = clamp(y + 1.772 * cb);
  }
  return data;
}
