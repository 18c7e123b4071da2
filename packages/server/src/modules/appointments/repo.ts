import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACTIVE_APPOINTMENT_STATES } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { appointments, hospitals, patients, users } from '../../db/schema';
import { escapeLike } from '../../lib/like';

/*
 * Queries of the appointments module. Which rows a caller may see is decided by the service
 * (`sideWhere` in list-service.ts) before a list query runs; the expert's and the doctor's lists
 * are served by appointments_expert_idx and appointments_doctor_idx (user, start_at).
 */

export type AppointmentRow = typeof appointments.$inferSelect;

const doctor = alias(users, 'appt_doctor');
const expert = alias(users, 'appt_expert');
const expertHospital = alias(hospitals, 'appt_expert_hospital');

/** The active bookings (pending or accepted) of an expert starting at these instants. */
export async function activeStarts(
  db: Db,
  expertId: number,
  from: Date,
  until: Date,
): Promise<Set<number>> {
  const rows = await db
    .select({ startAt: appointments.startAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.expertId, expertId),
        inArray(appointments.state, [...ACTIVE_APPOINTMENT_STATES]),
        gte(appointments.startAt, from),
        lt(appointments.startAt, until),
      ),
    );
  return new Set(rows.map((r) => r.startAt.getTime()));
}

/**
 * Takes the lock on the expert's user row that serializes bookings of one expert (and changes of
 * their week, which take the same lock in working-time/service.ts): the "is the half-day free"
 * check and the insert then cannot interleave with another booking's.
 */
export async function lockExpert(tx: Db, expertId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, expertId)).for('update');
}

export async function insertAppointment(
  tx: Db,
  values: typeof appointments.$inferInsert,
): Promise<AppointmentRow> {
  const [row] = await tx.insert(appointments).values(values).returning();
  if (!row) {
    throw new Error('appointment insert returned nothing');
  }
  return row;
}

/** A booking by id, locked for its change. */
export async function lockAppointment(tx: Db, id: number): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

export async function setState(
  tx: Db,
  id: number,
  change: { state: number; answer: string | null; decidedAt: Date },
): Promise<void> {
  await tx
    .update(appointments)
    .set({ ...change, updatedAt: change.decidedAt })
    .where(eq(appointments.id, id));
}

export interface ListFilters {
  state?: number;
  /** Bounds of the half-days' start: inclusive from, exclusive until. */
  from?: Date;
  until?: Date;
  name?: string;
  num?: string;
  limit: number;
  offset: number;
}

function filtered(side: SQL | undefined, f: ListFilters): SQL | undefined {
  return and(
    side,
    f.state === undefined ? undefined : eq(appointments.state, f.state),
    f.from ? gte(appointments.startAt, f.from) : undefined,
    f.until ? lt(appointments.startAt, f.until) : undefined,
    // Prefixes, as the case lists match them.
    f.name ? sql`lower(${patients.name}) like lower(${`${escapeLike(f.name)}%`})` : undefined,
    f.num ? sql`lower(${patients.diagnosisNum}) like lower(${`${escapeLike(f.num)}%`})` : undefined,
  );
}

const listColumns = {
  appointment: appointments,
  patientName: patients.name,
  diagnosisNum: patients.diagnosisNum,
  hospitalName: hospitals.name,
  doctorName: doctor.realName,
  expertName: expert.realName,
  expertHospitalName: expertHospital.name,
};

/**
 * One page of bookings, soonest first: half-days still to come or under way in time order, then
 * the past ones, latest first (what a pathologist plans by is what comes next).
 */
export async function appointmentPage(db: Db, side: SQL | undefined, f: ListFilters, now: Date) {
  const where = filtered(side, f);
  const over = sql`${appointments.endAt} <= ${now}`;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(hospitals, eq(hospitals.id, appointments.hospitalId))
      .innerJoin(doctor, eq(doctor.id, appointments.doctorId))
      .innerJoin(expert, eq(expert.id, appointments.expertId))
      .leftJoin(expertHospital, eq(expertHospital.id, expert.hospitalId))
      .where(where)
      .orderBy(
        over,
        sql`case when ${over} then null else ${appointments.startAt} end asc`,
        sql`${appointments.startAt} desc`,
        appointments.id,
      )
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type AppointmentListRow = Awaited<ReturnType<typeof appointmentPage>>['rows'][number];

/** One booking with the names its list row shows (after a change). */
export async function appointmentItem(db: Db, id: number): Promise<AppointmentListRow | undefined> {
  const { rows } = await appointmentPage(
    db,
    eq(appointments.id, id),
    { limit: 1, offset: 0 },
    new Date(0),
  );
  return rows[0];
}
