import sharp from 'sharp';
import { translate, type Lang } from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

/** Bigger logos are refused before decoding: no header logo needs more pixels. */
const MAX_LOGO_PIXELS = 4096 * 4096;

/**
 * Proves a logo that passed the shared schema (PNG or JPEG data URL, ≤ 200 KB, right first bytes)
 * is a whole picture: every report of the hospital would fail to print with a broken one. A
 * failure is a field error on `strLogo`, as the schema's own would be.
 */
export async function assertLogoDecodes(dataUrl: string, lang: Lang): Promise<void> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_LOGO_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== 'png' && meta.format !== 'jpeg') {
      throw new Error(`logo format ${meta.format}`);
    }
    // Decoding every row proves the data is whole, not just a plausible header.
    await image.raw().toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', {}, [
      { strField: 'strLogo', strMessage: translate('validation.reportTemplate.logoFormat', lang) },
    ]);
  }
}
