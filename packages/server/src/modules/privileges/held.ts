import { eq } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  isPrivilegeCode,
  privilegesAreGranted,
  type PrivilegeCode,
  type PrivilegeScopeCode,
  type RoleTypeCode,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { adminRolePrivileges, userPrivileges, users } from '../../db/schema';

/**
 * The privileges a caller holds: 'all' for roles that hold every privilege for every hospital
 * (platform administrators), else the granted codes with their scope (empty for doctors/experts).
 */
export type HeldPrivileges = 'all' | ReadonlyMap<PrivilegeCode, PrivilegeScopeCode>;

export const NO_PRIVILEGES: HeldPrivileges = new Map();

/**
 * A hospital administrator's effective privileges: its own grants and those of its administrator
 * role, the wider scope winning. One indexed query, only for role 2 callers.
 */
export async function loadHeldPrivileges(
  db: Db,
  userId: number,
  role: RoleTypeCode,
): Promise<HeldPrivileges> {
  if (role === 1) {
    return 'all';
  }
  if (!privilegesAreGranted(role)) {
    return NO_PRIVILEGES;
  }
  const rows = await unionAll(
    db
      .select({ code: userPrivileges.code, scope: userPrivileges.scope })
      .from(userPrivileges)
      .where(eq(userPrivileges.userId, userId)),
    db
      .select({ code: adminRolePrivileges.code, scope: adminRolePrivileges.scope })
      .from(adminRolePrivileges)
      .innerJoin(users, eq(users.adminRoleId, adminRolePrivileges.roleId))
      .where(eq(users.id, userId)),
  );
  const held = new Map<PrivilegeCode, PrivilegeScopeCode>();
  for (const row of rows) {
    if (isPrivilegeCode(row.code)) {
      const scope: PrivilegeScopeCode = row.scope === 2 ? 2 : 1;
      held.set(row.code, Math.max(held.get(row.code) ?? 1, scope) as PrivilegeScopeCode);
    }
  }
  return held;
}

export function holds(held: HeldPrivileges, code: PrivilegeCode): boolean {
  return held === 'all' || held.has(code);
}

/** The scope a privilege is held with, or null when it is not held. */
export function scopeHeld(held: HeldPrivileges, code: PrivilegeCode): PrivilegeScopeCode | null {
  if (held === 'all') {
    return 2;
  }
  return held.get(code) ?? null;
}
