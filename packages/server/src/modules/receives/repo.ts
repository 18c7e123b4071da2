import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  HOLDING_RECEIVE_STATES,
  ReceiveState,
  receiveStatesListed,
  SlideUploadState,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import {
  hospitals,
  patientReceives,
  patients,
  slideDocuments,
  users,
  workingTimes,
} from '../../db/schema';
import { escapeLike } from '../../lib/like';
import type { Actor } from '../auth/actor';
import { collectionJoin, listColumns, mine, owner } from '../patients/list-repo';
import { revokeSlideTokensOfCase } from '../tiles/slide-grant';

const expert = alias(users, 'expert');
const sender = alias(users, 'sender');
const center = alias(hospitals, 'center');
const sendingHospital = alias(hospitals, 'sending_hospital');

export type ReceiveRow = typeof patientReceives.$inferSelect;

/** A receive with the names its answer shows. */
export const receiveColumns = {
  receive: patientReceives,
  diagnosisNum: patients.diagnosisNum,
  patientName: patients.name,
  senderName: sender.realName,
  expertName: expert.realName,
  centerName: center.name,
};
export type ReceiveView = {
  receive: ReceiveRow;
  diagnosisNum: string;
  patientName: string;
  senderName: string;
  expertName: string | null;
  centerName: string | null;
};

function receiveViews(db: Db) {
  return db
    .select(receiveColumns)
    .from(patientReceives)
    .innerJoin(patients, eq(patients.id, patientReceives.patientId))
    .innerJoin(sender, eq(sender.id, patientReceives.senderId))
    .leftJoin(expert, eq(expert.id, patientReceives.expertId))
    .leftJoin(center, eq(center.id, patientReceives.centerHospitalId))
    .$dynamic();
}

export async function findReceive(db: Db, id: number): Promise<ReceiveRow | undefined> {
  const [row] = await db.select().from(patientReceives).where(eq(patientReceives.id, id));
  return row;
}

export async function findReceiveView(db: Db, id: number): Promise<ReceiveView | undefined> {
  const [row] = await receiveViews(db).where(eq(patientReceives.id, id));
  return row;
}

export async function receiveViewsOfPatient(
  db: Db,
  patientId: number,
  expertId?: number,
): Promise<ReceiveView[]> {
  return receiveViews(db)
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        expertId === undefined ? undefined : eq(patientReceives.expertId, expertId),
      ),
    )
    .orderBy(desc(patientReceives.createdAt), desc(patientReceives.id));
}

export async function receiveViewsByIds(db: Db, ids: number[]): Promise<ReceiveView[]> {
  if (ids.length === 0) {
    return [];
  }
  return receiveViews(db).where(inArray(patientReceives.id, ids)).orderBy(asc(patientReceives.id));
}

export async function insertReceives(
  tx: Db,
  values: (typeof patientReceives.$inferInsert)[],
): Promise<number[]> {
  const rows = await tx
    .insert(patientReceives)
    .values(values)
    .returning({ id: patientReceives.id });
  return rows.map((r) => r.id);
}

/** Whether the case has a live slide in one of `states`. */
async function hasSlideIn(tx: Db, patientId: number, states: number[]): Promise<boolean> {
  const rows = await tx
    .select({ id: slideDocuments.id })
    .from(slideDocuments)
    .where(
      and(
        eq(slideDocuments.patientId, patientId),
        inArray(slideDocuments.state, states),
        isNull(slideDocuments.deletedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the case has a slide that was uploaded whole (spec §5: no slides, no submission). */
export const hasUploadedSlide = (tx: Db, patientId: number) =>
  hasSlideIn(tx, patientId, [SlideUploadState.Uploaded]);

/**
 * Whether a case has a slide the expert could never open once it is sent: an upload not
 * finished (uploading or interrupted) or a failed one. A submitted case takes no slide changes,
 * so such a slide stayed in it, unopenable, and could neither be finished nor deleted.
 */
export const hasUnreadySlide = (tx: Db, patientId: number) =>
  hasSlideIn(tx, patientId, [SlideUploadState.Uploading, SlideUploadState.Failed]);

/** The first opening by its expert: the receive and the case are viewed from then on. */
export async function markViewed(tx: Db, r: ReceiveRow, now: Date): Promise<void> {
  if (r.viewedAt === null) {
    await tx
      .update(patientReceives)
      .set({ viewedAt: now, updatedAt: now })
      .where(eq(patientReceives.id, r.id));
  }
  await tx
    .update(patients)
    .set({ viewedAt: now })
    .where(and(eq(patients.id, r.patientId), sql`${patients.viewedAt} is null`));
}

/** The expert's receive of the case still waiting for them, if any. */
export async function waitingReceiveOf(
  db: Db,
  patientId: number,
  expertId: number,
): Promise<ReceiveRow | undefined> {
  const [row] = await db
    .select()
    .from(patientReceives)
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        eq(patientReceives.expertId, expertId),
        eq(patientReceives.state, ReceiveState.Waiting),
      ),
    );
  return row;
}

/**
 * A withdrawal closes the case's waiting receives; tile tokens its experts may have been given
 * for its slides open nothing more.
 */
export async function withdrawReceives(tx: Db, patientId: number, now: Date): Promise<void> {
  await revokeSlideTokensOfCase(tx, patientId);
  await tx
    .update(patientReceives)
    .set({ state: ReceiveState.Withdrawn, updatedAt: now })
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        eq(patientReceives.state, ReceiveState.Waiting),
      ),
    );
}

