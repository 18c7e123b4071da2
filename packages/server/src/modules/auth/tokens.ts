import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: far above the 128 bits ASVS asks of session tokens. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are looked up by this digest; the token itself is never stored. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface SessionTimes {
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export type SessionStatus = 'active' | 'revoked' | 'expired' | 'idle';

/** Whether a session may still be used at `now`: not revoked, within its absolute and idle limits. */
export function sessionStatus(s: SessionTimes, now: Date, policy: SessionPolicy): SessionStatus {
  if (s.revokedAt) {
    return 'revoked';
  }
  if (now.getTime() >= s.expiresAt.getTime()) {
    return 'expired';
  }
  if (now.getTime() - s.lastUsedAt.getTime() >= policy.idleMinutes * 60_000) {
    return 'idle';
  }
  return 'active';
}

/** Renewal writes at most once a minute per session, so reads do not turn into a write each. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export function needsTouch(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

export function absoluteExpiry(createdAt: Date, policy: SessionPolicy): Date {
  return new Date(createdAt.getTime() + policy.absoluteHours * 3_600_000);
}
