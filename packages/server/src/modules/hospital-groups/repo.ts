import {
  and,
  asc,
  count,
  eq,
  exists,
  ilike,
  inArray,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { HospitalDiagnosis, type HospitalGroupQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { hospitalGroups, hospitals } from '../../db/schema';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

type GroupRow = typeof hospitalGroups.$inferSelect;
type HospitalRow = typeof hospitals.$inferSelect;

/**
 * Groups a caller may see: the platform scope sees every group, a hospital scope the groups that
 * hold one of its hospitals (its own group).
 */
function groupInScope(db: Db, scope: HospitalScope): SQL {
  if (scope.kind === 'all') {
    return sql`true`;
  }
  return exists(
    db
      .select({ one: sql`1` })
      .from(hospitals)
      .where(and(eq(hospitals.groupId, hospitalGroups.id), whereInScope(scope, hospitals.id))),
  );
}

export async function findGroup(
  db: Db,
  scope: HospitalScope,
  id: number,
): Promise<GroupRow | undefined> {
  const rows = await db
    .select()
    .from(hospitalGroups)
    .where(and(eq(hospitalGroups.id, id), groupInScope(db, scope)));
  return rows[0];
}

/** One page of groups within the scope, by name (case-insensitively, whatever the collation). */
export async function listGroups(
  db: Db,
  scope: HospitalScope,
  q: HospitalGroupQuery,
): Promise<{ rows: GroupRow[]; total: number }> {
  const conditions = [groupInScope(db, scope)];
  if (q.strGroupName) {
    conditions.push(ilike(hospitalGroups.name, `%${escapeLike(q.strGroupName)}%`));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(hospitalGroups)
      .where(where)
      .orderBy(sql`lower(${hospitalGroups.name})`, asc(hospitalGroups.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(hospitalGroups).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The member hospitals of these groups, by name. */
export async function membersOf(db: Db, groupIds: readonly number[]): Promise<HospitalRow[]> {
  if (groupIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(hospitals)
    .where(inArray(hospitals.groupId, [...groupIds]))
    .orderBy(sql`lower(${hospitals.name})`, asc(hospitals.id));
}

/** Locks these group rows (in id order) until the transaction ends; returns those that exist. */
export async function lockGroups(tx: Db, ids: readonly number[]): Promise<GroupRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(hospitalGroups)
    .where(inArray(hospitalGroups.id, [...ids]))
    .orderBy(asc(hospitalGroups.id))
    .for('update');
}

/** Locks the hospitals a group form lists (in id order); returns those that exist. */
export async function lockHospitals(tx: Db, ids: readonly number[]): Promise<HospitalRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(hospitals)
    .where(inArray(hospitals.id, [...ids]))
    .orderBy(asc(hospitals.id))
    .for('update');
}

export async function insertGroup(tx: Db, name: string, now: Date): Promise<GroupRow> {
  const [row] = await tx
    .insert(hospitalGroups)
    .values({ name, createdAt: now, updatedAt: now })
    .returning();
  if (!row) {
    throw new Error('group not inserted');
  }
  return row;
}

export async function renameGroup(tx: Db, id: number, name: string, now: Date): Promise<void> {
  await tx.update(hospitalGroups).set({ name, updatedAt: now }).where(eq(hospitalGroups.id, id));
}

/** Deletes a group; the foreign key releases its hospitals (group_id set null). */
export async function deleteGroupRow(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .delete(hospitalGroups)
    .where(eq(hospitalGroups.id, id))
    .returning({ id: hospitalGroups.id });
  return rows.length > 0;
}

/** Makes exactly these hospitals the members of the group: the others leave it. */
export async function setMembers(
  tx: Db,
  groupId: number,
  hospitalIds: readonly number[],
  now: Date,
): Promise<void> {
  await tx
    .update(hospitals)
    .set({ groupId: null, updatedAt: now })
    .where(
      and(
        eq(hospitals.groupId, groupId),
        hospitalIds.length > 0 ? notInArray(hospitals.id, [...hospitalIds]) : undefined,
      ),
    );
  if (hospitalIds.length > 0) {
    await tx
      .update(hospitals)
      .set({ groupId, updatedAt: now })
      .where(inArray(hospitals.id, [...hospitalIds]));
  }
}

export async function countMembers(db: Db, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hospitals)
    .where(eq(hospitals.groupId, groupId));
  return row?.n ?? 0;
}

export async function countCenters(db: Db, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hospitals)
    .where(
      and(eq(hospitals.groupId, groupId), eq(hospitals.isDiagnosis, HospitalDiagnosis.Center)),
    );
  return row?.n ?? 0;
}
