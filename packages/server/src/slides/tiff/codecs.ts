import sharp from 'sharp';
import { Compression, Photometric } from './tiff-tags';
import type { TiffImage } from './tiff-image';

/**
 * Which stored images the reader can decode. Checked when a slide is opened, so that a file the
 * server cannot show is refused at ingest with the reason, not discovered tile by tile.
 */

/**
 * JPEG 2000 (Aperio 33003/33005) is decoded with sharp when its libvips was built with OpenJPEG.
 * The prebuilt sharp binaries are not (sharp.format.jp2.input.buffer is false), so by default
 * such slides are refused with a message that says so.
 */
export function jpeg2000Available(): boolean {
  return sharp.format.jp2?.input.buffer === true;
}

const JPEG2000 = new Set<number>([
  Compression.AperioJp2kYcbcr,
  Compression.AperioJp2kRgb,
  Compression.Jpeg2000,
]);

/** Decoded by sharp (libvips): the stored block is a complete or tables-spliced image file. */
export function decodedBySharp(compression: number): boolean {
  return (
    compression === Compression.Jpeg ||
    compression === Compression.Webp ||
    JPEG2000.has(compression)
  );
}

export function isJpeg2000(compression: number): boolean {
  return JPEG2000.has(compression);
}

const COMPRESSION_NAMES: Record<number, string> = {
  2: 'CCITT RLE',
  3: 'CCITT Group 3',
  4: 'CCITT Group 4',
  6: 'old-style JPEG',
  32946: 'Deflate',
  33003: 'Aperio JPEG 2000 (YCbCr)',
  33005: 'Aperio JPEG 2000 (RGB)',
  34712: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'Zstandard',
  50001: 'WebP',
  50002: 'JPEG XL',
};

export function compressionName(compression: number): string {
  return COMPRESSION_NAMES[compression] ?? `compression ${compression}`;
}

const RAW_CODECS = new Set<number>([
  Compression.None,
  Compression.Lzw,
  Compression.AdobeDeflate,
  Compression.Deflate,
  Compression.PackBits,
]);

/** Why the pixels of `image` cannot be decoded, or null when they can. */
export function undecodableReason(image: TiffImage): string | null {
  const c = image.compression;
  if (isJpeg2000(c) && !jpeg2000Available()) {
    return (
      `${compressionName(c)} tiles need a JPEG 2000 decoder, and this server's image library ` +
      '(sharp/libvips) was built without OpenJPEG'
    );
  }
  if (!RAW_CODECS.has(c) && !decodedBySharp(c)) {
    return `${compressionName(c)} is not supported`;
  }
  if (image.bitsPerSample.some((bits) => bits !== 8)) {
    return `${image.bitsPerSample.join('/')}-bit samples are not supported (8-bit only)`;
  }
  if (image.sampleFormat !== 1) {
    return 'only unsigned integer samples are supported';
  }
  if (image.planar === 2 && image.samplesPerPixel > 1) {
    return 'separate colour planes (PlanarConfiguration 2) are not supported';
  }
  if (RAW_CODECS.has(c)) {
    const p = image.photometric;
    const grey = p === Photometric.WhiteIsZero || p === Photometric.BlackIsZero;
    if (
      !(grey && image.samplesPerPixel <= 2) &&
      !(p === Photometric.Rgb && image.samplesPerPixel >= 3)
    ) {
      return `photometric interpretation ${p} with ${image.samplesPerPixel} samples is not supported`;
    }
    if (image.predictor !== 1 && image.predictor !== 2) {
      return `predictor ${image.predictor} is not supported`;
    }
  }
  return null;
}
