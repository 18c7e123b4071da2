import { describe, expect, it } from 'vitest';
import { knownTimeZone, timeZoneOr } from './time-zone';

describe('time zones', () => {
  it('knows IANA zones and keeps their names as the browser gave them', () => {
    expect(knownTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('Etc/GMT-8')).toBe('Etc/GMT-8');
    expect(knownTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(knownTimeZone('')).toBeNull();
  });

  it('falls back to the default for a missing or unknown zone', () => {
    expect(timeZoneOr('Europe/Berlin', 'Asia/Shanghai')).toBe('Europe/Berlin');
    expect(timeZoneOr(undefined, 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(timeZoneOr('Mars/Olympus_Mons', 'Asia/Shanghai')).toBe('Asia/Shanghai');
  });
});
