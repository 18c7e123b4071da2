import type { UserDto } from '@pathconsult/shared';
import type { QueryClient } from '@tanstack/react-query';
import { forgetServerState, queryClient } from './query-client';
import { ownUserInfoKey } from './query-keys';
import { clearSession, saveLogin, saveUser } from './session';

/**
 * The two moments a browser session changes hands. Both drop the whole query cache through
 * forgetServerState, so cached answers never outlive the session that fetched them, whether it
 * ended by logout, by a 401, or by somebody else logging in over it.
 */

/** Logout and 401: the cache is dropped, then the stored session (spec §8). */
export function endSession(client: QueryClient = queryClient): void {
  forgetServerState(client);
  clearSession();
}

/** A successful login: whatever the previous session left in the cache goes before the new one starts. */
export function startSession(
  token: string,
  user: UserDto,
  client: QueryClient = queryClient,
): void {
  forgetServerState(client);
  saveLogin(token, user);
}

/**
 * The session user's account was saved (own-account form, or an administrator saving their own
 * row): the server's answer becomes the current user info (spec §7 updateUser) and replaces the
 * cached getUserInfo answer, so the header and the dialogs show it at once.
 */
export function storeCurrentUser(user: UserDto, client: QueryClient = queryClient): void {
  saveUser(user);
  client.setQueryData(ownUserInfoKey(user.iUserId), user);
}
