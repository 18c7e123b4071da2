import { SlideOpenError } from '../../slides/slide-source';

/**
 * Why the slide engine refused a finished upload, stored in slide_documents.fail_reason as an
 * error code (shared errors.ts / messages.ts) so that each reader sees it in their own language.
 */
export type IngestFailReason =
  | 'SLIDE_UNREADABLE'
  | 'SLIDE_FORMAT_UNSUPPORTED'
  | 'SLIDE_TOO_LARGE'
  | 'SLIDE_OPENSLIDE_MISSING'
  | 'SLIDE_INGEST_TIMEOUT';

export function failReasonOf(error: unknown): IngestFailReason {
  if (error instanceof SlideOpenError) {
    switch (error.reason) {
      case 'TOO_LARGE':
        return 'SLIDE_TOO_LARGE';
      case 'UNSUPPORTED_FORMAT':
        return 'SLIDE_FORMAT_UNSUPPORTED';
      case 'OPENSLIDE_MISSING':
        return 'SLIDE_OPENSLIDE_MISSING';
      case 'NOT_A_SLIDE':
      case 'DAMAGED':
        return 'SLIDE_UNREADABLE';
    }
  }
  // Anything else a reader throws (a tile libjpeg cannot decode, a broken structure it did not
  // foresee) is a file the engine cannot read.
  return 'SLIDE_UNREADABLE';
}

/** System errors that say nothing about the file: the server's own state or resources. */
const ENVIRONMENT_CODES = new Set([
  'ENOENT',
  'EACCES',
  'EPERM',
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'ENOSPC',
  'EAGAIN',
  'EROFS',
]);

/**
 * Whether an error is the server's problem rather than the slide's (files gone or unreachable,
 * out of handles or disk): the slide is then left to be ingested again at the next start
 * instead of being marked failed for good.
 */
export function isEnvironmentError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ENVIRONMENT_CODES.has(code);
}