/**
 * Experts who hold the case: a receive waiting, under review or reported on. A case is not given
 * twice to one expert (referral, distribution), and pickers mark them.
 */
export async function holdingExpertIds(db: Db, patientId: number): Promise<Set<number>> {
  const rows = await db
    .select({ expertId: patientReceives.expertId })
    .from(patientReceives)
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        inArray(patientReceives.state, [...HOLDING_RECEIVE_STATES]),
      ),
    );
  return new Set(rows.flatMap((r) => (r.expertId === null ? [] : [r.expertId])));
}

/** Experts the case already waits with (those a withdrawal concerns). */
export async function waitingExpertIds(db: Db, patientId: number): Promise<Set<number>> {
  const rows = await db
    .select({ expertId: patientReceives.expertId })
    .from(patientReceives)
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        eq(patientReceives.state, ReceiveState.Waiting),
      ),
    );
  return new Set(rows.flatMap((r) => (r.expertId === null ? [] : [r.expertId])));
}

/** One page of experts matching `where`, by hospital then name, with their hospital's name. */
export async function expertPage(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        realName: users.realName,
        hospitalId: hospitals.id,
        hospitalName: hospitals.name,
        specialty: users.specialty,
        intro: users.intro,
      })
      .from(users)
      .innerJoin(hospitals, eq(hospitals.id, users.hospitalId))
      .where(where)
      .orderBy(asc(hospitals.name), asc(users.realName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function workingTimesOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .select({
      userId: workingTimes.userId,
      weekday: workingTimes.weekday,
      period: workingTimes.period,
    })
    .from(workingTimes)
    .where(inArray(workingTimes.userId, userIds))
    .orderBy(asc(workingTimes.weekday), asc(workingTimes.period));
}

export function nameContains(name: string): SQL {
  return ilike(users.realName, `%${escapeLike(name)}%`);
}

/** The expert's receives of one state, newest first, with the case's list columns. */
export async function receivedPage(
  db: Db,
  actor: Actor,
  q: { state: number; name?: string; num?: string; limit: number; offset: number },
) {
  const where = and(
    eq(patientReceives.expertId, actor.userId),
    inArray(patientReceives.state, receiveStatesListed(q.state)),
    q.name ? sql`lower(${patients.name}) like lower(${`${escapeLike(q.name)}%`})` : undefined,
    q.num ? sql`lower(${patients.diagnosisNum}) like lower(${`${escapeLike(q.num)}%`})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...listColumns,
        receiveId: patientReceives.id,
        receiveState: patientReceives.state,
        receivedAt: patientReceives.createdAt,
        viewedAt: patientReceives.viewedAt,
        senderId: patientReceives.senderId,
        senderName: sender.realName,
        sendingHospitalName: sendingHospital.name,
      })
      .from(patientReceives)
      .innerJoin(patients, eq(patients.id, patientReceives.patientId))
      .innerJoin(owner, eq(owner.id, patients.ownerId))
      .innerJoin(sender, eq(sender.id, patientReceives.senderId))
      .innerJoin(sendingHospital, eq(sendingHospital.id, patientReceives.hospitalId))
      .leftJoin(mine, collectionJoin(actor))
      .where(where)
      .orderBy(desc(patientReceives.createdAt), desc(patientReceives.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(patientReceives)
      .innerJoin(patients, eq(patients.id, patientReceives.patientId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
