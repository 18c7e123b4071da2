import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hospitals, users } from '../../db/schema';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

export type UserWithHospital = {
  user: typeof users.$inferSelect;
  hospital: typeof hospitals.$inferSelect | null;
};

const userWithHospital = { user: users, hospital: hospitals };

/** Login candidates: the account of this user name, else accounts of this mobile number. */
export async function findLoginCandidates(db: Db, name: string): Promise<UserWithHospital[]> {
  const byName = await db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(sql`lower(${users.userName}) = lower(${name})`);
  if (byName.length > 0) {
    return byName;
  }
  return db
    .select(userWithHospital)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(eq(users.mobile, name))
    .orderBy(users.id)
    .limit(4);
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
