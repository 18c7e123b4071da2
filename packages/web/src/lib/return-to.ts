/*
 * Where to go back to after logging in: the screen a link opened, or the one a session expired
 * on (a slide sent in a message, a case left open over lunch). Without it every login led to the
 * workspace's home and the link was lost. Kept in this tab's sessionStorage, taken once.
 */

const KEY = 'returnTo';
/**
 * When an explicit logout happened: the screen the guards send to the login page as that session
 * ends is not remembered (a link opened later, logged out, is).
 */
const LOGGED_OUT = 'returnToLoggedOut';
const LOGOUT_SETTLES_MS = 2_000;

const justLoggedOut = () =>
  Date.now() - Number(sessionStorage.getItem(LOGGED_OUT) ?? 0) < LOGOUT_SETTLES_MS;

/** An address of this app worth coming back to: a screen, not the login or the home page. */
function isReturnable(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !/^\/(login|register|forget)?(\?|$)/.test(path) &&
    !/^\/workplace(\?|$)/.test(path)
  );
}

/** Remembers `path` (router path with its query, "/ShowSlide?id=12") for after the login. */
export function rememberReturnTo(path: string): void {
  if (isReturnable(path) && !justLoggedOut()) {
    sessionStorage.setItem(KEY, path);
  }
}

/** The remembered path, forgotten as it is read; null when there is none. */
export function takeReturnTo(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(LOGGED_OUT);
  return path !== null && isReturnable(path) ? path : null;
}

/**
 * An explicit logout: the next user of the tab starts at home, not on the screen the last one
 * left (the guards would remember it as the session ends).
 */
export function forgetReturnTo(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.setItem(LOGGED_OUT, String(Date.now()));
}
