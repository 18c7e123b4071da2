import { FEEDBACK_IMAGE_MAX_BYTES, sniffImageKind } from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

/** A `data:<anything>;base64,<payload>` URL; the claimed type is not trusted. */
const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,([A-Za-z0-9+/]*={0,2})$/;

export interface FeedbackImage {
  /** The image again as a data URL, now of the type its bytes show. */
  dataUrl: string;
  bytes: number;
}

/**
 * Checks a feedback image sent as a base64 data URL: PNG or JPEG by its first bytes (a renamed GIF
 * with a `data:image/png` prefix is refused), at most 100 KB once decoded (spec §5). Throws the
 * business errors FEEDBACK_IMAGE_FORMAT or FEEDBACK_IMAGE_TOO_LARGE.
 */
export function decodeFeedbackImage(dataUrl: string): FeedbackImage {
  const match = DATA_URL.exec(dataUrl);
  const payload = match?.[1];
  if (!payload || payload.length % 4 !== 0) {
    throw new AppError('FEEDBACK_IMAGE_FORMAT');
  }
  const bytes = Buffer.from(payload, 'base64');
  const kind = sniffImageKind(bytes.subarray(0, 8));
  if (!kind) {
    throw new AppError('FEEDBACK_IMAGE_FORMAT');
  }
  if (bytes.length > FEEDBACK_IMAGE_MAX_BYTES) {
    throw new AppError('FEEDBACK_IMAGE_TOO_LARGE');
  }
  return { dataUrl: `data:image/${kind};base64,${payload}`, bytes: bytes.length };
}
