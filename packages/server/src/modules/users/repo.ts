import { and, count, desc, eq, ilike, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, MOBILE_PATTERN, type UserQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { hospitals, sessions, users } from '../../db/schema';
import { forgetSessionsOfUser } from '../auth/recent-sessions';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

export type UserWithHospital = {
  user: typeof users.$inferSelect;
  hospital: typeof hospitals.$inferSelect | null;
};

const userWithHospital = { user: users, hospital: hospitals };

/**
 * Login candidates: the account of this user name or, when no account has that name and the text
 * is a mobile number, the accounts of that number (at most 4: one per role).
 */
export async function findLoginCandidates(
  db: Db,
  name: string,
): Promise<{ candidates: UserWithHospital[]; byMobile: boolean }> {
  const byName = await db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(sql`lower(${users.userName}) = lower(${name})`);
  if (byName.length > 0 || !MOBILE_PATTERN.test(name)) {
    return { candidates: byName, byMobile: false };
  }
  const byMobile = await db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(eq(users.mobile, name))
    .orderBy(users.id)
    .limit(4);
  return { candidates: byMobile, byMobile: true };
}

/** A user by id, within the caller's hospital scope; the superadmin only for the 'all' scope. */
export async function findUserInScope(
  db: Db,
  scope: HospitalScope,
  userId: number,
): Promise<UserWithHospital | undefined> {
  const rows = await db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(and(eq(users.id, userId), whereInScope(scope, users.hospitalId)));
  return rows[0];
}

/** Own account: no scope needed, the id comes from the caller's session. */
export async function findOwnUser(db: Db, userId: number): Promise<UserWithHospital | undefined> {
  const rows = await db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(eq(users.id, userId));
  return rows[0];
}

export type UserInsert = typeof users.$inferInsert;

export async function insertUser(db: Db, values: UserInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) {
    throw new Error('user insert returned nothing');
  }
  return row.id;
}

export async function updateUserRow(
  db: Db,
  userId: number,
  values: Partial<UserInsert>,
): Promise<void> {
  // Role, hospital or state may change: the account's next call is checked in full.
  forgetSessionsOfUser(userId);
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Deletes one account; its sessions go with it (cascade). Other references make this throw. */
export async function deleteUserRow(db: Db, userId: number): Promise<void> {
  forgetSessionsOfUser(userId);
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Ends every running session of an account at once. Sessions are the auth module's table, but
 * ending them belongs to the account changes made here (freeze, password change, reset), inside
 * the same transaction.
 */
export async function revokeSessionsOf(db: Db, userId: number, now: Date): Promise<void> {
  forgetSessionsOfUser(userId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** userManage/selectUser: the page and the total, newest first, inside the scope. */
export async function listUsers(
  db: Db,
  scope: HospitalScope,
  q: UserQuery,
): Promise<{ rows: UserWithHospital[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    whereInScope(scope, users.hospitalId),
    q.strUserName ? ilike(users.userName, `%${escapeLike(q.strUserName)}%`) : undefined,
    q.strRealName ? ilike(users.realName, `%${escapeLike(q.strRealName)}%`) : undefined,
    q.strMobile ? like(users.mobile, `${escapeLike(q.strMobile)}%`) : undefined,
    q.iHospitalId ? eq(users.hospitalId, q.iHospitalId) : undefined,
    q.iRoleType ? eq(users.roleType, q.iRoleType) : undefined,
    q.bAdminsOnly ? inArray(users.roleType, [...ADMIN_ROLES]) : undefined,
    q.iUserState == null ? undefined : eq(users.state, q.iUserState),
  ];
  const where = and(...conditions);
  const rows = await db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.iPageSize)
    .offset((q.iCurPage - 1) * q.iPageSize);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: counted?.n ?? 0 };
}
