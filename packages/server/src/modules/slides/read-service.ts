import { and, eq, inArray, isNull } from 'drizzle-orm';
import type {
  DocumentStatusList,
  Lang,
  SlideDocumentList,
  SlideListQuery,
  SlidePage,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { patients, slideDocuments } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole } from '../patients/access';
import { isHospitalInScope, scopeOf } from '../tenancy/scope';
import { toDocumentStatusDto, toSlideDocumentDto } from './dto';
import { listSlides } from './list-repo';
import { documentViews, progressOf, receivedBytes, sameFileNames } from './repo';

/**
 * selectSlideDocumentByPatient: a case's live slides, newest first, for whoever may read the case
 * (patients/access.ts: its owner, report-view administrators, the experts it was sent to).
 */
export async function slidesOfCase(
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  patientId: number,
  lang: Lang,
): Promise<SlideDocumentList> {
  const [ref] = await db
    .select({ id: patients.id, hospitalId: patients.hospitalId, ownerId: patients.ownerId })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!ref) {
    throw notFound();
  }
  await caseReaderRole(db, actor, ref);
  const views = await documentViews(
    db,
    and(eq(slideDocuments.patientId, patientId), isNull(slideDocuments.deletedAt)),
  );
  const now = clock.now();
  return { listSlideDocument: views.map((v) => toSlideDocumentDto(v, lang, now)) };
}

/** selectSlideDocumentByType: one page of a slide management list. */
export async function slidePage(
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  q: SlideListQuery,
  lang: Lang,
): Promise<SlidePage> {
  const now = clock.now();
  const { rows, total, totalBytes } = await listSlides(db, actor, q, now);
  return {
    listPage: rows.map((v) => toSlideDocumentDto(v, lang, now)),
    iTotalCount: total,
    lTotalBytes: totalBytes,
  };
}

/**
 * getDocumentStatus: where the caller's own live uploads among `ids` stand, in the order asked,
 * and which of them repeat a slide already in their case (the same scan uploaded twice).
 * Other ids (someone else's, deleted, missing) are left out, as a missing document would be.
 */
export async function documentStatuses(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  lang: Lang,
): Promise<DocumentStatusList> {
  const docs = await db
    .select()
    .from(slideDocuments)
    .where(
      and(
        inArray(slideDocuments.id, [...new Set(ids)]),
        eq(slideDocuments.uploadUserId, actor.userId),
        isNull(slideDocuments.deletedAt),
      ),
    );
  // Uploads the caller left behind in a hospital it no longer belongs to are not its own any more.
  const own = docs.filter((d) => isHospitalInScope(scopeOf(actor), d.hospitalId));
  const [received, sameFile] = await Promise.all([
    receivedBytes(db, own),
    sameFileNames(db, actor, own),
  ]);
  const byId = new Map(own.map((d) => [d.id, d]));
  const asked = [...new Set(ids)].flatMap((id) => {
    const doc = byId.get(id);
    return doc
      ? [toDocumentStatusDto(doc, progressOf(doc, received), lang, sameFile.get(id) ?? null)]
      : [];
  });
  return { listSlideDocument: asked };
}
