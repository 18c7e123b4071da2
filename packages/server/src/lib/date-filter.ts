/*
 * Inclusive date filters of the lists (dtStart, dtEnd): a plain date (YYYY-MM-DD) means the whole
 * day in UTC, anything longer the instant it names.
 */

/** The first instant a `dtStart` filter lets in: a plain date means the start of that day. */
export function startOf(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/** The exclusive end of a `dtEnd` filter: the next day for a plain date. */
export function endOf(value: string): Date {
  if (value.length !== 10) {
    return new Date(new Date(value).getTime() + 1);
  }
  return new Date(new Date(`${value}T00:00:00Z`).getTime() + 86_400_000);
}
