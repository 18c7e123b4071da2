import sharp from 'sharp';
import {
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_HEIGHT,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_LABEL,
  SIGNATURE_WIDTH,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const wrongFormat = () => new AppError('SIGNATURE_FORMAT');

/**
 * The PNG bytes of a signature as the client sent it (`data:image/png;base64,…` or bare base64),
 * checked against spec §5: a real PNG (magic bytes, and sharp decodes all of it), exactly
 * 265×150, at most 100 KB. A picture of another type or size is SIGNATURE_FORMAT, a larger one
 * SIGNATURE_TOO_LARGE; nothing is stored that fails.
 */
export async function signaturePngBytes(text: string): Promise<Buffer> {
  let base64 = text;
  if (text.startsWith('data:')) {
    if (!text.toLowerCase().startsWith(SIGNATURE_DATA_URL_PREFIX)) {
      throw wrongFormat();
    }
    base64 = text.slice(SIGNATURE_DATA_URL_PREFIX.length);
  }
  // Buffer.from would skip what is not base64; a strict check keeps garbage out.
  if (!BASE64.test(base64)) {
    throw wrongFormat();
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < PNG_MAGIC.length || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) {
    throw wrongFormat();
  }
  if (bytes.length > SIGNATURE_MAX_BYTES) {
    throw new AppError('SIGNATURE_TOO_LARGE', { max: SIGNATURE_MAX_LABEL });
  }
  try {
    // The pixel limit stops a forged header from making sharp allocate a huge canvas.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 4096 * 4096 });
    const meta = await image.metadata();
    if (
      meta.format !== 'png' ||
      meta.width !== SIGNATURE_WIDTH ||
      meta.height !== SIGNATURE_HEIGHT
    ) {
      throw wrongFormat();
    }
    // Decoding every row proves the data is whole, not just a plausible header.
    await image.raw().toBuffer();
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    throw wrongFormat();
  }
  return bytes;
}
