/*
 * Whether the page before this one in the tab is the platform's, for "Back" on screens that have
 * nothing to show (use-go-back.ts). The browser tells only how long the tab's history is, other
 * sites' pages included: a link opened in a tab that had been elsewhere went Back out of the
 * platform. The router numbers the entries it makes within one page load (`idx`); a new load (an
 * address typed, a link from a message) starts again at 0, so the tab's history length when the
 * platform first loaded in it is kept too: entries beyond it are the platform's.
 */

const KEY = 'tabHistoryStart';

/** Called as the app starts: notes the tab's history length the first time the platform loads. */
export function noteTabStart(): void {
  if (sessionStorage.getItem(KEY) === null) {
    sessionStorage.setItem(KEY, String(window.history.length));
  }
}

/** Whether the entry before this one in the tab's history is the platform's. */
export function cameFromPlatform(): boolean {
  const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) {
    return true;
  }
  const start = Number(sessionStorage.getItem(KEY) ?? window.history.length);
  return window.history.length > start;
}
