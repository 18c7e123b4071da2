import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { screenshotFullTime, screenshotShortTime } from './screenshot-time';

// Times written without a zone are read in the local zone, as the browser reads the server's.
const now = dayjs('2026-11-25T10:00:00');

describe('the time on a screenshot card', () => {
  it('drops the year of this year’s screenshots on a narrow card', () => {
    expect(screenshotShortTime('2026-03-04T09:05:00', now)).toBe('03-04 09:05');
  });

  it('keeps only the date of an older one', () => {
    expect(screenshotShortTime('2025-12-31T23:59:00', now)).toBe('2025-12-31');
  });

  it('writes the full time to the minute', () => {
    expect(screenshotFullTime('2025-12-31T23:59:00')).toBe('2025-12-31 23:59');
  });
});
