import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeZoneSchema } from '@pathconsult/shared';
import { browserTimeZone, timeZoneParam } from './time-zone';

describe('the browser’s time zone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the IANA zone the screen shows times in, and one the server accepts', () => {
    const zone = browserTimeZone();
    expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(timeZoneSchema.safeParse(zone).success).toBe(true);
    expect(timeZoneParam()).toEqual({ strTimeZone: zone });
  });

  it('is left out of requests when the browser has none', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: '',
    } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBeUndefined();
    expect(timeZoneParam()).toEqual({});
  });
});
