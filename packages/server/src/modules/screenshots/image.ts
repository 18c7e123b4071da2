import sharp, { type Metadata } from 'sharp';
import {
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_LABEL,
  SCREENSHOT_MAX_SIDE,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

export interface CheckedImage {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const DATA_URL = /^data:image\/(png|jpeg);base64,/;

/**
 * A screenshot as sent (data URL or bare base64), checked by its content, not by what the client
 * claims: PNG or JPEG by signature, then decoded headers (sharp) for the format and a sane size.
 */
export async function checkScreenshot(encoded: string): Promise<CheckedImage> {
  const base64 = encoded.replace(DATA_URL, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    throw new AppError('SCREENSHOT_INVALID_IMAGE');
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SCREENSHOT_MAX_BYTES) {
    throw new AppError('SCREENSHOT_TOO_LARGE', { max: SCREENSHOT_MAX_LABEL });
  }
  const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const isJpeg = bytes.subarray(0, 3).equals(JPEG_SIGNATURE);
  if (!isPng && !isJpeg) {
    throw new AppError('SCREENSHOT_INVALID_IMAGE');
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch {
    throw new AppError('SCREENSHOT_INVALID_IMAGE');
  }
  const format = isPng ? 'png' : 'jpeg';
  const { width, height } = meta;
  if (meta.format !== format || !width || !height) {
    throw new AppError('SCREENSHOT_INVALID_IMAGE');
  }
  if (width > SCREENSHOT_MAX_SIDE || height > SCREENSHOT_MAX_SIDE) {
    throw new AppError('SCREENSHOT_TOO_LARGE', { max: `${SCREENSHOT_MAX_SIDE} px` });
  }
  return isPng
    ? { bytes, mimeType: 'image/png', extension: 'png', width, height }
    : { bytes, mimeType: 'image/jpeg', extension: 'jpg', width, height };
}
