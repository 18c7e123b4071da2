import {
  APPOINTMENT_ACTION_SIDE,
  RoleType,
  nextAppointmentState,
  type AppointmentItem,
  type AppointmentStateCode,
  type appointmentStateUpdateSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { isHospitalInScope, scopeOf } from '../tenancy/scope';
import type { AppointmentDeps } from './book-service';
import { toAppointmentItem } from './dto';
import * as repo from './repo';
import { withNotes, type NoticeKind } from '../notifications/notes';

export type StateInput = z.output<typeof appointmentStateUpdateSchema>;

/**
 * A booking is the expert's it was made with and the doctor's who made it, while its case's
 * hospital stays in the doctor's scope (as for the case itself, patients/access.ts). Anyone
 * else's answers the 404 of a missing one.
 */
export function isPartyTo(actor: Actor, row: repo.AppointmentRow): boolean {
  if (actor.roleType === RoleType.Expert) {
    return row.expertId === actor.userId;
  }
  return row.doctorId === actor.userId && isHospitalInScope(scopeOf(actor), row.hospitalId);
}

/**
 * patient/updatePatientAppointState: the expert accepts or declines, the doctor cancels, before
 * the half-day begins. The other side's action is a 403 (the role may not do it); a move the
 * transition table refuses is CASE_STATE_CHANGED (the screen saw an older state).
 */
const NOTICE_OF: Record<'accept' | 'decline' | 'cancel', NoticeKind> = {
  accept: 'appointmentAccepted',
  decline: 'appointmentDeclined',
  cancel: 'appointmentCancelled',
};

export async function changeState(
  { db, clock, hub }: AppointmentDeps,
  actor: Actor,
  input: StateInput,
): Promise<AppointmentItem> {
  const side = actor.roleType === RoleType.Expert ? 'expert' : 'doctor';
  if (APPOINTMENT_ACTION_SIDE[input.ddAction] !== side) {
    throw new AppError('FORBIDDEN');
  }
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    const row = await repo.lockAppointment(tx, input.iAppointmentId);
    if (!row || !isPartyTo(actor, row)) {
      throw notFound();
    }
    const to = nextAppointmentState(row.state as AppointmentStateCode, input.ddAction);
    if (to === null) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    if (row.startAt <= now) {
      throw new AppError('APPOINTMENT_STARTED');
    }
    // The answer is the expert's (a decline's reason, an acceptance's remark); cancelling keeps
    // whatever the expert had said.
    const answer = side === 'expert' ? input.strAnswer || null : row.answer;
    await repo.setState(tx, row.id, { state: to, answer, decidedAt: now });
    // The other party is told: the doctor of an answer, the expert of a cancellation.
    await notes.add(tx, {
      userIds: [side === 'expert' ? row.doctorId : row.expertId],
      patientId: row.patientId,
      actorId: actor.userId,
      kind: NOTICE_OF[input.ddAction],
      params: { start: row.startAt.toISOString(), ...(answer ? { reason: answer } : {}) },
      now,
    });
  });
  const item = await repo.appointmentItem(db, input.iAppointmentId);
  if (!item) {
    throw notFound();
  }
  return toAppointmentItem(item, now);
}
