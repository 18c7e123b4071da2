import { api } from '@/lib/api-client';
import { forgetReturnTo } from '@/lib/return-to';
import { forgetSessionEnded } from '@/lib/session-ended';
import { endSession } from '@/lib/session-lifecycle';

/**
 * Ends the session on the server, then in the browser whatever the server answered: a user who
 * asked to log out must end up logged out even when the server cannot be reached. The browser
 * side drops the stored session and the whole query cache.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('user/logout');
  } catch {
    // already shown by the client if it matters; the local session is cleared below anyway
  }
  forgetReturnTo();
  forgetSessionEnded();
  endSession();
}
