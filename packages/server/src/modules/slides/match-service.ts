import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { statesAllowing, type SlideMatchInput, type SlideMatchResult } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patients, slideDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { lockOwnedCase } from '../patients/locked-case';
import { caseTakesSlides, isSlideAdministrator } from './access';
import { visibleLiveDocuments } from './repo';

/*
 * Matching slides to cases by pathology number (spec §4 "Slides": unmatched becomes matched).
 * A slide matches the case of its hospital whose number is the slide's, compared without case
 * like the numbers themselves (patients_hospital_num_key). Only a case that still takes slides
 * (new, returned, withdrawn) gets them: a submitted or completed case is what the expert saw.
 * Doctors attach slides to their own cases only (no one operates on another's case, spec §5);
 * "clear slide" administrators to any case of the slide's hospital.
 * The cases are locked before the slides are changed, the order every change of a case's slides
 * takes.
 */

const sameNumber = sql`lower(${patients.diagnosisNum}) = lower(${slideDocuments.diagnosisNum})`;

/** Attaches the live unmatched slides `where` admits to `caseId`; the ids actually attached. */
async function attach(tx: Db, caseId: number, where: SQL | undefined): Promise<number[]> {
  const rows = await tx
    .update(slideDocuments)
    .set({ patientId: caseId })
    .where(and(where, isNull(slideDocuments.patientId), isNull(slideDocuments.deletedAt)))
    .returning({ id: slideDocuments.id });
  return rows.map((r) => r.id);
}

/**
 * slideDocument/matchPatient, from slide management: each selected unmatched slide to its case.
 * Slides already matched are passed over; a slide the caller does not see refuses the whole
 * request (404). When not one slide found its case: SLIDE_MATCH_FAILED.
 */
export async function matchSlides(
  db: Db,
  actor: Actor,
  input: SlideMatchInput,
): Promise<SlideMatchResult> {
  const ids = [...new Set(input.listSlideDocument.map((d) => d.iSlideDocumentId))];
  return db.transaction(async (tx) => {
    const docs = await visibleLiveDocuments(tx, actor, ids, false);
    if (docs.length !== ids.length) {
      throw notFound();
    }
    const unmatched = docs.filter((d) => d.patientId === null).map((d) => d.id);
    const candidates =
      unmatched.length === 0
        ? []
        : await tx
            .select({ docId: slideDocuments.id, caseId: patients.id })
            .from(slideDocuments)
            .innerJoin(
              patients,
              and(eq(patients.hospitalId, slideDocuments.hospitalId), sameNumber),
            )
            .where(
              and(
                inArray(slideDocuments.id, unmatched),
                inArray(patients.state, statesAllowing('edit')),
                isSlideAdministrator(actor) ? undefined : eq(patients.ownerId, actor.userId),
              ),
            )
            .orderBy(asc(patients.id))
            .for('update', { of: patients });
    const docsOfCase = new Map<number, number[]>();
    for (const c of candidates) {
      docsOfCase.set(c.caseId, [...(docsOfCase.get(c.caseId) ?? []), c.docId]);
    }
    const matched = new Set<number>();
    for (const [caseId, docIds] of docsOfCase) {
      for (const id of await attach(tx, caseId, inArray(slideDocuments.id, docIds))) {
        matched.add(id);
      }
    }
    if (matched.size === 0) {
      throw new AppError('SLIDE_MATCH_FAILED');
    }
    return {
      iMatched: matched.size,
      listUnmatched: unmatched.filter((id) => !matched.has(id)),
    };
  });
}

/**
 * patient/matchSlideDocument, from the case: the hospital's unmatched slides of the case's number
 * are attached to it. Its owner only, while the case takes slides. Finding none is no failure
 * (iMatched 0): the case simply has no slides waiting.
 */
export async function matchSlidesOfCase(
  db: Db,
  actor: Actor,
  patientId: number,
): Promise<SlideMatchResult> {
  return db.transaction(async (tx) => {
    const c = await lockOwnedCase(tx, actor, patientId);
    if (!caseTakesSlides(c.state)) {
      throw new AppError('SLIDE_CASE_LOCKED');
    }
    const attached = await attach(
      tx,
      c.id,
      and(
        eq(slideDocuments.hospitalId, c.hospitalId),
        sql`lower(${slideDocuments.diagnosisNum}) = lower(${c.diagnosisNum})`,
      ),
    );
    return { iMatched: attached.length, listUnmatched: [] };
  });
}
