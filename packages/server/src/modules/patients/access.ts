import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, HOLDING_RECEIVE_STATES, ReceiveState, RoleType } from '@pathconsult/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { patientReceives, patients } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { holds } from '../privileges/held';
import { isHospitalInScope, scopeOf, whereInScope } from '../tenancy/scope';

/*
 * Who may do what with a case. A case belongs to its hospital (the tenancy boundary) and to the
 * doctor who created it there:
 * - the owner reads and changes it, while it belongs to a hospital in the owner's scope (a doctor
 *   who moved to another hospital leaves its cases behind);
 * - administrators holding "report view" read the cases of the hospitals that privilege's scope
 *   holds (own hospital or all), never change them;
 * - experts read the cases sent to them (a receive not withdrawn): `caseReaderRole` and
 *   `readableWhere` (issue 7); they never change the case itself.
 * Anyone else is refused with CASE_NOT_OWNED inside the own hospital and with the same 404 as a
 * missing case outside it, so other hospitals' case ids cannot be probed.
 */

export interface CaseRef {
  hospitalId: number;
  ownerId: number;
}

export type CaseReaderRole = 'owner' | 'reportViewer' | 'expert';

/** Receives through which an expert reads a case: all but withdrawn ones. */
const READING_RECEIVES = [
  ReceiveState.Waiting,
  ReceiveState.Reviewing,
  ReceiveState.Diagnosed,
  ReceiveState.Returned,
];

function isOwner(actor: Actor, c: CaseRef): boolean {
  return c.ownerId === actor.userId && isHospitalInScope(scopeOf(actor), c.hospitalId);
}

function mayViewReports(actor: Actor): boolean {
  return ADMIN_ROLES.includes(actor.roleType) && holds(actor.privileges, 'reportView');
}

/**
 * Who reviews a report before release (where the expert's hospital asks for it): platform
 * administrators, and the administrators of the expert's own hospital holding "report view" —
 * the diagnosing institution's quality control. A hospital administrator's "all hospitals" report
 * view reads other hospitals' reports; it does not make them another institution's reviewer. They
 * read the version under review and its case through the report, and decide it; they do not
 * become readers of the case otherwise.
 */
export function mayReviewReportsOf(actor: Actor, expertHospitalId: number): boolean {
  if (!mayViewReports(actor)) {
    return false;
  }
  return isPlatformAdmin(actor) || actor.hospitalId === expertHospitalId;
}

/** `mayReviewReportsOf` as SQL over the expert's hospital column (the review queue). */
export function reviewableWhere(actor: Actor, expertHospitalColumn: PgColumn): SQL {
  if (!mayViewReports(actor)) {
    return sql`false`;
  }
  if (isPlatformAdmin(actor)) {
    return sql`true`;
  }
  return actor.hospitalId == null ? sql`false` : eq(expertHospitalColumn, actor.hospitalId);
}

function isPlatformAdmin(actor: Actor): boolean {
  return actor.isSuperadmin || actor.roleType === RoleType.PlatformAdmin;
}

/** The refusal for a case the caller may not use: inside its own hospital or not. */
function refusal(actor: Actor, c: CaseRef): AppError {
  return isHospitalInScope(scopeOf(actor), c.hospitalId)
    ? new AppError('CASE_NOT_OWNED')
    : notFound();
}

/** A case as the read check needs it: its id (for the receives) and its ownership. */
export type ReadableCase = CaseRef & { id: number };

/**
 * How the caller may read the case, or the refusal. Owners and report viewers are decided from
 * the row; an expert reads a case sent to them (one query on patient_receives_patient_idx).
 */
export async function caseReaderRole(
  db: Db,
  actor: Actor,
  c: ReadableCase,
): Promise<CaseReaderRole> {
  if (actor.roleType === RoleType.Expert && (await wasSentTo(db, c.id, actor.userId))) {
    return 'expert';
  }
  return readerRole(actor, c);
}

/** A receive of the case by the expert through which they read it. */
function sentToExpert(expertId: number): SQL | undefined {
  return and(
    eq(patientReceives.expertId, expertId),
    inArray(patientReceives.state, READING_RECEIVES),
  );
}

/** Whether the expert has a receive of the case in one of `states`. */
async function hasReceiveIn(
  db: Db,
  patientId: number,
  expertId: number,
  states: readonly number[],
): Promise<boolean> {
  const rows = await db
    .select({ id: patientReceives.id })
    .from(patientReceives)
    .where(
      and(
        eq(patientReceives.patientId, patientId),
        eq(patientReceives.expertId, expertId),
        inArray(patientReceives.state, [...states]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the expert still holds the case (a receive waiting, under review or reported on): what
 * lets them add to it (annotations on its slides, screenshots). A case they returned they read
 * still, as they left it, and change no more.
 */
export const expertHoldsCase = (db: Db, patientId: number, expertId: number) =>
  hasReceiveIn(db, patientId, expertId, HOLDING_RECEIVE_STATES);

const wasSentTo = (db: Db, patientId: number, expertId: number) =>
  hasReceiveIn(db, patientId, expertId, READING_RECEIVES);

/** The rules that need no query (owner, report viewers): only through caseReaderRole. */
function readerRole(actor: Actor, c: CaseRef): CaseReaderRole {
  if (isOwner(actor, c)) {
    return 'owner';
  }
  if (mayViewReports(actor) && isHospitalInScope(scopeOf(actor, 'reportView'), c.hospitalId)) {
    return 'reportViewer';
  }
  throw refusal(actor, c);
}

/** Changes are the owner's alone. */
export function assertOwner(actor: Actor, c: CaseRef): void {
  if (!isOwner(actor, c)) {
    throw refusal(actor, c);
  }
}

/** `caseReaderRole` as SQL over `patients`: the cases the caller may read (collection list). */
export function readableWhere(actor: Actor): SQL {
  const own = and(
    eq(patients.ownerId, actor.userId),
    whereInScope(scopeOf(actor), patients.hospitalId),
  );
  const asReportViewer = mayViewReports(actor)
    ? whereInScope(scopeOf(actor, 'reportView'), patients.hospitalId)
    : sql`false`;
  const asExpert =
    actor.roleType === RoleType.Expert
      ? sql`exists (select 1 from ${patientReceives} where ${and(
          eq(patientReceives.patientId, patients.id),
          sentToExpert(actor.userId),
        )})`
      : sql`false`;
  return or(own, asReportViewer, asExpert) ?? sql`false`;
}
