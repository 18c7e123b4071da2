import { httpStatusOf, type ErrorCodeName, type MessageKey } from '@pathconsult/shared';

/**
 * The one error type services throw. Its code decides the HTTP status (transport refusals) or a
 * business failure (200 with iCode 1000); the error handler localizes the message.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCodeName,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    /**
     * Parameters that are messages themselves (a stored failure reason such as
     * SLIDE_CONTENT_MISMATCH), put into the message in the caller's language with `params`.
     */
    readonly messageParams: Record<string, MessageKey> = {},
  ) {
    super(code);
    this.status = httpStatusOf(code);
  }
}

/** Another hospital's record answers exactly as a missing one. */
export const notFound = () => new AppError('NOT_FOUND');
