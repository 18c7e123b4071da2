/*
 * A session that ended by itself (the server answered 401: idle too long, ended elsewhere) is
 * said on the login page until the next login. The toast that said so lasts a second (spec §9),
 * and someone coming back to the tab after lunch found only the login form, with no reason.
 */

const KEY = 'sessionEnded';

/** The session just ended without a logout (sessionExpired). */
export function markSessionEnded(): void {
  sessionStorage.setItem(KEY, '1');
}

/** Whether the login page should say the last session ended by itself. */
export function sessionEndedBefore(): boolean {
  return sessionStorage.getItem(KEY) !== null;
}

/** Logged in (or out) since: nothing to say any more. */
export function forgetSessionEnded(): void {
  sessionStorage.removeItem(KEY);
}
