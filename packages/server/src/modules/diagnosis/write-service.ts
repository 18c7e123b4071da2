import { eq } from 'drizzle-orm';
import {
  nextReceiveState,
  ReportKind,
  ReportState,
  ReviewState,
  type DiagnosisDto,
  type diagnosisDraftSchema,
  type Lang,
  translate,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { transition } from '../patients/locked-case';
import * as patientRepo from '../patients/repo';
import { markViewed } from '../receives/repo';
import { lockExpertReceive, type ExpertReceive } from './expert-receive';
import { openVersionOf, type OpenVersion } from './open-version';
import { caseScreenshotIds, selectDiagnosis } from './read-service';
import type { NotificationHub } from '../notifications/hub';
import { withNotes } from '../notifications/notes';
import { releaseVersion, setReceiveState } from './release';
import * as repo from './repo';
import { reviewersToTell, reviewRequired } from './reviewers';

/*
 * diagnosis/saveDraft and diagnosis/confirmDiagnosis (spec §4 "Drafts can be saved, then the
 * diagnosis confirmed"). Both write the version the expert may write now (open-version.ts); a
 * draft is saved over, signing turns it into a signed version that is never changed again (the
 * repo only updates drafts). Signing moves the receive ('sign') and the case ('complete') through
 * case-states.ts, copies the expert's signature image into the version and closes the agreed
 * request it answers.
 */

export interface DiagnosisDeps {
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}

export type DraftInput = z.output<typeof diagnosisDraftSchema>;

/**
 * The version's texts: a supplementary opinion cannot change the signed result and opinion; a
 * modification carries the supplementary opinion forward.
 */
function textsOf(input: DraftInput, open: OpenVersion, last: repo.ReportRow | undefined) {
  if (open.kind === ReportKind.Supplementary && last) {
    return {
      result: last.result,
      opinion: last.opinion,
      supplement: input.strSupplement,
      screenshotIds: last.screenshotIds,
    };
  }
  return {
    result: input.strResult,
    opinion: input.strOpinion,
    // A modification keeps the supplementary opinion given earlier; it is not the doctor's to lose.
    supplement: open.kind === ReportKind.Modification ? (last?.supplement ?? '') : '',
    screenshotIds: input.listScreenshotId,
  };
}

/** Locks the receive and finds the version to write, or refuses as case-states.ts says. */
async function openForWriting(
  tx: Db,
  actor: Actor,
  input: DraftInput,
): Promise<ExpertReceive & { open: OpenVersion; last: repo.ReportRow | undefined }> {
  const locked = await lockExpertReceive(tx, actor, input.iPatientReceiveId);
  if (nextReceiveState(locked.receive.state, 'draft') === null) {
    throw new AppError('CASE_STATE_CHANGED');
  }
  const requests = (await repo.requestsOfReceives(tx, [locked.receive.id])).map((r) => r.row);
  const open = openVersionOf(
    locked.receive,
    requests,
    await repo.latestSigned(tx, locked.receive.id),
  );
  if (!open) {
    throw new AppError('REPORT_NOT_OPEN');
  }
  const found = await caseScreenshotIds(tx, locked.patient.id, input.listScreenshotId);
  if (found.size !== input.listScreenshotId.length) {
    // Deleted since the form was opened (another tab, a colleague's own screenshot): a reason the
    // expert can act on. Ids of other cases are simply not found here, and are refused the same.
    throw new AppError('REPORT_SCREENSHOT_GONE');
  }
  // A new version builds on what the doctor has: the latest released version.
  const last = await repo.latestSigned(tx, locked.receive.id, { releasedOnly: true });
  return { ...locked, open, last };
}

/** Writes the draft row (new or saved over) and returns its id and version number. */
async function writeDraft(
  tx: Db,
  actor: Actor,
  w: ExpertReceive & { open: OpenVersion; last: repo.ReportRow | undefined },
  input: DraftInput,
  now: Date,
): Promise<{ id: number; version: number }> {
  const texts = textsOf(input, w.open, w.last);
  const draft = await repo.findDraft(tx, w.receive.id);
  if (draft) {
    await repo.updateDraft(tx, draft.row.id, { ...texts, updatedAt: now });
    return { id: draft.row.id, version: draft.row.version };
  }
  const version = await repo.nextVersion(tx, w.receive.id);
  const id = await repo.insertReport(tx, {
    receiveId: w.receive.id,
    patientId: w.patient.id,
    hospitalId: w.patient.hospitalId,
    expertId: actor.userId,
    version,
    kind: w.open.kind,
    state: ReportState.Draft,
    ...texts,
    createdAt: now,
    updatedAt: now,
  });
  return { id, version };
}

export async function saveDraft(
  { db, clock }: Pick<DiagnosisDeps, 'db' | 'clock'>,
  actor: Actor,
  input: DraftInput,
): Promise<DiagnosisDto> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const w = await openForWriting(tx, actor, input);
    await writeDraft(tx, actor, w, input, now);
  });
  return selectDiagnosis(db, actor, { iPatientReceiveId: input.iPatientReceiveId });
}

