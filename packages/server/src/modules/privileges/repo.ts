import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { AdminRoleQuery, HeldPrivilege, PrivilegeGrant } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { adminRolePrivileges, adminRoles, userPrivileges, users } from '../../db/schema';

export type AdminRoleRow = typeof adminRoles.$inferSelect;
export type GrantRow = { code: string; scope: number };

export async function findRole(db: Db, id: number): Promise<AdminRoleRow | undefined> {
  const rows = await db.select().from(adminRoles).where(eq(adminRoles.id, id));
  return rows[0];
}

/** Locks a role row so that a concurrent edit of its privileges waits (FOR SHARE for readers). */
export async function lockRole(db: Db, id: number, mode: 'update' | 'share') {
  const rows = await db.select().from(adminRoles).where(eq(adminRoles.id, id)).for(mode);
  return rows[0];
}

export async function listRoles(
  db: Db,
  q: AdminRoleQuery,
): Promise<{ rows: AdminRoleRow[]; total: number }> {
  const where = q.strRoleName
    ? ilike(adminRoles.name, `%${escapeLike(q.strRoleName)}%`)
    : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(adminRoles)
      .where(where)
      .orderBy(asc(sql`lower(${adminRoles.name})`), asc(adminRoles.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(adminRoles).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Privileges of several roles at once, by role id. */
export async function rolePrivileges(db: Db, roleIds: number[]): Promise<Map<number, GrantRow[]>> {
  const byRole = new Map<number, GrantRow[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) {
    return byRole;
  }
  const rows = await db
    .select()
    .from(adminRolePrivileges)
    .where(inArray(adminRolePrivileges.roleId, roleIds))
    .orderBy(asc(adminRolePrivileges.code));
  for (const row of rows) {
    byRole.get(row.roleId)?.push({ code: row.code, scope: row.scope });
  }
  return byRole;
}

/** How many administrators hold each role. */
export async function roleUserCounts(db: Db, roleIds: number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ roleId: users.adminRoleId, n: count() })
    .from(users)
    .where(inArray(users.adminRoleId, roleIds))
    .groupBy(users.adminRoleId);
  return new Map(rows.map((r) => [r.roleId ?? 0, r.n]));
}

export async function insertRole(
  db: Db,
  values: { name: string; type: number; createdBy: number; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(adminRoles)
    .values({
      name: values.name,
      type: values.type,
      createdBy: values.createdBy,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: adminRoles.id });
  if (!row) {
    throw new Error('role insert returned nothing');
  }
  return row.id;
}

export async function updateRoleRow(
  db: Db,
  id: number,
  values: { name: string; type: number; now: Date },
): Promise<void> {
  await db
    .update(adminRoles)
    .set({ name: values.name, type: values.type, updatedAt: values.now })
    .where(eq(adminRoles.id, id));
}

export async function replaceRolePrivileges(
  db: Db,
  roleId: number,
  grants: readonly PrivilegeGrant[],
): Promise<void> {
  await db.delete(adminRolePrivileges).where(eq(adminRolePrivileges.roleId, roleId));
  if (grants.length > 0) {
    await db
      .insert(adminRolePrivileges)
      .values(grants.map((g) => ({ roleId, code: g.strCode, scope: g.iPrivilegeType })));
  }
}

export async function deleteRoleRow(db: Db, id: number): Promise<void> {
  await db.delete(adminRoles).where(eq(adminRoles.id, id));
}

/**
 * Locks an administrator's row for a change of its privileges: concurrent changes (another
 * userprivilege/update, a role change through userManage/updateUser) wait, so the grants read,
 * checked and replaced are the ones that stay, and two replacements never collide.
 */
export async function lockUser(db: Db, userId: number) {
  const rows = await db
    .select({ id: users.id, roleType: users.roleType, adminRoleId: users.adminRoleId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows[0];
}

export async function directGrants(db: Db, userId: number): Promise<GrantRow[]> {
  return db
    .select({ code: userPrivileges.code, scope: userPrivileges.scope })
    .from(userPrivileges)
    .where(eq(userPrivileges.userId, userId))
    .orderBy(asc(userPrivileges.code));
}

export async function replaceUserGrants(
  db: Db,
  userId: number,
  grants: readonly { code: string; scope: number }[],
  grantedBy: number,
  now: Date,
): Promise<void> {
  await db.delete(userPrivileges).where(eq(userPrivileges.userId, userId));
  if (grants.length > 0) {
    await db
      .insert(userPrivileges)
      .values(
        grants.map((g) => ({ userId, code: g.code, scope: g.scope, grantedBy, grantedAt: now })),
      );
  }
}

export async function setUserRole(
  db: Db,
  userId: number,
  roleId: number | null,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ adminRoleId: roleId, updatedAt: now })
    .where(and(eq(users.id, userId)));
}

/** A new hospital administrator's starting privileges (in the transaction that creates it). */
export async function insertDefaultGrants(
  db: Db,
  userId: number,
  grantedBy: number,
  defaults: readonly HeldPrivilege[],
): Promise<void> {
  await db
    .insert(userPrivileges)
    .values(defaults.map((d) => ({ userId, code: d.code, scope: d.scope, grantedBy })))
    .onConflictDoNothing();
}
