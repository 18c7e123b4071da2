/**
 * What the forgot-password page hands to the login page through the router's location state, so
 * that the login page says the password was reset (a toast would be gone in a second).
 */
export const PASSWORD_RESET_NOTICE = { notice: 'passwordReset' } as const;

export function isPasswordResetNotice(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { notice?: unknown }).notice === PASSWORD_RESET_NOTICE.notice
  );
}
