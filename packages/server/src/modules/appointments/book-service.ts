import {
  APPOINTMENT_HORIZON_DAYS,
  AppointmentState,
  chinaDaysFrom,
  halfDayBounds,
  isoWeekdayOf,
  type AppointmentItem,
  type AppointmentSlotList,
  type WorkingPeriodCode,
  type appointmentAddSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { lockOwnedCase } from '../patients/locked-case';
import { assertPickableExperts, consultingHospitals } from '../receives/expert-scope';
import { slotsOf } from '../working-time/repo';
import { toAppointmentItem } from './dto';
import * as repo from './repo';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';

/*
 * Booking a half-day of an expert (docs/decisions.md "Appointments"): the case is the doctor's
 * own (patients/locked-case.ts: tenancy and owner), the expert one the doctor may send cases to
 * (receives/expert-scope.ts), the half-day in the expert's week, not begun and within the
 * horizon, and free: one active (pending or accepted) booking per expert half-day.
 */

export interface AppointmentDeps {
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}

export type BookInput = z.output<typeof appointmentAddSchema>;

/** The expert's working half-days as "weekday-period" keys. */
async function weekOf(db: Db, expertId: number): Promise<Set<string>> {
  const slots = await slotsOf(db, [expertId]);
  return new Set(slots.map((s) => `${s.weekday}-${s.period}`));
}

/** The last instant (exclusive) a booking may start before: the end of the horizon's last day. */
function horizonEnd(now: Date): Date {
  const days = chinaDaysFrom(now, APPOINTMENT_HORIZON_DAYS + 1);
  return new Date(`${days[APPOINTMENT_HORIZON_DAYS]}T00:00:00+08:00`);
}

/** patient/addPatientReceiveReservation. */
export async function book(
  { db, clock, hub }: AppointmentDeps,
  actor: Actor,
  input: BookInput,
): Promise<AppointmentItem> {
  const now = clock.now();
  const period = input.iPeriod as WorkingPeriodCode;
  const { startAt, endAt } = halfDayBounds(input.dtDate, period);
  const id = await withNotes({ db, hub }, async (tx, notes) => {
    const patient = await lockOwnedCase(tx, actor, input.iPatientId);
    await assertPickableExperts(tx, await consultingHospitals(tx, actor), [input.iExpertId]);
    await repo.lockExpert(tx, input.iExpertId);
    if (!(await weekOf(tx, input.iExpertId)).has(`${isoWeekdayOf(input.dtDate)}-${period}`)) {
      throw new AppError('APPOINTMENT_NOT_WORKING');
    }
    if (startAt <= now || startAt >= horizonEnd(now)) {
      throw new AppError('APPOINTMENT_OUT_OF_RANGE', { days: APPOINTMENT_HORIZON_DAYS });
    }
    const taken = await repo.activeStarts(tx, input.iExpertId, startAt, endAt);
    if (taken.size > 0) {
      throw new AppError('APPOINTMENT_SLOT_TAKEN');
    }
    const row = await repo.insertAppointment(tx, {
      patientId: patient.id,
      hospitalId: patient.hospitalId,
      doctorId: actor.userId,
      expertId: input.iExpertId,
      startAt,
      endAt,
      kind: input.ddKind.iNumber,
      note: input.strNote,
      state: AppointmentState.Pending,
      createdAt: now,
      updatedAt: now,
    });
    await notes.add(tx, {
      userIds: [input.iExpertId],
      patientId: patient.id,
      actorId: actor.userId,
      kind: 'appointmentBooked',
      params: { start: startAt.toISOString() },
      now,
    });
    return row.id;
  });
  const item = await repo.appointmentItem(db, id);
  if (!item) {
    throw notFound();
  }
  return toAppointmentItem(item, now);
}

/**
 * patient/selectAppointSlots: the expert's working half-days of the next days (today's when not
 * begun), each with whether a booking holds it; the booking dialog offers the free ones.
 */
export async function slots(
  { db, clock }: AppointmentDeps,
  actor: Actor,
  expertId: number,
): Promise<AppointmentSlotList> {
  const now = clock.now();
  await assertPickableExperts(db, await consultingHospitals(db, actor), [expertId]);
  const week = await weekOf(db, expertId);
  const taken = await repo.activeStarts(db, expertId, now, horizonEnd(now));
  const listSlot = chinaDaysFrom(now, APPOINTMENT_HORIZON_DAYS).flatMap((day) =>
    ([1, 2] as const)
      .filter((period) => week.has(`${isoWeekdayOf(day)}-${period}`))
      .map((period) => ({ day, period, ...halfDayBounds(day, period) }))
      .filter((s) => s.startAt > now)
      .map((s) => ({
        dtDate: s.day,
        iWeekday: isoWeekdayOf(s.day),
        iPeriod: s.period,
        dtAppointStartTime: s.startAt.toISOString(),
        dtAppointEndTime: s.endAt.toISOString(),
        bTaken: taken.has(s.startAt.getTime()),
      })),
  );
  return { listSlot };
}
