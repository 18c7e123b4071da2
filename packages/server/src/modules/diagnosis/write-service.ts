import { eq } from 'drizzle-orm';
import {
  nextReceiveState,
  nextReportRequestState,
  ReportKind,
  ReportState,
  type DiagnosisDto,
  type diagnosisDraftSchema,
  type Lang,
  translate,
} from '@pathconsult/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { patientReceives, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
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
import * as repo from './repo';

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
  const open = openVersionOf(locked.receive, requests);
  if (!open) {
    throw new AppError('REPORT_NOT_OPEN');
  }
  const found = await caseScreenshotIds(tx, locked.patient.id, input.listScreenshotId);
  if (found.size !== input.listScreenshotId.length) {
    throw notFound();
  }
  return { ...locked, open, last: await repo.latestSigned(tx, locked.receive.id) };
}

/** Writes the draft row (new or saved over) and returns its id. */
async function writeDraft(
  tx: Db,
  actor: Actor,
  w: ExpertReceive & { open: OpenVersion; last: repo.ReportRow | undefined },
  input: DraftInput,
  now: Date,
): Promise<number> {
  const texts = textsOf(input, w.open, w.last);
  const draft = await repo.findDraft(tx, w.receive.id);
  if (draft) {
    await repo.updateDraft(tx, draft.row.id, { ...texts, updatedAt: now });
    return draft.row.id;
  }
  return repo.insertReport(tx, {
    receiveId: w.receive.id,
    patientId: w.patient.id,
    hospitalId: w.patient.hospitalId,
    expertId: actor.userId,
    version: await repo.nextVersion(tx, w.receive.id),
    kind: w.open.kind,
    state: ReportState.Draft,
    ...texts,
    createdAt: now,
    updatedAt: now,
  });
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
    const receiveTo = nextReceiveState(w.receive.state, 'sign');
    const caseTo = transition(w.patient, 'complete');
    if (receiveTo === null) {
      throw new AppError('CASE_STATE_CHANGED');
    }
    const id = await writeDraft(tx, actor, w, input, now);
    await repo.signDraft(tx, id, { signaturePng: signature, signedAt: now, updatedAt: now });
    await tx
      .update(patientReceives)
      .set({ state: receiveTo, updatedAt: now })
      .where(eq(patientReceives.id, w.receive.id));
    // Signing implies the case was seen, even when the expert came straight from a link.
    await markViewed(tx, w.receive, now);
    if (w.open.request) {
      const done = nextReportRequestState(w.open.request.state, 'fulfil');
      if (done === null) {
        throw new AppError('CASE_STATE_CHANGED');
      }
      await repo.updateRequest(tx, w.open.request.id, { state: done });
    }
    await patientRepo.updatePatientRow(tx, w.patient.id, { state: caseTo, updatedAt: now });
    await patientRepo.insertEvent(tx, {
      patientId: w.patient.id,
      userId: actor.userId,
      action: 'complete',
      fromState: w.patient.state,
      toState: caseTo,
      createdAt: now,
    });
    // The case's doctor, and whoever sent it when that was someone else.
    await notes.add(tx, {
      userIds: [w.patient.ownerId, w.receive.senderId],
      patientId: w.patient.id,
      actorId: actor.userId,
      kind: 'complete',
      params: { version: (w.last?.version ?? 0) + 1 },
      now,
    });
  });
  return selectDiagnosis(db, actor, { iPatientReceiveId: input.iPatientReceiveId });
}
