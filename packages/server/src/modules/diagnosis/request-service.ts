import {
  isReleased,
  mayRequest,
  nextReportRequestState,
  ReportRequestKind,
  ReportRequestState,
  ReportState,
  type reportRequestAddSchema,
  type reportRequestAnswerSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { lockOwnedCase } from '../patients/locked-case';
import * as patientRepo from '../patients/repo';
import { lockExpertReceive } from './expert-receive';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';
import * as repo from './repo';

/*
 * The doctor's requests about a signed report (spec §4): a modification (to be reviewed by the
 * expert, then agreed or refused with a reason; a refused one may be asked again) and the one
 * supplementary opinion. When to ask is case-states.ts's `mayRequest`, how a request moves its
 * `nextReportRequestState`; an agreed request opens a new version for the expert
 * (open-version.ts), which signing closes.
 */

export interface RequestDeps {
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}

/** diagnosis/applyReportChange: the case's owner asks about the receive's latest signed report. */
export async function applyReportChange(
  { db, clock, hub }: RequestDeps,
  actor: Actor,
  input: z.output<typeof reportRequestAddSchema>,
): Promise<{ iRequestId: number }> {
  const now = clock.now();
  const found = await repo.findReport(db, input.iReportId);
  // The doctor knows only released versions: one under review answers like a missing one.
  if (!found || found.row.state !== ReportState.Signed || !isReleased(found.row.reviewState)) {
    throw notFound();
  }
  return withNotes({ db, hub }, async (tx, notes) => {
    const caseRow = await lockOwnedCase(tx, actor, found.row.patientId);
    const latest = await repo.latestSigned(tx, found.row.receiveId, { releasedOnly: true });
    if (latest?.id !== found.row.id) {
      // A newer version was signed meanwhile: the doctor asks about one they have not seen.
      throw new AppError('CASE_STATE_CHANGED');
    }
    const kind = input.ddKind.iNumber;
    const earlier = (await repo.requestsOfReceives(tx, [found.row.receiveId])).map((r) => r.row);
    if (!mayRequest(kind, earlier)) {
      throw new AppError('REPORT_REQUEST_NOT_ALLOWED');
    }
    const id = await repo.insertRequest(tx, {
      reportId: found.row.id,
      patientId: caseRow.id,
      hospitalId: caseRow.hospitalId,
      requesterId: actor.userId,
      kind,
      state: ReportRequestState.Pending,
      reason: input.strReason,
      createdAt: now,
    });
    await patientRepo.insertEvent(tx, {
      patientId: caseRow.id,
      userId: actor.userId,
      action:
        kind === ReportRequestKind.Supplementary ? 'requestSupplement' : 'requestModification',
      fromState: caseRow.state,
      toState: caseRow.state,
      reason: input.strReason,
      createdAt: now,
    });
    await notes.add(tx, {
      userIds: [found.row.expertId],
      patientId: caseRow.id,
      actorId: actor.userId,
      kind: kind === ReportRequestKind.Supplementary ? 'requestSupplement' : 'requestModification',
      params: { reason: input.strReason },
      now,
    });
    return { iRequestId: id };
  });
}

/** diagnosis/answerReportChange: the report's expert agrees, or refuses with a reason. */
export async function answerReportChange(
  { db, clock, hub }: RequestDeps,
  actor: Actor,
  input: z.output<typeof reportRequestAnswerSchema>,
): Promise<void> {
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    // Read first, lock after the case: every change locks the case row before its requests.
    const first = await repo.findRequest(tx, input.iRequestId);
    const report = first && (await repo.findReport(tx, first.reportId));
    if (!first || !report) {
      throw notFound();
    }
    const w = await lockExpertReceive(tx, actor, report.row.receiveId);
    const request = await repo.lockRequest(tx, input.iRequestId);
    const to = request && nextReportRequestState(request.state, input.bAgree ? 'agree' : 'refuse');
    if (!request || to === null || to === undefined) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    await repo.updateRequest(tx, request.id, {
      state: to,
      answer: input.strAnswer || null,
      decidedBy: actor.userId,
      decidedAt: now,
    });
    await patientRepo.insertEvent(tx, {
      patientId: w.patient.id,
      userId: actor.userId,
      action: input.bAgree ? 'requestAgreed' : 'requestRefused',
      fromState: w.patient.state,
      toState: w.patient.state,
      reason: input.strAnswer || null,
      createdAt: now,
    });
    await notes.add(tx, {
      userIds: [request.requesterId],
      patientId: w.patient.id,
      actorId: actor.userId,
      kind: input.bAgree ? 'requestAgreed' : 'requestRefused',
      params: input.strAnswer ? { reason: input.strAnswer } : {},
      now,
    });
  });
}
