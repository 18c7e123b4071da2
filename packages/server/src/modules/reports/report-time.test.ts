import { describe, expect, it } from 'vitest';
import { reportDateTime } from './report-time';

describe('report times', () => {
  const at = new Date('2026-03-04T07:41:00Z');

  it('print in the zone asked for, not the server’s', () => {
    expect(reportDateTime(at, 'UTC')).toBe('2026/03/04 07:41');
    expect(reportDateTime(at, 'Asia/Shanghai')).toBe('2026/03/04 15:41');
    expect(reportDateTime(at, 'America/Los_Angeles')).toBe('2026/03/03 23:41');
  });

  it('follow daylight saving time and print midnight as 00', () => {
    // Berlin: UTC+1 in winter, UTC+2 from the last Sunday of March.
    expect(reportDateTime(new Date('2026-03-01T12:00:00Z'), 'Europe/Berlin')).toBe(
      '2026/03/01 13:00',
    );
    expect(reportDateTime(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe(
      '2026/07/01 14:00',
    );
    expect(reportDateTime(new Date('2026-03-04T16:00:00Z'), 'Asia/Shanghai')).toBe(
      '2026/03/05 00:00',
    );
  });
});
