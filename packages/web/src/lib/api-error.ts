import type { FieldError } from '@pathconsult/shared';

/**
 * A failed API call. `httpStatus` is 200 for a business failure (iCode 1000), the HTTP status for
 * a transport refusal, 0 when no answer arrived. `strErrorCode` is the stable code to branch on.
 */
export class ApiError extends Error {
  readonly strErrorCode: string | undefined;
  readonly strMessage: string;
  readonly httpStatus: number;
  readonly fieldErrors: FieldError[];
  /**
   * What the server's message was made of (its code's values, and values that are codes
   * themselves): enough to show the same message again in another language (serverMessageIn).
   */
  readonly errorParams: Record<string, string | number>;
  readonly errorMessageParams: Record<string, string>;
  /** Whether the client already showed a toast for it, so callers do not show it twice. */
  readonly shown: boolean;

  constructor(init: {
    strMessage: string;
    httpStatus: number;
    strErrorCode?: string;
    fieldErrors?: FieldError[];
    errorParams?: Record<string, string | number>;
    errorMessageParams?: Record<string, string>;
    shown?: boolean;
  }) {
    super(init.strMessage);
    this.name = 'ApiError';
    this.strMessage = init.strMessage;
    this.httpStatus = init.httpStatus;
    this.strErrorCode = init.strErrorCode;
    this.fieldErrors = init.fieldErrors ?? [];
    this.errorParams = init.errorParams ?? {};
    this.errorMessageParams = init.errorMessageParams ?? {};
    this.shown = init.shown ?? false;
  }

  get isBusiness(): boolean {
    return this.httpStatus === 200;
  }
}
