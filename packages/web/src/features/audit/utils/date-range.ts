import type { Dayjs } from 'dayjs';

/** Quick ranges of spec §9: yesterday, last 7 days, last 30 days (each including today). */
export function quickRanges(
  now: Dayjs,
): Record<'yesterday' | 'last7Days' | 'last30Days', [Dayjs, Dayjs]> {
  const today = now.startOf('day');
  return {
    yesterday: [today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')],
    last7Days: [today.subtract(6, 'day'), now.endOf('day')],
    last30Days: [today.subtract(29, 'day'), now.endOf('day')],
  };
}

/**
 * The query bounds of a picked local date range. The user picks days in their own time zone, so
 * the bounds are sent as instants (start of the first day, end of the last) rather than dates,
 * which the server would read as UTC days.
 */
export function rangeToQuery(range: [Dayjs, Dayjs] | null | undefined): {
  dtStart?: string;
  dtEnd?: string;
} {
  if (!range) {
    return {};
  }
  return {
    dtStart: range[0].startOf('day').toISOString(),
    dtEnd: range[1].endOf('day').toISOString(),
  };
}
