import {
  nextReceiveState,
  type DistributionExpertPage,
  type DistributionExpertQuery,
  type DistributionHospitalPage,
  type DistributionHospitalQuery,
  type ReceiveAction,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { expertPickPage } from '../receives/expert-page';
import { holdingExpertIds, type ReceiveRow } from '../receives/repo';
import * as repo from './repo';
import { assignableExperts, distributionScope, forwardTargets, scopedCenterReceive } from './scope';

/*
 * The two pickers of a waiting case: the experts it may be given and the diagnosis centers it
 * may be forwarded to. A case distributed or withdrawn meanwhile is said so at once
 * (CASE_STATE_CHANGED), before the administrator picks anyone.
 */

/** The receive still waits at its center without an expert, else CASE_STATE_CHANGED. */
export function assertWaitingAtCenter(r: ReceiveRow, action: ReceiveAction): void {
  if (r.assigned || r.expertId !== null || nextReceiveState(r.state, action) === null) {
    throw new AppError('CASE_STATE_CHANGED');
  }
}

/** userManage/selectExpertByDiagnosticsCenter. */
export async function expertsFor(
  db: Db,
  actor: Actor,
  q: DistributionExpertQuery,
): Promise<DistributionExpertPage> {
  const scope = distributionScope(actor);
  const r = await scopedCenterReceive(db, scope, q.iPatientReceiveId);
  assertWaitingAtCenter(r, 'distribute');
  const experts = await assignableExperts(db, scope, r);
  const page = await expertPickPage(db, experts, q, await holdingExpertIds(db, r.patientId));
  return { ...page, listHospital: await repo.hospitalNames(db, experts.expertHospitalIds) };
}

/** hospitalManage/getDistributionHopistal. */
export async function hospitalsFor(
  db: Db,
  actor: Actor,
  q: DistributionHospitalQuery,
): Promise<DistributionHospitalPage> {
  const r = await scopedCenterReceive(db, distributionScope(actor), q.iPatientReceiveId);
  assertWaitingAtCenter(r, 'forward');
  const { rows, total } = await repo.hospitalPage(db, await forwardTargets(db, r), {
    name: q.strHospitalName,
    limit: q.iPageSize,
    offset: (q.iCurPage - 1) * q.iPageSize,
  });
  return {
    listPage: rows.map((h) => ({
      iHospitalId: h.id,
      strHospitalName: h.name,
      strCity: h.city ?? '',
      iExpertCount: h.experts,
    })),
    iTotalCount: total,
  };
}
