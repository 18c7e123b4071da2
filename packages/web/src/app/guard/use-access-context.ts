import { useConfig } from '@/features/config/api/get-config';
import { useMyPrivileges } from '@/features/privileges/api/privileges';
import { isLoggedIn } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import type { AccessContext } from './access';

/**
 * What decideAccess needs to know about the session. The route guard and the tab bar both read it,
 * so that a screen the guard refuses never gets a tab (it would only lead to /403 again).
 */
export function useAccessContext(): AccessContext {
  const session = useSession();
  return {
    loggedIn: isLoggedIn(session),
    role: session.iRoleType,
    config: useConfig(),
    privileges: useMyPrivileges(),
  };
}
