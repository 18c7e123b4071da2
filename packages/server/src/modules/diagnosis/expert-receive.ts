import { RoleType } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import type { PatientRow } from '../patients/dto';
import { lockPatient } from '../patients/repo';
import { findReceive, type ReceiveRow } from '../receives/repo';
import { ReceiveState } from '@pathconsult/shared';

/*
 * The receive an expert works on, with its case locked (every diagnosis change starts here).
 * Another expert's receive answers like a missing one. A case sent to a diagnosis center and not
 * yet distributed has no expert: the center's own experts are told "case not assigned" (spec §5),
 * anyone else gets the 404. The case row is locked before the receive is read again, as
 * withdrawal and submission lock it: whichever comes second sees the other's result.
 */
export interface ExpertReceive {
  receive: ReceiveRow;
  patient: PatientRow;
}

export async function lockExpertReceive(
  tx: Db,
  actor: Actor,
  receiveId: number,
): Promise<ExpertReceive> {
  const found = await findReceive(tx, receiveId);
  if (!found || actor.roleType !== RoleType.Expert) {
    throw notFound();
  }
  if (found.expertId === null) {
    throw found.centerHospitalId === actor.hospitalId
      ? new AppError('CASE_NOT_ASSIGNED')
      : notFound();
  }
  if (found.expertId !== actor.userId) {
    throw notFound();
  }
  const patient = await lockPatient(tx, found.patientId);
  const receive = await findReceive(tx, receiveId);
  if (!patient || !receive || receive.state === ReceiveState.Withdrawn) {
    throw notFound();
  }
  return { receive, patient };
}
