/*
 * Time zones as the server's ICU data knows them (Node's Intl). Reports print their times in the
 * reader's zone (the browser's IANA name, sent with the request) or the configured default.
 */

/** The product's home zone: the default of REPORT_TIME_ZONE. */
export const HOME_TIME_ZONE = 'Asia/Shanghai';

/**
 * The zone's name when the server knows the zone, else null (a name the browser knows but an older
 * ICU does not is null too). The name is kept as given: ICU would rename "Asia/Kolkata" to
 * "Asia/Calcutta", which is not what the reader's computer calls it.
 */
export function knownTimeZone(zone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/**
 * The zone to print in: the requested one when known, else the default. An unknown zone is not
 * refused: printing the report in the default zone (which the print says) beats no report.
 */
export function timeZoneOr(requested: string | undefined, fallback: string): string {
  return (requested && knownTimeZone(requested)) || fallback;
}
