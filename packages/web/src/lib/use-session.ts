import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionSnapshot } from './session';

/** The current browser session; re-renders on login, logout and 401. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession);
}
