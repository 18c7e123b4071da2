import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  HOLDING_RECEIVE_STATES,
  nextReceiveState,
  ReceiveState,
  ReturnKind,
  type ExpertPickPage,
  type ExpertPickerQuery,
  type MedicalOrderOption,
  type ReturnKindCode,
  type ReturnList,
  type backMedicalOrderSchema,
  type backPatientSchema,
  type backReferralSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { patientReceives, receiveReturns, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { enabledItems } from '../medical-order/repo';
import { dictionary } from '../medical-order/service';
import { transition } from '../patients/locked-case';
import * as patientRepo from '../patients/repo';
import { caseReaderRole } from '../patients/access';
import { assertPickableExperts, consultingHospitalsOfCase } from '../receives/expert-scope';
import { expertPickPage } from '../receives/expert-page';
import { findReceive, holdingExpertIds, insertReceives } from '../receives/repo';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';
import { lockExpertReceive, type ExpertReceive } from './expert-receive';

/*
 * The expert sends a case back (spec §4): a regular return with its reason, a referral to
 * another expert, or an additional order of stains and tests from the case hospital's dictionary.
 * The expert's receive closes (returned) and the return is kept for the doctor's return detail.
 * The case itself moves only when nothing else holds it: a referral keeps it with the new expert
 * ('refer'); a return sends it back to the doctor ('return') once no other expert of the sending
 * still works on it or has reported; otherwise the others go on.
 */

export interface ReturnDeps {
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}

/** The doctor told of a return: the case's owner and its sender. */
function doctorsOf(w: ExpertReceive): number[] {
  return [w.patient.ownerId, w.receive.senderId];
}

/** Closes the expert's receive and records the return; the caller moves the case. */
async function closeReceive(
  tx: Db,
  actor: Actor,
  w: ExpertReceive,
  r: {
    kind: ReturnKindCode;
    reason: string;
    referredExpertId?: number;
    orderItems?: { iMedicalorderId: number; strName: string }[];
  },
  now: Date,
): Promise<void> {
  const to = nextReceiveState(w.receive.state, 'return');
  if (to === null) {
    throw new AppError('CASE_STATE_CHANGED');
  }
  await tx
    .update(patientReceives)
    .set({ state: to, viewedAt: w.receive.viewedAt ?? now, updatedAt: now })
    .where(eq(patientReceives.id, w.receive.id));
  await tx.insert(receiveReturns).values({
    receiveId: w.receive.id,
    patientId: w.patient.id,
    hospitalId: w.patient.hospitalId,
    expertId: actor.userId,
    kind: r.kind,
    reason: r.reason,
    referredExpertId: r.referredExpertId ?? null,
    orderItems: r.orderItems ?? [],
    createdAt: now,
  });
}

/** Whether another receive of the case still waits or was reported on. */
async function othersHoldCase(tx: Db, w: ExpertReceive): Promise<boolean> {
  const rows = await tx
    .select({ id: patientReceives.id })
    .from(patientReceives)
    .where(
      and(
        eq(patientReceives.patientId, w.patient.id),
        inArray(patientReceives.state, [...HOLDING_RECEIVE_STATES]),
      ),
    );
  return rows.some((r) => r.id !== w.receive.id);
}

/** Sends the case back to its doctor when this return was the last one holding it. */
async function returnCaseIfLast(
  tx: Db,
  actor: Actor,
  w: ExpertReceive,
  action: 'return' | 'addOrder',
  reason: string,
  now: Date,
): Promise<void> {
  if (await othersHoldCase(tx, w)) {
    await patientRepo.insertEvent(tx, {
      patientId: w.patient.id,
      userId: actor.userId,
      action,
      fromState: w.patient.state,
      toState: w.patient.state,
      reason,
      createdAt: now,
    });
    return;
  }
  const to = transition(w.patient, 'return');
  await patientRepo.updatePatientRow(tx, w.patient.id, { state: to, updatedAt: now });
  await patientRepo.insertEvent(tx, {
    patientId: w.patient.id,
    userId: actor.userId,
    action,
    fromState: w.patient.state,
    toState: to,
    reason,
    createdAt: now,
  });
}

/** diagnosis/backPatient: a regular return with its reason. */
export async function backPatient(
  { db, clock, hub }: ReturnDeps,
  actor: Actor,
  input: z.output<typeof backPatientSchema>,
): Promise<void> {
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    const w = await lockExpertReceive(tx, actor, input.iPatientReceiveId);
    await closeReceive(tx, actor, w, { kind: ReturnKind.Regular, reason: input.strReason }, now);
    await returnCaseIfLast(tx, actor, w, 'return', input.strReason, now);
    await notes.add(tx, {
      userIds: doctorsOf(w),
      patientId: w.patient.id,
      actorId: actor.userId,
      kind: 'return',
      params: { reason: input.strReason },
      now,
    });
  });
}

/**
 * diagnosis/backPatientReferral: the case goes on to another expert the case's doctor could have
 * chosen (expert-scope.ts), as a new waiting receive from the same doctor; not to the referring
 * expert nor to one who already holds it.
 */
