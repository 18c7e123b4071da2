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
  // roles, schedules, registration, forgot password, feedback (issue 3)
  ADMIN_ROLE_NAME_EXISTS: 200,
  ADMIN_ROLE_IN_USE: 200,
  PRIVILEGE_NOT_HELD: 200,
  NOT_AN_ADMINISTRATOR: 200,
  NOT_AN_EXPERT: 200,
  SIGNATURE_FORMAT: 200,
  SIGNATURE_TOO_LARGE: 200,
  CAPTCHA_WRONG: 200,
  REGISTRATION_NOT_PENDING: 200,
  REGISTRATION_REJECTED: 200,
  VERIFICATION_CODE_WRONG: 200,
  CODE_TOO_FREQUENT: 200,
  SMS_SEND_FAILED: 200,
  FEEDBACK_IMAGE_FORMAT: 200,
  FEEDBACK_IMAGE_TOO_LARGE: 200,
  USER_UNDER_REVIEW: 200,
  // cases (issue 4)
  CASE_STATE_CHANGED: 200,
  PATHOLOGY_NUMBER_TAKEN: 200,
  CASE_NOT_OWNED: 200,
  CASE_ALREADY_VIEWED: 200,
  MEDICAL_ORDER_EXISTS: 200,
  PATHOLOGY_NUMBER_EXHAUSTED: 200,
  // batch case import (issue 4 part 6)
  IMPORT_FILE_TYPE: 200,
  IMPORT_FILE_TOO_LARGE: 200,
  IMPORT_TOO_MANY_ROWS: 200,
  IMPORT_NO_ROWS: 200,
  IMPORT_NO_COLUMNS: 200,
} as const satisfies Record<string, number>;

export type ErrorCodeName = keyof typeof ErrorCode;

export function httpStatusOf(code: ErrorCodeName): number {
  return ErrorCode[code];
}

/** iCode values of the envelope. */
export const ICode = { Success: 0, Failure: 1000 } as const;
