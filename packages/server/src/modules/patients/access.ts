import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES } from '@pathconsult/shared';
import { patients } from '../../db/schema';
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
 * - issue 7 adds the experts a case was sent to: one more reader rule in `readerRole` and
 *   `readableWhere`, nothing else changes.
 * Anyone else is refused with CASE_NOT_OWNED inside the own hospital and with the same 404 as a
 * missing case outside it, so other hospitals' case ids cannot be probed.
 */

export interface CaseRef {
  hospitalId: number;
  ownerId: number;
}

export type CaseReaderRole = 'owner' | 'reportViewer';

function isOwner(actor: Actor, c: CaseRef): boolean {
  return c.ownerId === actor.userId && isHospitalInScope(scopeOf(actor), c.hospitalId);
}

function mayViewReports(actor: Actor): boolean {
  return ADMIN_ROLES.includes(actor.roleType) && holds(actor.privileges, 'reportView');
}

/** The refusal for a case the caller may not use: inside its own hospital or not. */
function refusal(actor: Actor, c: CaseRef): AppError {
  return isHospitalInScope(scopeOf(actor), c.hospitalId)
    ? new AppError('CASE_NOT_OWNED')
    : notFound();
}

/** How the caller may read the case, or the refusal. */
export function readerRole(actor: Actor, c: CaseRef): CaseReaderRole {
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

/** `readerRole` as SQL over `patients`: the cases the caller may read (collection list). */
export function readableWhere(actor: Actor): SQL {
  const own = and(
    eq(patients.ownerId, actor.userId),
    whereInScope(scopeOf(actor), patients.hospitalId),
  );
  const asReportViewer = mayViewReports(actor)
    ? whereInScope(scopeOf(actor, 'reportView'), patients.hospitalId)
    : sql`false`;
  return or(own, asReportViewer) ?? sql`false`;
}
