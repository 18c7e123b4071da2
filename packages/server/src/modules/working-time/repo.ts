import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { RoleType, type WorkingSlotInput, type WorkingTimeQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { hospitals, users, workingTimes } from '../../db/schema';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

export type SlotRow = typeof workingTimes.$inferSelect;

/** What the rules need to know about the account a schedule belongs to. */
export interface ScheduleOwner {
  id: number;
  userName: string;
  realName: string;
  roleType: number;
  hospitalId: number | null;
  hospitalName: string | null;
  groupId: number | null;
}

const ownerColumns = {
  id: users.id,
  userName: users.userName,
  realName: users.realName,
  roleType: users.roleType,
  hospitalId: users.hospitalId,
  hospitalName: hospitals.name,
  groupId: hospitals.groupId,
};

/**
 * An account by id, whatever its hospital: the service decides who may see it (scope, group,
 * oneself) and answers 404 otherwise. `lock` takes the row lock that serializes the changes of
 * one expert's week (see service.ts).
 */
export async function findOwner(
  db: Db,
  userId: number,
  lock = false,
): Promise<ScheduleOwner | undefined> {
  const query = db
    .select(ownerColumns)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .where(eq(users.id, userId));
  const rows = lock ? await query.for('update', { of: users }) : await query;
  return rows[0];
}

/** A stored half-day by id, with the id of the account it belongs to. */
export async function findSlot(db: Db, id: number): Promise<SlotRow | undefined> {
  const rows = await db.select().from(workingTimes).where(eq(workingTimes.id, id));
  return rows[0];
}

/** The half-days of these experts, by weekday then period. */
export async function slotsOf(db: Db, userIds: readonly number[]): Promise<SlotRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(workingTimes)
    .where(inArray(workingTimes.userId, [...userIds]))
    .orderBy(asc(workingTimes.weekday), asc(workingTimes.period));
}

/** workingTime/select: one page of experts inside the scope, by real name (any collation). */
export async function listExperts(
  db: Db,
  scope: HospitalScope,
  q: WorkingTimeQuery,
): Promise<{ rows: ScheduleOwner[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(users.roleType, RoleType.Expert),
    whereInScope(scope, users.hospitalId),
    q.strRealName ? ilike(users.realName, `%${escapeLike(q.strRealName)}%`) : undefined,
    q.iHospitalId ? eq(users.hospitalId, q.iHospitalId) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(ownerColumns)
      .from(users)
      .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
      .where(where)
      .orderBy(sql`lower(${users.realName})`, asc(users.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const noteOf = (note: string | undefined) => (note ? note : null);

/**
 * Adds a half-day, or answers the one already there: a note sent replaces its note, no note keeps
 * it. One statement, so two adds of the same half-day cannot both insert.
 */
export async function upsertSlot(
  db: Db,
  userId: number,
  slot: WorkingSlotInput,
  now: Date,
): Promise<SlotRow> {
  const [row] = await db
    .insert(workingTimes)
    .values({
      userId,
      weekday: slot.iWeekday,
      period: slot.iPeriod,
      note: noteOf(slot.strNote),
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [workingTimes.userId, workingTimes.weekday, workingTimes.period],
      set: {
        note: slot.strNote === undefined ? sql`${workingTimes.note}` : noteOf(slot.strNote),
      },
    })
    .returning();
  if (!row) {
    throw new Error('working time upsert returned nothing');
  }
  return row;
}

export async function deleteSlot(db: Db, id: number): Promise<void> {
  await db.delete(workingTimes).where(eq(workingTimes.id, id));
}

/** Replaces an expert's whole week (inside the caller's transaction). */
export async function replaceWeek(
  tx: Db,
  userId: number,
  slots: readonly WorkingSlotInput[],
  now: Date,
): Promise<void> {
  await tx.delete(workingTimes).where(eq(workingTimes.userId, userId));
  if (slots.length > 0) {
    await tx.insert(workingTimes).values(
      slots.map((s) => ({
        userId,
        weekday: s.iWeekday,
        period: s.iPeriod,
        note: noteOf(s.strNote),
        createdAt: now,
      })),
    );
  }
}
