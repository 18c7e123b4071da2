import dayjs, { type Dayjs } from 'dayjs';

/** The full time a screenshot was taken, as the app writes times elsewhere (local zone). */
export function screenshotFullTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm');
}

/**
 * The time on a narrow card, short enough for one line of the viewer's 120 px card: this year's
 * screenshots drop the year (a case's screenshots are usually days apart, so day and minute tell
 * them apart); an older one keeps the date only, the minute then says little. The full time shows
 * on hover.
 */
export function screenshotShortTime(iso: string, now: Dayjs = dayjs()): string {
  const taken = dayjs(iso);
  return taken.year() === now.year() ? taken.format('MM-DD HH:mm') : taken.format('YYYY-MM-DD');
}
