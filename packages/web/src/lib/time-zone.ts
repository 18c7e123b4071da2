/**
 * The browser's IANA time zone ("Asia/Shanghai", "UTC"): the zone every time on screen is shown
 * in (dayjs formats in local time). Server-made documents (report PDFs) are asked to print their
 * times in it too, so that the paper says what the screen says. Undefined when the browser gives
 * none: the server then prints in its configured zone.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** `{ strTimeZone }` for a request when the browser has a zone, else nothing. */
export function timeZoneParam(): { strTimeZone?: string } {
  const zone = browserTimeZone();
  return zone ? { strTimeZone: zone } : {};
}
