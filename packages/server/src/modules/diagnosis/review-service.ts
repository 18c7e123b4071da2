import {
  nextReceiveState,
  nextReviewState,
  ReportKind,
  ReportRequestState,
  ReportState,
  type ReportDto,
  type reportReviewSchema,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';
import { mayReviewReportsOf } from '../patients/access';
import * as patientRepo from '../patients/repo';
import { findReceive } from '../receives/repo';
import { toReportDto } from './dto';
import { screenshotsOf } from './read-service';
import { releaseVersion, setReceiveState } from './release';
import * as repo from './repo';

/*
 * patient/updatePatientReceiveAudit: review before release (spec §4 "Review: unreviewed/pending
 * review, passed, rejected"). A reviewer (patients/access.ts `mayReviewReportsOf`) decides a
 * pending version once. Passing releases it (release.ts: the case completes, the doctor is told);
 * rejecting sends it back to its expert with the reason: a first report's receive waits again, a
 * later version's agreed request stays open, and the expert writes the version again. How the
 * version and its receive move is case-states.ts's.
 */

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}

export async function reviewReport(
  { db, clock, hub }: ReviewDeps,
  actor: Actor,
  input: z.output<typeof reportReviewSchema>,
): Promise<ReportDto> {
  const now = clock.now();
  const found = await repo.findReport(db, input.iReportId);
  if (
    !found ||
    found.row.state !== ReportState.Signed ||
    found.row.reviewState === null ||
    !mayReviewReportsOf(actor, found.expertHospitalId) ||
    // Nobody reviews their own report (an expert later made an administrator).
    found.row.expertId === actor.userId
  ) {
    throw notFound();
  }
  const pass = input.ddReviewState.iNumber === 1;
  await withNotes({ db, hub }, async (tx, notes) => {
    // The case first, then the version: the lock order of the expert's signing.
    const patient = await patientRepo.lockPatient(tx, found.row.patientId);
    const report = await repo.lockReport(tx, found.row.id);
    const receive = report && (await findReceive(tx, report.receiveId));
    if (!patient || !report || !receive) {
      throw notFound();
    }
    const reviewTo = nextReviewState(report.reviewState, pass ? 'pass' : 'reject');
    const receiveTo = nextReceiveState(receive.state, pass ? 'passReview' : 'rejectReview');
    if (reviewTo === null || receiveTo === null) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    const reason = pass ? '' : input.strReason;
    const decided = await repo.decideReview(tx, report.id, {
      reviewState: reviewTo,
      reviewReason: reason,
      reviewedBy: actor.userId,
      reviewedAt: now,
    });
    if (!decided) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    await setReceiveState(tx, receive.id, receiveTo, now);
    await patientRepo.insertEvent(tx, {
      patientId: patient.id,
      userId: actor.userId,
      action: pass ? 'reviewPassed' : 'reviewRejected',
      fromState: patient.state,
      toState: patient.state,
      // The reason is about a report the doctor never sees: it stays on the version, for its
      // expert; the case's history says only that a review took place.
      createdAt: now,
    });
    await notes.add(tx, {
      userIds: [report.expertId],
      patientId: patient.id,
      actorId: actor.userId,
      kind: pass ? 'reviewPassed' : 'reviewRejected',
      params: { version: report.version, reason },
      now,
    });
    if (pass) {
      const requests = await repo.requestsOfReceives(tx, [receive.id]);
      const agreed = requests.find((r) => r.row.state === ReportRequestState.Agreed)?.row;
      await releaseVersion(tx, notes, {
        patient,
        receive,
        // A first report answers no request; a later version answers the agreed one.
        request: report.kind === ReportKind.Initial ? null : (agreed ?? null),
        expertId: report.expertId,
        version: report.version,
        now,
      });
    }
  });
  const after = await repo.findReport(db, input.iReportId);
  if (!after) {
    throw notFound();
  }
  return toReportDto(after, await screenshotsOf(db, actor, [after]));
}
