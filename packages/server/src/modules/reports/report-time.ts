/*
 * Times on a report print in the document's zone (ReportDocument.timeZone): the reader's browser
 * zone, so that the paper says what the screen said, or the server's REPORT_TIME_ZONE.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one reads the zone's rules, a report prints several times. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `YYYY/MM/DD HH:mm` in the given IANA zone, whatever the zone of the server. */
export function reportDateTime(date: Date, timeZone: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatIn(timeZone).formatToParts(date)) {
    part[p.type] = p.value;
  }
  return `${part.year}/${part.month}/${part.day} ${part.hour}:${part.minute}`;
}
