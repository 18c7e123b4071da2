import { describe, expect, it } from 'vitest';
import { timeZoneSchema } from './time-zone';

describe('timeZoneSchema', () => {
  it('takes the zone names browsers report', () => {
    for (const zone of [
      'Asia/Shanghai',
      'UTC',
      'Etc/GMT-8',
      'Etc/GMT+10',
      'America/Argentina/Buenos_Aires',
      'America/Port-au-Prince',
    ]) {
      expect(timeZoneSchema.safeParse(zone).success, zone).toBe(true);
    }
  });

  it('refuses what is no zone name: offsets, paths, markup, overlong texts', () => {
    for (const zone of ['', '+08:00', '../etc/passwd', '/Asia', 'Asia/', '<b>', 'Asia Shanghai']) {
      expect(timeZoneSchema.safeParse(zone).success, zone).toBe(false);
    }
    expect(timeZoneSchema.safeParse(`A/${'x'.repeat(70)}`).success).toBe(false);
  });
});
