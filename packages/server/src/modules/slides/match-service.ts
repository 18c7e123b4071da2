import { and, asc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  SlideUploadState,
  statesAllowing,
  type SlideMatchInput,
  type SlideMatchResult,
  type UnmatchedReason,
} from '@pathconsult/shared';
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
 * takes. A slide whose upload or reading failed joins no case: the expert would find a file that
 * cannot be opened among the case's slides, and the case would keep it from being deleted with
 * the hospital's other unmatched failures. One still uploading joins the case made under its
 * number (its upload goes on into the case), but is not matched by hand from slide management:
 * there an upload left interrupted was put into a patient's case, unviewable, and out of the
 * administrators' reach (they delete unmatched slides only). It is matched once it is complete.
 */

const sameNumber = sql`lower(${patients.diagnosisNum}) = lower(${slideDocuments.diagnosisNum})`;

/**
 * Attaches the live unmatched slides `where` admits to the case; the ids actually attached. Each
 * takes the case's number as it is written there (a slide uploaded as "p-1" joins case "P-1"
 * as "P-1", so lists and the name rule see one number). A slide whose name the case already
 * has, or takes earlier in this call, stays unmatched: a case never holds one name twice.
 */
async function attach(
  tx: Db,
  c: { id: number; hospitalId: number; diagnosisNum: string },
  where: SQL | undefined,
): Promise<number[]> {
  const docs = await tx
    .select({ id: slideDocuments.id, name: slideDocuments.displayName })
    .from(slideDocuments)
    .where(
      and(
        where,
        isNull(slideDocuments.patientId),
        isNull(slideDocuments.deletedAt),
        ne(slideDocuments.state, SlideUploadState.Failed),
      ),
    )
    .orderBy(asc(slideDocuments.id))
    .for('update');
  if (docs.length === 0) {
    return [];
  }
  // Names under the case's number: the case's own slides and unmatched ones of exactly it.
  const taken = new Set(
    (
      await tx
        .select({ name: slideDocuments.displayName })
        .from(slideDocuments)
        .where(
          and(
            eq(slideDocuments.hospitalId, c.hospitalId),
            eq(slideDocuments.diagnosisNum, c.diagnosisNum),
            isNull(slideDocuments.deletedAt),
            notInArray(
              slideDocuments.id,
              docs.map((d) => d.id),
            ),
          ),
        )
    ).map((r) => r.name.toLowerCase()),
  );
  const ids: number[] = [];
  for (const doc of docs) {
    if (!taken.has(doc.name.toLowerCase())) {
      taken.add(doc.name.toLowerCase());
      ids.push(doc.id);
    }
  }
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .update(slideDocuments)
    // Matched, a slide leaves the view of the hospital's other doctors (slides/access.ts): the
    // tile tokens they were given open it no more (tiles/token.ts).
    .set({
      patientId: c.id,
      diagnosisNum: c.diagnosisNum,
      tileGrantEpoch: sql`${slideDocuments.tileGrantEpoch} + 1`,
    })
    .where(inArray(slideDocuments.id, ids))
    .returning({ id: slideDocuments.id });
  return rows.map((r) => r.id);
}

/**
 * slideDocument/matchPatient, from slide management: each selected unmatched slide to its case.
 * Slides already matched are passed over, and so are failed slides and slides whose name their
 * case already has (listed unmatched; only failed ones selected: SLIDE_MATCH_UNREADABLE); a
 * slide the caller does not see refuses the whole request (404). When not one slide found its
 * case: the refusal of the most telling reason (refusalFor), or SLIDE_ALREADY_MATCHED when every
 * slide selected is in a case already.
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
    const unfinished = new Set(
      docs.filter((d) => d.state === SlideUploadState.Uploading).map((d) => d.id),
    );
    const unmatched = docs.filter((d) => d.patientId === null).map((d) => d.id);
    const ready = unmatched.filter((id) => !unfinished.has(id));
    const candidates =
      ready.length === 0
        ? []
        : await tx
            .select({
              docId: slideDocuments.id,
              caseId: patients.id,
              hospitalId: patients.hospitalId,
              caseNum: patients.diagnosisNum,
            })
            .from(slideDocuments)
            .innerJoin(
              patients,
              and(eq(patients.hospitalId, slideDocuments.hospitalId), sameNumber),
            )
            .where(
              and(
                inArray(slideDocuments.id, ready),
                inArray(patients.state, statesAllowing('edit')),
                isSlideAdministrator(actor) ? undefined : eq(patients.ownerId, actor.userId),
              ),
            )
            .orderBy(asc(patients.id))
            .for('update', { of: patients });
    const docsOfCase = new Map<
      number,
      { hospitalId: number; diagnosisNum: string; docs: number[] }
    >();
    for (const c of candidates) {
      const entry = docsOfCase.get(c.caseId) ?? {
        hospitalId: c.hospitalId,
        diagnosisNum: c.caseNum,
        docs: [],
      };
      entry.docs.push(c.docId);
      docsOfCase.set(c.caseId, entry);
    }
    const matched = new Set<number>();
    for (const [caseId, { docs: docIds, ...c }] of docsOfCase) {
      for (const id of await attach(tx, { id: caseId, ...c }, inArray(slideDocuments.id, docIds))) {
        matched.add(id);
      }
    }
    const left = await notMatchedSince(
      tx,
      unmatched.filter((id) => !matched.has(id)),
    );
    const failed = new Set(
      docs.filter((d) => d.state === SlideUploadState.Failed).map((d) => d.id),
    );
    const listUnmatchedReason = await whyUnmatched(tx, actor, left, failed, unfinished);
    if (matched.size === 0) {
      // Every slide selected is in a case already (matched from another tab or by a colleague
      // since the caller's list was read): saying "no case has this number" sent the user
      // looking for a case that had the slide.
      throw new AppError(
        left.length === 0
          ? 'SLIDE_ALREADY_MATCHED'
          : refusalFor(listUnmatchedReason.map((r) => r.strReason)),
      );
    }
    return { iMatched: matched.size, listUnmatched: left, listUnmatchedReason };
  });
}

/**
 * Of the slides this call did not attach, those still without a case. One matched by another
 * transaction meanwhile was passed over by `attach` (its lock waited for that transaction, then
 * found the slide taken); it is no longer unmatched, and was listed "name taken" for the case it
 * had joined. A statement of its own sees what committed since the call's first read.
 */
