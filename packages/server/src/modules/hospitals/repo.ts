import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { HospitalQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { hospitalGroups, hospitals, users } from '../../db/schema';
import { whereInScope, type HospitalScope } from '../tenancy/scope';
import type { HospitalValues, HospitalView } from './dto';

type HospitalRow = typeof hospitals.$inferSelect;

const viewFields = {
  hospital: hospitals,
  groupName: hospitalGroups.name,
  userCount:
    sql<number>`(select count(*) from ${users} where ${users.hospitalId} = ${hospitals.id})`.mapWith(
      Number,
    ),
};

function listFilters(scope: HospitalScope, q: HospitalQuery): SQL | undefined {
  const conditions: SQL[] = [whereInScope(scope, hospitals.id)];
  if (q.strHospitalName) {
    conditions.push(ilike(hospitals.name, `%${escapeLike(q.strHospitalName)}%`));
  }
  if (q.iGroupId != null) {
    conditions.push(eq(hospitals.groupId, q.iGroupId));
  }
  if (q.ddIsDiagnosis != null) {
    conditions.push(eq(hospitals.isDiagnosis, q.ddIsDiagnosis));
  }
  return and(...conditions);
}

/** One page of hospitals within the scope, by name (case-insensitively, whatever the collation). */
export async function listHospitals(
  db: Db,
  scope: HospitalScope,
  q: HospitalQuery,
): Promise<{ rows: HospitalView[]; total: number }> {
  const where = listFilters(scope, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(viewFields)
      .from(hospitals)
      .leftJoin(hospitalGroups, eq(hospitals.groupId, hospitalGroups.id))
      .where(where)
      .orderBy(sql`lower(${hospitals.name})`, asc(hospitals.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(hospitals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A hospital with its group name and user count, if it exists inside the scope. */
export async function findHospitalView(
  db: Db,
  scope: HospitalScope,
  id: number,
): Promise<HospitalView | undefined> {
  const rows = await db
    .select(viewFields)
    .from(hospitals)
    .leftJoin(hospitalGroups, eq(hospitals.groupId, hospitalGroups.id))
    .where(and(eq(hospitals.id, id), whereInScope(scope, hospitals.id)));
  return rows[0];
}

/** A hospital row by id, if it exists inside the scope (out of scope, it is as missing). */
export async function findHospital(
  db: Db,
  scope: HospitalScope,
  id: number,
): Promise<HospitalRow | undefined> {
  const rows = await db
    .select()
    .from(hospitals)
    .where(and(eq(hospitals.id, id), whereInScope(scope, hospitals.id)));
  return rows[0];
}

/** Every hospital within the scope, by name, for pickers. */
export async function listHospitalRows(db: Db, scope: HospitalScope): Promise<HospitalRow[]> {
  return db
    .select()
    .from(hospitals)
    .where(whereInScope(scope, hospitals.id))
    .orderBy(sql`lower(${hospitals.name})`, asc(hospitals.id));
}

/**
 * Locks a hospital row until the transaction ends. Callers lock the hospital's groups first
 * (see hospital-groups/service.ts), so that every path takes its locks in the same order.
 */
export async function lockHospital(tx: Db, id: number): Promise<HospitalRow | undefined> {
  const rows = await tx.select().from(hospitals).where(eq(hospitals.id, id)).for('update');
  return rows[0];
}

export async function insertHospital(tx: Db, values: HospitalValues, now: Date): Promise<number> {
  const [row] = await tx
    .insert(hospitals)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: hospitals.id });
  if (!row) {
    throw new Error('hospital not inserted');
  }
  return row.id;
}

export async function updateHospitalRow(
  tx: Db,
  id: number,
  values: Partial<HospitalValues>,
  now: Date,
): Promise<void> {
  await tx
    .update(hospitals)
    .set({ ...values, updatedAt: now })
    .where(eq(hospitals.id, id));
}

/** Deletes a hospital; a row that references it (users...) makes the database refuse. */
export async function deleteHospitalRow(tx: Db, id: number): Promise<void> {
  await tx.delete(hospitals).where(eq(hospitals.id, id));
}
