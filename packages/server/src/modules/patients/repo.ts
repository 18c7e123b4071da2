import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PatientEventType } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, patientCollections, patientEvents, patients, users } from '../../db/schema';
import type { PatientEventRow, PatientRow, PatientView } from './dto';

const owner = alias(users, 'owner');

/** A case with its hospital's and owner's names, and whether `viewerId` collected it. */
export async function findPatientView(
  db: Db,
  id: number,
  viewerId: number,
): Promise<PatientView | undefined> {
  const [row] = await db
    .select({
      patient: patients,
      hospitalName: hospitals.name,
      ownerName: owner.realName,
      collected: sql<boolean>`${patientCollections.userId} is not null`,
    })
    .from(patients)
    .innerJoin(hospitals, eq(hospitals.id, patients.hospitalId))
    .innerJoin(owner, eq(owner.id, patients.ownerId))
    .leftJoin(
      patientCollections,
      and(eq(patientCollections.patientId, patients.id), eq(patientCollections.userId, viewerId)),
    )
    .where(eq(patients.id, id));
  return row;
}

/**
 * Locks the case row until the transaction ends: every change reads the state under this lock,
 * so two concurrent actions on one case run one after the other and the second sees the first's
 * result. `share` for actions that only need the case to stay (collecting it).
 */
export async function lockPatient(
  tx: Db,
  id: number,
  mode: 'update' | 'share' = 'update',
): Promise<PatientRow | undefined> {
  const [row] = await tx.select().from(patients).where(eq(patients.id, id)).for(mode);
  return row;
}

export async function insertPatient(
  tx: Db,
  values: typeof patients.$inferInsert,
): Promise<PatientRow> {
  const [row] = await tx.insert(patients).values(values).returning();
  if (!row) {
    throw new Error('case not inserted');
  }
  return row;
}

export async function updatePatientRow(
  tx: Db,
  id: number,
  values: Partial<typeof patients.$inferInsert>,
): Promise<void> {
  await tx.update(patients).set(values).where(eq(patients.id, id));
}

/** Deletes the case; its events, comments and collections go with it (foreign keys cascade). */
export async function deletePatientRow(tx: Db, id: number): Promise<void> {
  await tx.delete(patients).where(eq(patients.id, id));
}

export interface EventValues {
  patientId: number;
  userId: number;
  action: PatientEventType;
  fromState: number | null;
  toState: number | null;
  reason?: string | null;
  createdAt: Date;
}

export async function insertEvent(tx: Db, e: EventValues): Promise<void> {
  await tx.insert(patientEvents).values({ ...e, reason: e.reason ?? null });
}

const actor = alias(users, 'actor');

/** The events of a case, newest first, optionally of one type. */
export async function listEvents(
  db: Db,
  patientId: number,
  type: PatientEventType | undefined,
): Promise<PatientEventRow[]> {
  const rows = await db
    .select({ event: patientEvents, userName: actor.realName })
    .from(patientEvents)
    .leftJoin(actor, eq(actor.id, patientEvents.userId))
    .where(
      and(
        eq(patientEvents.patientId, patientId),
        type ? eq(patientEvents.action, type) : undefined,
      ),
    )
    .orderBy(desc(patientEvents.createdAt), desc(patientEvents.id));
  return rows.map((r) => ({ ...r.event, userName: r.userName }));
}

/** The candidates a case of the hospital already carries as its number (case-insensitively). */
export async function takenNumbers(
  db: Db,
  hospitalId: number,
  candidates: readonly string[],
): Promise<Set<string>> {
  if (candidates.length === 0) {
    return new Set();
  }
  // Equality on lower(diagnosis_num): served by the unique index patients_hospital_num_key.
  const rows = await db
    .select({ num: patients.diagnosisNum })
    .from(patients)
    .where(
      and(
        eq(patients.hospitalId, hospitalId),
        sql`lower(${patients.diagnosisNum}) in (${sql.join(
          candidates.map((c) => sql`lower(${c})`),
          sql`, `,
        )})`,
      ),
    );
  const held = new Set(rows.map((r) => r.num.toLowerCase()));
  return new Set(candidates.filter((c) => held.has(c.toLowerCase())));
}

/** Collects the case for the user; collecting it again changes nothing. */
export async function addCollection(
  tx: Db,
  userId: number,
  patientId: number,
  now: Date,
): Promise<void> {
  await tx
    .insert(patientCollections)
    .values({ userId, patientId, createdAt: now })
    .onConflictDoNothing();
}

export async function removeCollection(tx: Db, userId: number, patientId: number): Promise<void> {
  await tx
    .delete(patientCollections)
    .where(and(eq(patientCollections.userId, userId), eq(patientCollections.patientId, patientId)));
}
