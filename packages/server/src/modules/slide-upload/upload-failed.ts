import { isMessageKey } from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';
import type { DocumentRow } from './lookup';

/**
 * SLIDE_UPLOAD_FAILED for an upload that failed: its reason is stored as a code and shown in
 * the caller's language (not as the code itself).
 */
export function uploadFailedError(
  doc: Pick<DocumentRow, 'failReason' | 'displayName' | 'fileType'>,
): AppError {
  const reason = doc.failReason ?? '';
  return isMessageKey(reason)
    ? new AppError(
        'SLIDE_UPLOAD_FAILED',
        { name: doc.displayName, type: doc.fileType.toUpperCase(), reason: '' },
        null,
        { reason },
      )
    : new AppError('SLIDE_UPLOAD_FAILED', { reason });
}
