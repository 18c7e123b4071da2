import type { ReactNode } from 'react';
import type { RoleTypeCode } from '@pathconsult/shared';
import { hasRole } from '@/lib/authority';
import { useSession } from '@/lib/use-session';

interface AuthorizedProps {
  /** Roles that see the content (spec §6 role codes). */
  roles: readonly RoleTypeCode[];
  /** Shown to every other role; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * The authorization wrapper of spec §2: renders its content only when the session role is one of
 * `roles`, otherwise `fallback`. It hides parts of a screen; whole routes are guarded by the route
 * table (config/paths.ts) and the server checks every call regardless.
 *
 * @example <Authorized roles={[1, 2]} fallback={null}>…</Authorized>
 */
export function Authorized({ roles, fallback = null, children }: AuthorizedProps) {
  const { iRoleType } = useSession();
  return hasRole(iRoleType, roles) ? children : fallback;
}
