import { and, eq, sql } from 'drizzle-orm';
import { MOBILE_PATTERN } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, users } from '../../db/schema';
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