async function notMatchedSince(tx: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .select({ id: slideDocuments.id })
    .from(slideDocuments)
    .where(and(inArray(slideDocuments.id, ids), isNull(slideDocuments.patientId)));
  const still = new Set(rows.map((r) => r.id));
  return ids.filter((id) => still.has(id));
}

/**
 * Why each slide left unmatched did not find its case: it failed; its upload is not complete;
 * the case of its number is the caller's own (or, for an administrator, anyone's) but submitted,
 * or already holds a slide of the name; the case is a colleague's (matching is its owner's); or
 * there is none. "No case has this number" was said in all of these.
 */
async function whyUnmatched(
  tx: Db,
  actor: Actor,
  left: number[],
  failed: ReadonlySet<number>,
  unfinished: ReadonlySet<number>,
): Promise<SlideMatchResult['listUnmatchedReason']> {
  const readable = left.filter((id) => !failed.has(id) && !unfinished.has(id));
  const cases =
    readable.length === 0
      ? []
      : await tx
          .select({ docId: slideDocuments.id, ownerId: patients.ownerId, state: patients.state })
          .from(slideDocuments)
          .innerJoin(patients, and(eq(patients.hospitalId, slideDocuments.hospitalId), sameNumber))
          .where(inArray(slideDocuments.id, readable));
  const reasonOf = (id: number): UnmatchedReason => {
    if (failed.has(id)) {
      return 'unreadable';
    }
    if (unfinished.has(id)) {
      return 'unfinished';
    }
    const ofSlide = cases.filter((c) => c.docId === id);
    const own = ofSlide.filter((c) => c.ownerId === actor.userId || isSlideAdministrator(actor));
    if (own.length > 0) {
      return own.some((c) => !caseTakesSlides(c.state)) ? 'caseLocked' : 'nameTaken';
    }
    return ofSlide.length > 0 ? 'colleagueCase' : 'noCase';
  };
  return left.map((id) => ({ iSlideDocumentId: id, strReason: reasonOf(id) }));
}

/**
 * The refusal when not one slide was matched: the reason a readable slide gives, the most telling
 * first; only failed slides and unfinished uploads selected: SLIDE_MATCH_UNFINISHED when one is
 * still to finish (it may yet be matched), else SLIDE_MATCH_UNREADABLE; no case at all:
 * SLIDE_MATCH_FAILED.
 */
function refusalFor(reasons: UnmatchedReason[]) {
  if (reasons.length > 0 && reasons.every((r) => r === 'unreadable' || r === 'unfinished')) {
    return reasons.includes('unfinished') ? 'SLIDE_MATCH_UNFINISHED' : 'SLIDE_MATCH_UNREADABLE';
  }
  if (reasons.includes('caseLocked')) {
    return 'SLIDE_CASE_LOCKED';
  }
  if (reasons.includes('nameTaken')) {
    return 'SLIDE_MATCH_NAME_TAKEN';
  }
  return reasons.includes('colleagueCase') ? 'SLIDE_MATCH_COLLEAGUE_CASE' : 'SLIDE_MATCH_FAILED';
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
    return {
      iMatched: await attachWaitingSlides(tx, c),
      listUnmatched: [],
      listUnmatchedReason: [],
    };
  });
}

/**
 * Takes, until the caller's transaction ends, the hospital's pathology number (any letter case):
 * a case taking the slides waiting under its number and slides being registered under it go one
 * after the other. Without it, on PostgreSQL a slide registered by number while its case was
 * being made was seen by neither (the case's transaction did not see the uncommitted slide, the
 * upload had looked for the case before it existed) and stayed unmatched for good.
 */
export async function lockCaseNumber(tx: Db, hospitalId: number, num: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${hospitalId}::integer, hashtext(lower(${num})))`,
  );
}

/**
 * The hospital's unmatched slides of the case's number (uploaded by pathology number before the
 * case existed, or before it took this number) attached to the case; how many. For a case the
 * caller's transaction has just made or renumbered, and so holds: it takes slides. The number is
 * locked first (lockCaseNumber), so that a slide being registered under it meanwhile is either
 * seen here or finds the case itself.
 */
export async function attachWaitingSlides(
  tx: Db,
  c: { id: number; hospitalId: number; diagnosisNum: string },
): Promise<number> {
  await lockCaseNumber(tx, c.hospitalId, c.diagnosisNum);
  const attached = await attach(
    tx,
    c,
    and(
      eq(slideDocuments.hospitalId, c.hospitalId),
      sql`lower(${slideDocuments.diagnosisNum}) = lower(${c.diagnosisNum})`,
    ),
  );
  return attached.length;
}
