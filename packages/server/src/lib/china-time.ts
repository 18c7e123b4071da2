/**
 * Calendar days of cases are China Standard Time (UTC+8, the product's home zone, no daylight
 * saving): a date typed in a form or a list filter means that day in China, whatever the zone of
 * the server or the browser.
 */
const CST_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

const isPlainDate = (value: string) => value.length === 10;

/** An instant from a form or filter value: a plain date is the start of that day in China. */
export function chinaInstant(value: string): Date {
  return isPlainDate(value) ? new Date(`${value}T00:00:00+08:00`) : new Date(value);
}

/** The exclusive end of an inclusive "until" filter: the next China day for a plain date. */
export function chinaEndExclusive(value: string): Date {
  return isPlainDate(value)
    ? new Date(chinaInstant(value).getTime() + DAY_MS)
    : new Date(new Date(value).getTime() + 1);
}

/** The China calendar day (YYYY-MM-DD) of a form value: as typed, or the day of an instant. */
export function chinaDay(value: string): string {
  if (isPlainDate(value)) {
    return value;
  }
  return new Date(new Date(value).getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}
