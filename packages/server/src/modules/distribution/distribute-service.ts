import {
  ReceiveState,
  type PatientReceiveList,
  type distributeToExpertsSchema,
  type forwardToHospitalSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import * as patientRepo from '../patients/repo';
import type { PatientRow } from '../patients/dto';
import { toReceiveDto } from '../receives/dto';
import { assertPickableExperts } from '../receives/expert-scope';
import * as receiveRepo from '../receives/repo';
import { assertWaitingAtCenter } from './pickers';
import * as repo from './repo';
import {
  assignableExperts,
  distributionScope,
  forwardTargets,
  scopedCenterReceive,
  type DistributionScope,
} from './scope';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';

/*
 * The two changes of a waiting case: giving it experts, or forwarding it to another diagnosis
 * center. Each runs in one transaction that locks the case row first (as submission, withdrawal
 * and the experts' changes do) and then reads the receive again: a withdrawal, another
 * distribution or a forwarding that came first is seen, and the late one is refused with
 * CASE_STATE_CHANGED. The case keeps its state (submitted); a 'distribute' or 'forward' event in
 * its history says who did it and when.
 */

export interface DistributionDeps {
  db: Db;
  clock: Clock;
}

export type DistributeInput = z.output<typeof distributeToExpertsSchema>;
export type ForwardInput = z.output<typeof forwardToHospitalSchema>;

type CenterReceive = receiveRepo.ReceiveRow & { centerHospitalId: number };

interface Locked {
  patient: PatientRow;
  receive: CenterReceive;
}

/**
 * The receive in the caller's centers (else 404), its case locked, the receive read again and
 * still waiting at the same center without an expert (else CASE_STATE_CHANGED).
 */
async function lockWaitingReceive(
  tx: Db,
  scope: DistributionScope,
  receiveId: number,
  action: 'distribute' | 'forward',
): Promise<Locked> {
  const found = await scopedCenterReceive(tx, scope, receiveId);
  const patient = await patientRepo.lockPatient(tx, found.patientId);
  const r = await receiveRepo.findReceive(tx, receiveId);
  if (!patient || !r) {
    throw notFound();
  }
  // Forwarded away meanwhile: no longer this center's to distribute.
  if (r.centerHospitalId !== found.centerHospitalId) {
    throw new AppError('CASE_STATE_CHANGED');
  }
  assertWaitingAtCenter(r, action);
  return { patient, receive: { ...r, centerHospitalId: found.centerHospitalId } };
}

/** The distinct experts, in the order given (the first one takes the waiting receive). */
export function expertsOf(input: DistributeInput): number[] {
  return [...new Set(input.listUser.map((u) => u.iUserId))];
}

/** patient/updatePatientReceiveUser: the receive gets its experts; all or none. */
export async function distributeToExperts(
  { db, clock, hub }: DistributionDeps & { hub: NotificationHub },
  actor: Actor,
  input: DistributeInput,
): Promise<PatientReceiveList> {
  const scope = distributionScope(actor);
  // The schema asks for at least one expert.
  const [first, ...others] = expertsOf(input);
  if (first === undefined) {
    throw new AppError('VALIDATION_FAILED');
  }
  const now = clock.now();
  const ids = await withNotes({ db, hub }, async (tx, notes) => {
    const { patient, receive } = await lockWaitingReceive(
      tx,
      scope,
      input.iPatientReceiveId,
      'distribute',
    );
    await assertPickableExperts(tx, await assignableExperts(tx, scope, receive), [
      first,
      ...others,
    ]);
    // An expert already holding the case (sent it directly, or given it before) is not given it
    // twice.
    const holders = await receiveRepo.holdingExpertIds(tx, receive.patientId);
    if ([first, ...others].some((id) => holders.has(id))) {
      throw new AppError('EXPERT_HOLDS_CASE');
    }
    await repo.assignExpert(tx, receive.id, first, now);
    // Further experts get receives of their own from the same sending and center, so that each
    // works on and reports the case as if the doctor had chosen them.
    const added =
      others.length === 0
        ? []
        : await receiveRepo.insertReceives(
            tx,
            others.map((expertId) => ({
              patientId: receive.patientId,
              hospitalId: receive.hospitalId,
              senderId: receive.senderId,
              expertId,
              centerHospitalId: receive.centerHospitalId,
              state: ReceiveState.Waiting,
              assigned: true,
              createdAt: now,
              updatedAt: now,
            })),
          );
    await patientRepo.insertEvent(tx, {
      patientId: patient.id,
      userId: actor.userId,
      action: 'distribute',
      fromState: patient.state,
      toState: patient.state,
      createdAt: now,
    });
    // The experts have a new case waiting, as if the doctor had sent it to them.
    await notes.add(tx, {
      userIds: [first, ...others],
      patientId: patient.id,
      actorId: actor.userId,
      kind: 'submit',
      params: {},
      now,
    });
    return [receive.id, ...added];
  });
  return { listPatientReceive: (await receiveRepo.receiveViewsByIds(db, ids)).map(toReceiveDto) };
}

/** hospitalManage/DistributionHopistal: the receive waits at another center from now on. */
export async function forwardToHospital(
  { db, clock }: DistributionDeps,
  actor: Actor,
  input: ForwardInput,
): Promise<PatientReceiveList> {
  const scope = distributionScope(actor);
  const [target] = input.listHospitalId;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { patient, receive } = await lockWaitingReceive(
      tx,
      scope,
      input.iPatientReceiveId,
      'forward',
    );
    if (target === receive.centerHospitalId) {
      throw new AppError('CASE_ALREADY_AT_CENTER');
    }
    if (target === undefined || !(await forwardTargets(tx, receive)).includes(target)) {
      throw notFound();
    }
    await repo.moveToCenter(tx, receive.id, target, now);
    await patientRepo.insertEvent(tx, {
      patientId: patient.id,
      userId: actor.userId,
      action: 'forward',
      fromState: patient.state,
      toState: patient.state,
      createdAt: now,
    });
  });
  return {
    listPatientReceive: (await receiveRepo.receiveViewsByIds(db, [input.iPatientReceiveId])).map(
      toReceiveDto,
    ),
  };
}
