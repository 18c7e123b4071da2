import type { UserDto } from '@pathconsult/shared';

export interface UserInfoSaveContext {
  /** Whether the settings dialog is showing the answer. */
  open: boolean;
  /** The user id of the browser session now. */
  sessionUserId: number | null;
  /** What getUserInfo answered (or what the cache holds), if anything. */
  fetched: UserDto | undefined;
}

/**
 * Whether a getUserInfo answer may replace the session's stored user info: only while the
 * settings dialog shows it, and only when it is the account of the session's own user. Cached
 * data of an earlier session, or an answer that arrives after someone else logged in, is never
 * written over the current user's details.
 */
export function mayStoreUserInfo({ open, sessionUserId, fetched }: UserInfoSaveContext): boolean {
  return (
    open && fetched !== undefined && sessionUserId !== null && fetched.iUserId === sessionUserId
  );
}
