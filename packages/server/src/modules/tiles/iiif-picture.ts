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

/** Luma weights of ITU-R BT.601, as JPEG's own colour conversion, in each of three rows. */
const LUMA_ROW: [number, number, number] = [0.299, 0.587, 0.114];
const LUMA: [typeof LUMA_ROW, typeof LUMA_ROW, typeof LUMA_ROW] = [LUMA_ROW, LUMA_ROW, LUMA_ROW];

/**
 * The IIIF picture of rendered pixels: mirrored, then rotated, then greyed, then encoded. The
 * plain case (colour JPEG, upright) goes through libjpeg-turbo like Deep Zoom tiles; the rest
 * through sharp, whose work runs on libvips's threads: done pixel by pixel in JavaScript, a
 * mirrored and turned full-size region held every other request for seconds.
 */
export async function presentIiif(img: RgbImage, how: IiifPresentation): Promise<Buffer> {
  if (how.format === 'jpg' && !how.mirror && how.degrees === 0 && !how.gray) {
    return encodeJpeg(img, TILE_JPEG_QUALITY);
  }
  // sharp mirrors before it rotates, whatever the order of the calls: IIIF's order too.
  let pipeline = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  if (how.mirror) {
    pipeline = pipeline.flop();
  }
  if (how.degrees !== 0) {
    pipeline = pipeline.rotate(how.degrees);
  }
  if (how.gray) {
    // Luma as the picture's one channel (a grey PNG or JPEG has one channel, not three).
    pipeline = pipeline.recomb(LUMA).extractChannel(0);
  }
  if (how.format === 'png') {
    return pipeline.png().toBuffer();
  }
  if (how.format === 'webp') {
    return pipeline.webp({ quality: TILE_JPEG_QUALITY }).toBuffer();
  }
  return pipeline.jpeg({ quality: TILE_JPEG_QUALITY }).toBuffer();
}
