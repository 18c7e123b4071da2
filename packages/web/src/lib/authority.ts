import type { RoleTypeCode } from '@pathconsult/shared';

/**
 * Whether a session role is one of the roles allowed (spec §6). A session without a known role is
 * allowed nothing, and an empty list allows nobody. The route guard and <Authorized> both use it.
 */
export function hasRole(role: RoleTypeCode | null, roles: readonly RoleTypeCode[]): boolean {
  return role !== null && roles.includes(role);
}
