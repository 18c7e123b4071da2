import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import {
  absoluteExpiry,
  hashSessionToken,
  lastUseOf,
  needsTouch,
  newSessionToken,
  sessionStatus,
} from './tokens';

const policy = { idleMinutes: 30, absoluteHours: 12 };

describe('session tokens', () => {
  it('are long random strings, stored only as a digest', () => {
    const a = newSessionToken();
    expect(Buffer.from(a, 'base64url').length).toBe(32);
    expect(newSessionToken()).not.toBe(a);
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(a)).not.toContain(a);
  });

  it('expire after the idle time without use, and at the absolute limit regardless', () => {
    const clock = new ManualClock();
    const created = clock.now();
    const s = { lastUsedAt: created, expiresAt: absoluteExpiry(created, policy), revokedAt: null };
    clock.advanceMinutes(29);
    expect(sessionStatus(s, clock.now(), policy)).toBe('active');
    clock.advanceMinutes(1);
    expect(sessionStatus(s, clock.now(), policy)).toBe('idle');
    const used = { ...s, lastUsedAt: new Date(created.getTime() + 12 * 3_600_000 - 60_000) };
    clock.advanceMinutes(12 * 60 - 30);
    expect(sessionStatus(used, clock.now(), policy)).toBe('expired');
  });

  it('are refused once revoked, whatever the time', () => {
    const now = new Date();
    const s = { lastUsedAt: now, expiresAt: new Date(now.getTime() + 1e6), revokedAt: now };
    expect(sessionStatus(s, now, policy)).toBe('revoked');
  });

  it('renew the idle timer at most once a minute', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect(needsTouch(t0, new Date(t0.getTime() + 59_000))).toBe(false);
    expect(needsTouch(t0, new Date(t0.getTime() + 60_000))).toBe(true);
  });

  it('take the last use a tab reports, and now for anything else', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    expect(lastUseOf(now, '90')).toEqual(new Date('2026-12-02T09:58:30Z'));
    expect(lastUseOf(now, '0')).toEqual(now);
    // Missing, negative, fractional, a list, or absurdly long: read as use now.
    for (const header of [undefined, '', '-5', '1.5', '12abc', ['30', '40'], '1234567890']) {
      expect(lastUseOf(now, header)).toEqual(now);
    }
    // A week at most: beyond any session's absolute limit anyway.
    expect(lastUseOf(now, '999999999').getTime()).toBe(now.getTime() - 7 * 24 * 3600 * 1000);
  });
});
