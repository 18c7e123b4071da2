import { eq } from 'drizzle-orm';
import { nextReportRequestState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patientReceives } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Notes } from '../notifications/notes';
import type { PatientRow } from '../patients/dto';
import { transition } from '../patients/locked-case';
import * as patientRepo from '../patients/repo';
import type { ReceiveRow } from '../receives/repo';
import type { ReportRequestRow } from './repo';
import * as repo from './repo';

/*
 * A signed version reaching the doctor: at signing where nobody reviews reports, or when the
 * reviewer passes it. The agreed request it answers is done, the case is completed
 * (case-states.ts 'complete'), and the case's doctor and sender are told. The case row must be
 * locked by the caller.
 */
export interface Release {
  patient: PatientRow;
  receive: ReceiveRow;
  /** The receive's agreed request the version answers, if any. */
  request: ReportRequestRow | null;
  expertId: number;
  version: number;
  now: Date;
}

export async function releaseVersion(tx: Db, notes: Notes, r: Release): Promise<void> {
  if (r.request) {
    const done = nextReportRequestState(r.request.state, 'fulfil');
    if (done === null) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    await repo.updateRequest(tx, r.request.id, { state: done });
  }
  const caseTo = transition(r.patient, 'complete');
  await patientRepo.updatePatientRow(tx, r.patient.id, { state: caseTo, updatedAt: r.now });
  await patientRepo.insertEvent(tx, {
    patientId: r.patient.id,
    userId: r.expertId,
    action: 'complete',
    fromState: r.patient.state,
    toState: caseTo,
    createdAt: r.now,
  });
  // The case's doctor, and whoever sent it when that was someone else.
  await notes.add(tx, {
    userIds: [r.patient.ownerId, r.receive.senderId],
    patientId: r.patient.id,
    actorId: r.expertId,
    kind: 'complete',
    params: { version: r.version },
    now: r.now,
  });
}

/** Moves the receive to `state` (its transition checked by the caller). */
export async function setReceiveState(
  tx: Db,
  receiveId: number,
  state: number,
  now: Date,
): Promise<void> {
  await tx
    .update(patientReceives)
    .set({ state, updatedAt: now })
    .where(eq(patientReceives.id, receiveId));
}
