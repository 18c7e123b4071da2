/**
 * The HTTP error catalogue of spec §8: which text (errors namespace) a transport failure shows.
 * Pure, so that the table is unit tested; api-client.ts applies it.
 */

const CATALOGUE = new Set([400, 401, 403, 408, 500, 501, 502, 503, 504, 505]);

/** Statuses whose refusals carry a useful localized server message (rate limits, size limits). */
const SERVER_WORDED = new Set([413, 429]);

export type HttpErrorText =
  /** Catalogue text, e.g. `http.500`. */
  | { kind: 'catalogue'; key: string }
  /** The server's localized strMessage when it sent one, else the "link error" text. */
  | { kind: 'server'; fallbackKey: string }
  /** Nothing is shown (404, spec §8). */
  | { kind: 'silent' };

export function httpErrorText(status: number): HttpErrorText {
  if (status === 404) {
    return { kind: 'silent' };
  }
  if (CATALOGUE.has(status)) {
    return { kind: 'catalogue', key: `http.${status}` };
  }
  if (SERVER_WORDED.has(status)) {
    return { kind: 'server', fallbackKey: 'http.other' };
  }
  return { kind: 'catalogue', key: 'http.other' };
}

/**
 * "The same message at most once a second" (spec §8, §9): answers whether a toast with this text
 * may be shown now, remembering when each text was last shown.
 */
export function createToastGate(windowMs: number, now: () => number): (text: string) => boolean {
  const lastShown = new Map<string, number>();
  return (text) => {
    const at = now();
    const last = lastShown.get(text);
    if (last !== undefined && at - last < windowMs) {
      return false;
    }
    lastShown.set(text, at);
    // Forget old entries so that a long session does not grow the map without bound.
    if (lastShown.size > 50) {
      for (const [key, time] of lastShown) {
        if (at - time >= windowMs) {
          lastShown.delete(key);
        }
      }
    }
    return true;
  };
}
