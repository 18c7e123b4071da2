import { z } from 'zod';

/** Longest IANA zone name in use is 32 characters ("America/Argentina/ComodRivadavia"). */
const TIME_ZONE_MAX = 64;

/**
 * An IANA time zone name as a browser reports it (`Intl.DateTimeFormat().resolvedOptions()
 * .timeZone`): "Asia/Shanghai", "UTC", "America/Argentina/Buenos_Aires", "Etc/GMT-8". Only the
 * shape is checked here; whether a zone exists is for the server's own time zone data to say, as
 * that is what formats the times (lib/time-zone.ts).
 */
export const timeZoneSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(TIME_ZONE_MAX, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/, { error: 'validation.invalid' })
  .describe('IANA time zone name, e.g. `Asia/Shanghai`');
