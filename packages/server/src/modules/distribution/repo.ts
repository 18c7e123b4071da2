import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ReceiveState, RoleType, UserState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, patientEvents, patientReceives, patients, users } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import type { Actor } from '../auth/actor';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import { collectionJoin, listColumns, mine, owner } from '../patients/list-repo';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

/*
 * Queries of the distribution screens. Every list starts from the centers of the caller's
 * DistributionScope (scope.ts), applied through the tenancy module's whereInScope on the receive's
 * center; patient_receives_center_idx (center, assigned, created_at) serves them.
 */

const sender = alias(users, 'dist_sender');
const expert = alias(users, 'dist_expert');
const sendingHospital = alias(hospitals, 'dist_sending_hospital');
const center = alias(hospitals, 'dist_center');
const distributor = alias(users, 'dist_user');

export interface ListFilters {
  name?: string;
  num?: string;
  /** Days of the sending (China Standard Time), end day included. */
  start?: string;
  end?: string;
  limit: number;
  offset: number;
}

/** Cases waiting at the centers for an expert. */
export function waitingWhere(centers: HospitalScope): SQL | undefined {
  return and(
    whereInScope(centers, patientReceives.centerHospitalId),
    eq(patientReceives.assigned, false),
    eq(patientReceives.state, ReceiveState.Waiting),
  );
}

/**
 * Receives the centers distributed: the center's receive once it has its expert, and the further
 * receives a distribution added (they keep the center).
 */
export function distributedWhere(centers: HospitalScope): SQL | undefined {
  return and(
    whereInScope(centers, patientReceives.centerHospitalId),
    isNotNull(patientReceives.centerHospitalId),
    eq(patientReceives.assigned, true),
    isNotNull(patientReceives.expertId),
  );
}

function filtered(base: SQL | undefined, f: ListFilters): SQL | undefined {
  return and(
    base,
    // Prefixes, as the case lists match them.
    f.name ? sql`lower(${patients.name}) like lower(${`${escapeLike(f.name)}%`})` : undefined,
    f.num ? sql`lower(${patients.diagnosisNum}) like lower(${`${escapeLike(f.num)}%`})` : undefined,
    f.start ? gte(patientReceives.createdAt, chinaInstant(f.start)) : undefined,
    f.end ? lt(patientReceives.createdAt, chinaEndExclusive(f.end)) : undefined,
  );
}

/** One page of receives matching `where`, newest sending first, with the case's list columns. */
export async function distributionPage(
  db: Db,
  actor: Actor,
  where: SQL | undefined,
  f: ListFilters,
) {
  const all = filtered(where, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...listColumns,
        receiveId: patientReceives.id,
        receiveState: patientReceives.state,
        sentAt: patientReceives.createdAt,
        viewedAt: patientReceives.viewedAt,
        senderId: patientReceives.senderId,
        senderName: sender.realName,
        sendingHospitalName: sendingHospital.name,
        centerId: center.id,
        centerName: center.name,
        expertId: patientReceives.expertId,
        expertName: expert.realName,
      })
      .from(patientReceives)
      .innerJoin(patients, eq(patients.id, patientReceives.patientId))
      .innerJoin(owner, eq(owner.id, patients.ownerId))
      .innerJoin(sender, eq(sender.id, patientReceives.senderId))
      .innerJoin(sendingHospital, eq(sendingHospital.id, patientReceives.hospitalId))
      .innerJoin(center, eq(center.id, patientReceives.centerHospitalId))
      .leftJoin(expert, eq(expert.id, patientReceives.expertId))
      .leftJoin(mine, collectionJoin(actor))
      .where(all)
      .orderBy(desc(patientReceives.createdAt), desc(patientReceives.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(patientReceives)
      .innerJoin(patients, eq(patients.id, patientReceives.patientId))
      .where(all),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type DistributionRow = Awaited<ReturnType<typeof distributionPage>>['rows'][number];

/** The 'distribute' events of the cases, oldest first, with who distributed. */
export async function distributeEvents(db: Db, patientIds: number[]) {
  if (patientIds.length === 0) {
    return [];
  }
  return db
    .select({
      patientId: patientEvents.patientId,
      userId: patientEvents.userId,
      userName: distributor.realName,
      createdAt: patientEvents.createdAt,
    })
    .from(patientEvents)
    .leftJoin(distributor, eq(distributor.id, patientEvents.userId))
    .where(
      and(inArray(patientEvents.patientId, patientIds), eq(patientEvents.action, 'distribute')),
    )
    .orderBy(asc(patientEvents.createdAt), asc(patientEvents.id));
}

/** The waiting receive gets its expert. */
export async function assignExpert(tx: Db, receiveId: number, expertId: number, now: Date) {
  await tx
    .update(patientReceives)
    .set({ expertId, assigned: true, updatedAt: now })
    .where(eq(patientReceives.id, receiveId));
}

/** The waiting receive moves to another diagnosis center. */
export async function moveToCenter(tx: Db, receiveId: number, centerId: number, now: Date) {
  await tx
    .update(patientReceives)
    .set({ centerHospitalId: centerId, updatedAt: now })
    .where(eq(patientReceives.id, receiveId));
}

/** Names of hospitals, in name order (the expert picker's hospital filter). */
export async function hospitalNames(db: Db, ids: number[]) {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({ iHospitalId: hospitals.id, strHospitalName: hospitals.name })
    .from(hospitals)
    .where(inArray(hospitals.id, ids))
    .orderBy(asc(sql`lower(${hospitals.name})`), asc(hospitals.id));
}

/** One page of the hospitals `ids`, by name, with their enabled experts counted. */
export async function hospitalPage(
  db: Db,
  ids: number[],
  q: { name?: string; limit: number; offset: number },
) {
  if (ids.length === 0) {
    return { rows: [], total: 0 };
  }
  const where = and(
    inArray(hospitals.id, ids),
    q.name ? ilike(hospitals.name, `%${escapeLike(q.name)}%`) : undefined,
  );
  const experts = db
    .select({ hospitalId: users.hospitalId, n: count().as('n') })
    .from(users)
    .where(
      and(
        inArray(users.hospitalId, ids),
        eq(users.roleType, RoleType.Expert),
        eq(users.state, UserState.Enabled),
      ),
    )
    .groupBy(users.hospitalId)
    .as('experts');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: hospitals.id,
        name: hospitals.name,
        city: hospitals.city,
        experts: sql<number>`coalesce(${experts.n}, 0)`.mapWith(Number),
      })
      .from(hospitals)
      .leftJoin(experts, eq(experts.hospitalId, hospitals.id))
      .where(where)
      .orderBy(asc(sql`lower(${hospitals.name})`), asc(hospitals.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(hospitals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