/** The field a signed version must have: the result, or a supplementary version's own opinion. */
function assertSignable(kind: number, texts: { result: string; supplement: string }, lang: Lang) {
  const [field, key, value] =
    kind === ReportKind.Supplementary
      ? (['strSupplement', 'validation.diagnosis.supplement', texts.supplement] as const)
      : (['strResult', 'validation.diagnosis.result', texts.result] as const);
  if (value.trim() === '') {
    throw new AppError('VALIDATION_FAILED', {}, [
      { strField: field, strMessage: translate(key, lang) },
    ]);
  }
}

async function signatureOf(tx: Db, userId: number): Promise<string> {
  const [row] = await tx
    .select({ png: users.signaturePng })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.png) {
    throw new AppError('SIGNATURE_MISSING');
  }
  return row.png;
}

export async function confirmDiagnosis(
  { db, clock, hub }: DiagnosisDeps,
  actor: Actor,
  input: DraftInput,
  lang: Lang,
): Promise<DiagnosisDto> {
  const now = clock.now();
  await withNotes({ db, hub }, async (tx, notes) => {
    const w = await openForWriting(tx, actor, input);
    assertSignable(w.open.kind, textsOf(input, w.open, w.last), lang);
    const signature = await signatureOf(tx, actor.userId);
    const review = await reviewRequired(tx, actor.hospitalId);
    const receiveTo = nextReceiveState(w.receive.state, review ? 'signForReview' : 'sign');
    if (receiveTo === null) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    // Refused before anything is written when the case cannot be completed.
    transition(w.patient, 'complete');
    const draft = await writeDraft(tx, actor, w, input, now);
    await repo.signDraft(tx, draft.id, {
      signaturePng: signature,
      signedAt: now,
      updatedAt: now,
      reviewState: review ? ReviewState.Pending : null,
    });
    await setReceiveState(tx, w.receive.id, receiveTo, now);
    // Signing implies the case was seen, even when the expert came straight from a link.
    await markViewed(tx, w.receive, now);
    if (!review) {
      await releaseVersion(tx, notes, {
        patient: w.patient,
        receive: w.receive,
        request: w.open.request,
        expertId: actor.userId,
        version: draft.version,
        now,
      });
      return;
    }
    // The version waits for the reviewer; the case and any request stay as they are.
    await patientRepo.insertEvent(tx, {
      patientId: w.patient.id,
      userId: actor.userId,
      action: 'signForReview',
      fromState: w.patient.state,
      toState: w.patient.state,
      createdAt: now,
    });
    if (actor.hospitalId != null) {
      await notes.add(tx, {
        userIds: await reviewersToTell(tx, actor.hospitalId),
        patientId: w.patient.id,
        actorId: actor.userId,
        kind: 'signForReview',
        params: { version: draft.version },
        now,
      });
    }
  });
  return selectDiagnosis(db, actor, { iPatientReceiveId: input.iPatientReceiveId });
}
