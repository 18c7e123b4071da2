import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { HospitalDiagnosis, RoleType, UserState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';

/*
 * Who a doctor may send a case to (docs/decisions.md "Consultation workflow"), decided here only:
 * the enabled experts of the hospitals that diagnose (diagnosis hospital or diagnosis center) in
 * the doctor's hospital group, the doctor's own hospital included when it diagnoses; and, as a
 * whole, the group's diagnosis centers. Anyone else answers the 404 of a missing expert or
 * hospital, so the picker cannot be used to probe other groups.
 */

export interface ConsultingHospitals {
  /** Hospitals whose experts may be chosen. */
  expertHospitalIds: number[];
  /** Diagnosis centers a case may be sent to for distribution. */
  centerIds: number[];
}

export async function consultingHospitals(db: Db, actor: Actor): Promise<ConsultingHospitals> {
  // actor.groupId is the group of the caller's hospital, read with the session on every call.
  return actor.hospitalId === null
    ? { expertHospitalIds: [], centerIds: [] }
    : consultingHospitalsOf(db, actor.hospitalId, actor.groupId);
}

/**
 * The same for a case's hospital, whoever acts on it (an expert referring the case passes it to
 * an expert its doctor could have chosen).
 */
export async function consultingHospitalsOfCase(
  db: Db,
  caseHospitalId: number,
): Promise<ConsultingHospitals> {
  const [row] = await db
    .select({ groupId: hospitals.groupId })
    .from(hospitals)
    .where(eq(hospitals.id, caseHospitalId));
  return consultingHospitalsOf(db, caseHospitalId, row?.groupId ?? null);
}

async function consultingHospitalsOf(
  db: Db,
  hospitalId: number,
  groupId: number | null,
): Promise<ConsultingHospitals> {
  // A hospital outside any group consults only itself (when it diagnoses).
  const sameGroup = groupId !== null ? eq(hospitals.groupId, groupId) : undefined;
  const rows = await db
    .select({ id: hospitals.id, isDiagnosis: hospitals.isDiagnosis })
    .from(hospitals)
    .where(
      and(
        or(sameGroup, eq(hospitals.id, hospitalId)),
        inArray(hospitals.isDiagnosis, [HospitalDiagnosis.Diagnosis, HospitalDiagnosis.Center]),
      ),
    );
  return {
    expertHospitalIds: rows.map((r) => r.id),
    centerIds: rows.filter((r) => r.isDiagnosis === HospitalDiagnosis.Center).map((r) => r.id),
  };
}

/** The experts of those hospitals, as a condition over `users` (the picker's list). */
export function pickableExperts(scope: ConsultingHospitals): SQL {
  if (scope.expertHospitalIds.length === 0) {
    return sql`false`;
  }
  return (
    and(
      eq(users.roleType, RoleType.Expert),
      eq(users.state, UserState.Enabled),
      inArray(users.hospitalId, scope.expertHospitalIds),
    ) ?? sql`false`
  );
}

/** Every one of `expertIds` may be sent the case, else the 404 of a missing expert. */
export async function assertPickableExperts(
  db: Db,
  scope: ConsultingHospitals,
  expertIds: readonly number[],
): Promise<void> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(pickableExperts(scope), inArray(users.id, [...expertIds])));
  if (found.length !== new Set(expertIds).size) {
    throw notFound();
  }
}

/** The hospital is one of the group's diagnosis centers, else the 404 of a missing hospital. */
export function assertReachableCenter(scope: ConsultingHospitals, centerId: number): void {
  if (!scope.centerIds.includes(centerId)) {
    throw notFound();
  }
}
