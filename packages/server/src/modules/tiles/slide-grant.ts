import { and, eq, isNull, sql } from 'drizzle-orm';
import { SlideUploadState, viewingObjective } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patients, slideDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole } from '../patients/access';
import { visibleWhere } from '../slides/access';

export interface ViewableSlide {
  hospitalId: number;
  /** Level-0 size in pixels (null only if ingest stored none). */
  width: number | null;
  height: number | null;
  /**
   * Objective power magnifications are told against: the one the engine read, else the one the
   * pixel size implies, as the viewer takes it (null with neither).
   */
  objective: number | null;
  /** The case the slide belongs to (null while unmatched). */
  patientId: number | null;
  /** Signed into its tile tokens (token.ts). */
  tileGrantEpoch: number;
}

/**
 * Whether the caller may view a slide's pixels, answered before a tile token is issued: those
 * who see it in slide management (slides/access.ts) and those who may read the case it belongs
 * to (patients/access.ts: owner, report-view administrators, the experts it was sent to).
 * Anyone else gets the 404 of a missing slide. A slide still uploading is SLIDE_UPLOAD_UNFINISHED
 * (with `mine`: 1 for its uploader, who can go on with it, 0 for anyone else, who waits, and its
 * `name` as the three refusals below have),
 * one that failed (upload or slide engine) SLIDE_READ_FAILED, one the engine has not read yet
 * SLIDE_NOT_READY.
 * Answers what the callers check next without another query: the hospital (the token's), the
 * level-0 size the engine read (the bounds of a saved view, viewer/service.ts) and the objective
 * power (whether a screenshot's magnification is digital zoom).
 */
export async function slideForViewing(
  db: Db,
  actor: Actor,
  slideId: number,
): Promise<ViewableSlide> {
  const live = and(eq(slideDocuments.id, slideId), isNull(slideDocuments.deletedAt));
  const [doc] = await db.select().from(slideDocuments).where(live);
  if (!doc) {
    throw notFound();
  }
  const managed = await db
    .select({ id: slideDocuments.id })
    .from(slideDocuments)
    .where(and(live, visibleWhere(actor)));
  if (managed.length === 0 && !(await mayReadCase(db, actor, doc.patientId))) {
    throw notFound();
  }
  // Each says what the viewer can tell the user to do: wait, finish the upload, or look in the
  // case's slide list for why it failed; and which slide it is (`name`: beside other slides, a
  // pane that said only "failed" left the user to guess which of the case's it was).
  const name = doc.displayName;
  if (doc.state === SlideUploadState.Uploading) {
    // Only its uploader can go on with it: anyone else (the expert it was sent to) is told to
    // wait for them, not to do what they cannot.
    throw new AppError('SLIDE_UPLOAD_UNFINISHED', {
      mine: doc.uploadUserId === actor.userId ? 1 : 0,
      name,
    });
  }
  if (doc.state === SlideUploadState.Failed) {
    throw new AppError('SLIDE_READ_FAILED', { name });
  }
  if (doc.ingestedAt === null) {
    throw new AppError('SLIDE_NOT_READY', { name });
  }
  return {
    hospitalId: doc.hospitalId,
    width: doc.width,
    height: doc.height,
    objective: viewingObjective(
      doc.objectiveMagnification === null ? null : Number(doc.objectiveMagnification),
      doc.mppX === null ? null : Number(doc.mppX),
    ),
    patientId: doc.patientId,
    tileGrantEpoch: doc.tileGrantEpoch,
  };
}

async function mayReadCase(db: Db, actor: Actor, patientId: number | null): Promise<boolean> {
  if (patientId === null) {
    return false;
  }
  const [ref] = await db
    .select({ id: patients.id, hospitalId: patients.hospitalId, ownerId: patients.ownerId })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!ref) {
    return false;
  }
  try {
    await caseReaderRole(db, actor, ref);
    return true;
  } catch {
    return false;
  }
}

/**
 * Someone lost the right to view the case's slides (the case withdrawn from its experts): the
 * slides' tile grant epoch is raised, so that the tokens issued before
 * open nothing more although they have not expired (token.ts; servers see the new epoch within
 * GRANT_EPOCH_REFRESH_MS). Viewers that may still view the slides get a new token at once.
 */
export async function revokeSlideTokensOfCase(tx: Db, patientId: number): Promise<void> {
  await tx
    .update(slideDocuments)
    .set({ tileGrantEpoch: sql`${slideDocuments.tileGrantEpoch} + 1` })
    .where(eq(slideDocuments.patientId, patientId));
}
