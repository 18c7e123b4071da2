/**
 * Stable error codes (`strErrorCode` of the envelope). Clients branch on these, never on message text.
 * The HTTP status says whether it is a transport refusal (4xx) or a business failure (200 + iCode 1000).
 */
export const ErrorCode = {
  // transport refusals
  VALIDATION_FAILED: 400,
  NOT_LOGGED_IN: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  LOGIN_LOCKED: 429,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  // business failures (iCode 1000)
  LOGIN_FAILED: 200,
  ACCOUNT_FROZEN: 200,
  ACCOUNT_NOT_ACTIVE: 200,
  HOSPITAL_EXPIRED: 200,
  NOT_CONSULTATION_HOSPITAL: 200,
  IP_NOT_AUTHORIZED: 200,
  SUPERADMIN_PROTECTED: 200,
  OPERATION_FAILED: 200,
  // users and accounts
  USER_NAME_EXISTS: 200,
  MOBILE_EXISTS: 200,
  USER_IN_USE: 200,
  CANNOT_OPERATE_SELF: 200,
  ROLE_NOT_ALLOWED: 200,
  PASSWORD_PATTERN: 200,
  RESET_PASSWORD_ONLY: 200,
  OLD_PASSWORD_WRONG: 200,
  PASSWORD_SAME_AS_OLD: 200,
  // hospitals and groups
  HOSPITAL_NAME_EXISTS: 200,
  HOSPITAL_IN_USE: 200,
  GROUP_NAME_EXISTS: 200,
  GROUP_NEEDS_CENTER: 200,
  GROUP_HOSPITAL_LIMIT: 200,
  HOSPITAL_IN_OTHER_GROUP: 200,
} as const satisfies Record<string, number>;

export type ErrorCodeName = keyof typeof ErrorCode;

export function httpStatusOf(code: ErrorCodeName): number {
  return ErrorCode[code];
}

/** iCode values of the envelope. */
export const ICode = { Success: 0, Failure: 1000 } as const;
