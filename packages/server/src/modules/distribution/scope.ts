import { RoleType } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { scopeHeld } from '../privileges/held';
import { consultingHospitalsOfCase, type ConsultingHospitals } from '../receives/expert-scope';
import { findReceive, type ReceiveRow } from '../receives/repo';
import { isHospitalInScope, type HospitalScope } from '../tenancy/scope';

/*
 * Who distributes what (docs/decisions.md "Distribution"), decided here only. The "assign cases"
 * privilege comes as own hospital or all hospitals:
 * - own hospital: the cases waiting at the caller's own hospital (a diagnosis center), to the
 *   enabled experts of that hospital;
 * - all hospitals (and platform administrators): the cases waiting at any diagnosis center, to
 *   the experts the case's doctor could have chosen (the diagnosing hospitals of the case
 *   hospital's group, receives/expert-scope.ts).
 * Either may forward a waiting case to another diagnosis center of the case's group ("designated
 * hospitals"), whose administrators distribute it then. Receives outside the caller's centers
 * answer the 404 of a missing one, so other centers' work cannot be probed.
 */

export interface DistributionScope {
  /** The diagnosis centers whose waiting cases the caller distributes. */
  centers: HospitalScope;
  /** Whose experts: the caller's own hospital, or those the case's doctor could choose. */
  experts: 'ownHospital' | 'caseGroup';
  ownHospitalId: number | null;
}

export function distributionScope(actor: Actor): DistributionScope {
  const wide =
    actor.isSuperadmin ||
    actor.roleType === RoleType.PlatformAdmin ||
    scopeHeld(actor.privileges, 'assignCases') === 2;
  if (wide) {
    return { centers: { kind: 'all' }, experts: 'caseGroup', ownHospitalId: actor.hospitalId };
  }
  const own = scopeHeld(actor.privileges, 'assignCases') === 1 ? actor.hospitalId : null;
  return {
    centers: { kind: 'hospitals', hospitalIds: own === null ? [] : [own] },
    experts: 'ownHospital',
    ownHospitalId: actor.hospitalId,
  };
}

/** A receive sent to a diagnosis center the caller distributes for, else the 404. */
export async function scopedCenterReceive(
  db: Db,
  scope: DistributionScope,
  receiveId: number,
): Promise<ReceiveRow & { centerHospitalId: number }> {
  const r = await findReceive(db, receiveId);
  if (!r || r.centerHospitalId === null || !isHospitalInScope(scope.centers, r.centerHospitalId)) {
    throw notFound();
  }
  return { ...r, centerHospitalId: r.centerHospitalId };
}

/** The hospitals whose experts the receive may be given (as the picker's scope). */
export async function assignableExperts(
  db: Db,
  scope: DistributionScope,
  r: ReceiveRow,
): Promise<ConsultingHospitals> {
  if (scope.experts === 'caseGroup') {
    return consultingHospitalsOfCase(db, r.hospitalId);
  }
  return {
    expertHospitalIds: scope.ownHospitalId === null ? [] : [scope.ownHospitalId],
    centerIds: [],
  };
}

/** The diagnosis centers the receive may be forwarded to: its case group's, but its own. */
export async function forwardTargets(
  db: Db,
  r: ReceiveRow & { centerHospitalId: number },
): Promise<number[]> {
  const { centerIds } = await consultingHospitalsOfCase(db, r.hospitalId);
  return centerIds.filter((id) => id !== r.centerHospitalId);
}
