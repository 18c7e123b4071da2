import type {
  FrozenHeadDto,
  PatientDto,
  PatientEventDto,
  PatientEventQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole } from './access';
import { toEventDto } from './dto';
import { lockOwnedCase, transition } from './locked-case';
import * as repo from './repo';
import { waitingExpertIds, withdrawReceives } from '../receives/repo';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';
import { readPatient, type PatientDeps } from './service';

/**
 * back/withdrawPatient: the owner takes back a submitted case before an expert opened it; the
 * reason is kept in the case's events. Once viewed: CASE_ALREADY_VIEWED; not submitted:
 * CASE_STATE_CHANGED. The case's waiting receives are withdrawn with it.
 */
export async function withdrawPatient(
  { db, clock, hub }: PatientDeps & { hub: NotificationHub },
  actor: Actor,
  input: { iPatientId: number; strReason: string },
): Promise<PatientDto> {
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    const row = await lockOwnedCase(tx, actor, input.iPatientId);
    const to = transition(row, 'withdraw');
    if (row.viewedAt != null) {
      throw new AppError('CASE_ALREADY_VIEWED');
    }
    await repo.updatePatientRow(tx, row.id, { state: to, updatedAt: now });
    // The experts it waited with no longer have it, and are told so.
    const experts = await waitingExpertIds(tx, row.id);
    await withdrawReceives(tx, row.id, now);
    await repo.insertEvent(tx, {
      patientId: row.id,
      userId: actor.userId,
      action: 'withdraw',
      fromState: row.state,
      toState: to,
      reason: input.strReason,
      createdAt: now,
    });
    await notes.add(tx, {
      userIds: [...experts],
      patientId: row.id,
      actorId: actor.userId,
      kind: 'withdraw',
      params: { reason: input.strReason },
      now,
    });
  });
  return readPatient(db, actor, input.iPatientId);
}

/** patient/getPatientFrozenHeadNum: for whoever may read the case. */
export async function frozenHeadOf(db: Db, actor: Actor, id: number): Promise<FrozenHeadDto> {
  const dto = await readPatient(db, actor, id);
  return { iPatientId: dto.iPatientId, iFrozenHeadNum: dto.iFrozenHeadNum };
}

/**
 * patient/updatePatientFrozenHeadNum: an edit of one field, so it follows the edit rule (the owner,
 * while the case can be edited; a returned or withdrawn case comes back to the new list).
 */
export async function updateFrozenHead(
  { db, clock }: PatientDeps,
  actor: Actor,
  input: { iPatientId: number; iFrozenHeadNum: number },
): Promise<FrozenHeadDto> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await lockOwnedCase(tx, actor, input.iPatientId);
    const to = transition(row, 'edit');
    await repo.updatePatientRow(tx, row.id, {
      frozenHeadCount: input.iFrozenHeadNum,
      state: to,
      updatedAt: now,
    });
    await repo.insertEvent(tx, {
      patientId: row.id,
      userId: actor.userId,
      action: 'frozenHead',
      fromState: row.state,
      toState: to,
      createdAt: now,
    });
  });
  return { iPatientId: input.iPatientId, iFrozenHeadNum: input.iFrozenHeadNum };
}

/** back/selectBackByLogType: a case's events (withdrawals with their reasons...), newest first. */
export async function patientEvents(
  db: Db,
  actor: Actor,
  q: PatientEventQuery,
): Promise<PatientEventDto[]> {
  const view = await repo.findPatientView(db, q.iPatientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  const role = await caseReaderRole(db, actor, view.patient);
  const events = await repo.listEvents(db, q.iPatientId, q.strLogType);
  return events
    .filter((e) => role === 'expert' || !INTERNAL_REVIEW_EVENTS.has(e.action))
    .map(toEventDto);
}

/**
 * The diagnosing hospital's review of its reports is its own quality control: the case's doctor
 * and report viewers see the report once released (a 'complete' event), not the review's steps.
 */
const INTERNAL_REVIEW_EVENTS: ReadonlySet<string> = new Set([
  'signForReview',
  'reviewRejected',
  'reviewPassed',
]);
