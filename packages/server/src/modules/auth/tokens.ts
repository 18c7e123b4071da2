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

/** The longest idle time a client may report: beyond any session's absolute limit. */
const MAX_REPORTED_IDLE_SECONDS = 7 * 24 * 3600;

/**
 * When the person last used the session, from the web app's `x-idle-seconds` header (seconds since
 * the last key, click, touch or pointer move in the tab that sent it). Its background calls (unread
 * notices every minute, privileges, a slide's token) send it, so a tab left open no longer keeps
 * its session alive for ever; calls without it (an upload's chunks, other clients) count as use
 * now. A value that is not a whole number of seconds is read as none.
 */
export function lastUseOf(now: Date, idleHeader: unknown): Date {
  if (typeof idleHeader !== 'string' || !/^\d{1,9}$/.test(idleHeader)) {
    return now;
  }
  const idle = Math.min(Number(idleHeader), MAX_REPORTED_IDLE_SECONDS);
  return new Date(now.getTime() - idle * 1000);
}

export function absoluteExpiry(createdAt: Date, policy: SessionPolicy): Date {
  return new Date(createdAt.getTime() + policy.absoluteHours * 3_600_000);
}
