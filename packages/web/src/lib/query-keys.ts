/**
 * Cache keys that more than one part of the app touches. The getUserInfo answer about the session's
 * own account is read by the account dialogs (features/auth) and replaced whenever that account is
 * saved (lib/session-lifecycle.ts storeCurrentUser).
 */
export function ownUserInfoKey(iUserId: number | null) {
  return ['auth', 'userInfo', iUserId] as const;
}
