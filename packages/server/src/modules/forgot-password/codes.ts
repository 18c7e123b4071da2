import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VerificationCodeRules } from '@pathconsult/shared';

/** A verification code: six digits from the operating system's random source. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** VerificationCodeRules.length)).padStart(
    VerificationCodeRules.length,
    '0',
  );
}

const digest = (salt: string, mobile: string, code: string) =>
  createHash('sha256').update(`${salt}:${mobile}:${code}`).digest();

/**
 * What is stored of a code: `salt:sha256(salt:mobile:code)`. A million six-digit codes are no
 * match for any hash against someone holding the database; the hash keeps live codes out of
 * backups, logs and casual reads, and expiry (5 minutes) and single use do the rest.
 */
export function hashCode(mobile: string, code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, mobile, code).toString('hex')}`;
}

/** Whether `code` is the one stored, compared in constant time. */
export function codeMatches(stored: string, mobile: string, code: string): boolean {
  const [salt = '', hex = ''] = stored.split(':');
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, mobile, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
