/**
 * Validation rules of spec §5 shared by forms and server. Each is a plain predicate so that zod
 * schemas, antd form rules and tests use the same definition.
 */

/** 11 digits starting with 1 (mainland China mobile numbers). */
export const MOBILE_PATTERN = /^1\d{10}$/;

/** 18-digit resident ID: 17 digits and a check character (digit or X), with a plausible birth date. */
export const ID_NUMBER_PATTERN =
  /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/gu;

/** User names need at least 2 Chinese characters or at least 4 other characters (spec §5). */
export function isValidUserName(name: string): boolean {
  const trimmed = name.trim();
  const cjkCount = trimmed.match(CJK)?.length ?? 0;
  if (cjkCount >= 2) {
    return true;
  }
  return trimmed.length >= 4;
}

/** The ID number's check character by ISO 7064 MOD 11-2 (GB 11643). */
export function isValidIdNumber(id: string): boolean {
  if (!ID_NUMBER_PATTERN.test(id)) {
    return false;
  }
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    sum += Number(id[i]) * (weights[i] ?? 0);
  }
  return checks[sum % 11] === id[17]?.toUpperCase();
}

export const PASSWORD_MIN_LENGTH = 6;

/**
 * Whether a password satisfies the minimum length and, when one is configured, the pattern
 * (`pwdRules` of the global configuration). An unparsable pattern is ignored rather than locking
 * every user out; the configuration screen refuses to save one.
 */
export function isPasswordAcceptable(password: string, pattern?: string | null): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return false;
  }
  if (!pattern) {
    return true;
  }
  try {
    return new RegExp(pattern).test(password);
  } catch {
    return true;
  }
}

/** `host:port` of the spec's internal and external IP fields: an IPv4 address or host name, a port. */
export const HOST_PORT_PATTERN =
  /^(?:(?:\d{1,3}\.){3}\d{1,3}|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*):(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5])$/;