export async function backReferral(
  { db, clock, hub }: ReturnDeps,
  actor: Actor,
  input: z.output<typeof backReferralSchema>,
): Promise<void> {
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    const w = await lockExpertReceive(tx, actor, input.iPatientReceiveId);
    await assertPickableExperts(tx, await consultingHospitalsOfCase(tx, w.patient.hospitalId), [
      input.iUserId,
    ]);
    if (
      input.iUserId === actor.userId ||
      (await holdingExpertIds(tx, w.patient.id)).has(input.iUserId)
    ) {
      throw new AppError('REFERRAL_SAME_EXPERT');
    }
    const to = transition(w.patient, 'refer');
    await closeReceive(
      tx,
      actor,
      w,
      { kind: ReturnKind.Referral, reason: input.strReason, referredExpertId: input.iUserId },
      now,
    );
    await insertReceives(tx, [
      {
        patientId: w.patient.id,
        hospitalId: w.patient.hospitalId,
        senderId: w.receive.senderId,
        expertId: input.iUserId,
        state: ReceiveState.Waiting,
        assigned: true,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await patientRepo.updatePatientRow(tx, w.patient.id, { state: to, updatedAt: now });
    await patientRepo.insertEvent(tx, {
      patientId: w.patient.id,
      userId: actor.userId,
      action: 'referral',
      fromState: w.patient.state,
      toState: to,
      reason: input.strReason,
      createdAt: now,
    });
    const note = { patientId: w.patient.id, actorId: actor.userId, now };
    await notes.add(tx, {
      ...note,
      userIds: doctorsOf(w),
      kind: 'referral',
      params: { reason: input.strReason },
    });
    // The expert it was passed to has a new case waiting.
    await notes.add(tx, { ...note, userIds: [input.iUserId], kind: 'submit', params: {} });
  });
}

/**
 * diagnosis/backPatientMedicalorder: the doctor must add stains or tests first. The items must be
 * enabled items of the case hospital's dictionary; their names are kept as they were.
 */
export async function backMedicalOrder(
  { db, clock, hub }: ReturnDeps,
  actor: Actor,
  input: z.output<typeof backMedicalOrderSchema>,
): Promise<void> {
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    const w = await lockExpertReceive(tx, actor, input.iPatientReceiveId);
    const wanted = [...new Set(input.listMedicalorderId)];
    const offered = (await enabledItems(tx, w.patient.hospitalId, undefined)).filter((i) =>
      wanted.includes(i.id),
    );
    if (offered.length !== wanted.length) {
      throw notFound();
    }
    const orderItems = wanted.map((id) => {
      const item = offered.find((i) => i.id === id);
      return { iMedicalorderId: id, strName: item?.name ?? '' };
    });
    const reason = input.strReason || orderItems.map((i) => i.strName).join(', ');
    await closeReceive(tx, actor, w, { kind: ReturnKind.AddOrder, reason, orderItems }, now);
    await returnCaseIfLast(tx, actor, w, 'addOrder', reason, now);
    await notes.add(tx, {
      userIds: doctorsOf(w),
      patientId: w.patient.id,
      actorId: actor.userId,
      kind: 'addOrder',
      params: { reason },
      now,
    });
  });
}

/** The case of one of the expert's own receives, not withdrawn (else the 404 of a missing one). */
async function ownReceiveCase(
  db: Db,
  actor: Actor,
  receiveId: number,
): Promise<{ patientId: number; hospitalId: number }> {
  const r = await findReceive(db, receiveId);
  if (!r || r.expertId !== actor.userId || r.state === ReceiveState.Withdrawn) {
    throw notFound();
  }
  return { patientId: r.patientId, hospitalId: r.hospitalId };
}

/**
 * diagnosis/selectOrderItems: the items an expert may ask for on a receive — the case hospital's
 * dictionary (its stains are done there), as its doctors see it.
 */
export async function orderItemsFor(
  db: Db,
  actor: Actor,
  receiveId: number,
): Promise<MedicalOrderOption[]> {
  const { hospitalId } = await ownReceiveCase(db, actor, receiveId);
  return dictionary(db, { ...actor, hospitalId }, undefined);
}

const expert = alias(users, 'expert');
const referred = alias(users, 'referred');

/** diagnosis/selectReturns: the returns of a case, oldest first, for whoever reads the case. */
export async function returnsOfCase(db: Db, actor: Actor, patientId: number): Promise<ReturnList> {
  const view = await patientRepo.findPatientView(db, patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  const role = await caseReaderRole(db, actor, view.patient);
  const rows = await db
    .select({
      row: receiveReturns,
      expertName: expert.realName,
      referredName: referred.realName,
    })
    .from(receiveReturns)
    .innerJoin(expert, eq(expert.id, receiveReturns.expertId))
    .leftJoin(referred, eq(referred.id, receiveReturns.referredExpertId))
    .where(
      and(
        eq(receiveReturns.patientId, patientId),
        // An expert sees their own returns only, as they see their own receives.
        role === 'expert' ? eq(receiveReturns.expertId, actor.userId) : undefined,
      ),
    )
    .orderBy(asc(receiveReturns.createdAt), asc(receiveReturns.id));
  return {
    listReturn: rows.map(({ row, expertName, referredName }) => ({
      iReturnId: row.id,
      iPatientReceiveId: row.receiveId,
      ddKind: { iNumber: row.kind },
      strReason: row.reason,
      expert: { iUserId: row.expertId, strRealName: expertName },
      referredExpert:
        row.referredExpertId === null
          ? null
          : { iUserId: row.referredExpertId, strRealName: referredName ?? '' },
      listOrder: row.orderItems,
      dtCreateTime: row.createdAt.toISOString(),
    })),
  };
}

/**
 * diagnosis/selectReferralExperts: who the receive's expert may refer the case to — the experts
 * its doctor could have chosen, minus the expert and those already holding the case are marked.
 */
export async function referralExperts(
  db: Db,
  actor: Actor,
  q: ExpertPickerQuery & { iPatientReceiveId: number },
): Promise<ExpertPickPage> {
  const { patientId, hospitalId } = await ownReceiveCase(db, actor, q.iPatientReceiveId);
  const scope = await consultingHospitalsOfCase(db, hospitalId);
  return expertPickPage(db, scope, q, await holdingExpertIds(db, patientId));
}
