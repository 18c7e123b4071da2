import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientReceives, slideAnnotations, slideDocuments, users } from '../../db/schema';

export type AnnotationRow = typeof slideAnnotations.$inferSelect;
export interface AnnotationView {
  row: AnnotationRow;
  authorName: string;
}

/**
 * The slide's pixel size, for the bounds check of a shape (null before ingest); undefined once
 * removed. With `lock`, its row stays locked to the end of the transaction: annotations added to
 * one slide at the same time are counted one after the other, so together they cannot pass the
 * slide's limit, and one that waited behind the slide's removal finds it removed.
 */
export async function slideSize(
  db: Db,
  slideId: number,
  lock = false,
): Promise<{ width: number | null; height: number | null } | undefined> {
  const query = db
    .select({ width: slideDocuments.width, height: slideDocuments.height })
    .from(slideDocuments)
    .where(and(eq(slideDocuments.id, slideId), isNull(slideDocuments.deletedAt)));
  const [row] = await (lock ? query.for('no key update') : query);
  return row;
}

/** Every annotation of a slide, oldest first (drawing order), with its author's name. */
export async function listOfSlide(db: Db, slideId: number): Promise<AnnotationView[]> {
  const rows = await db
    .select({ row: slideAnnotations, authorName: users.realName })
    .from(slideAnnotations)
    .innerJoin(users, eq(users.id, slideAnnotations.authorId))
    .where(and(eq(slideAnnotations.slideDocumentId, slideId), isNull(slideAnnotations.deletedAt)))
    .orderBy(asc(slideAnnotations.id));
  return rows;
}

export async function countOfSlide(db: Db, slideId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(slideAnnotations)
    .where(and(eq(slideAnnotations.slideDocumentId, slideId), isNull(slideAnnotations.deletedAt)));
  return row?.n ?? 0;
}

/** An annotation by id: one on show, or (`deleted`) one its author deleted and may restore. */
export async function findOne(
  db: Db,
  id: number,
  deleted = false,
): Promise<AnnotationView | undefined> {
  const [row] = await db
    .select({ row: slideAnnotations, authorName: users.realName })
    .from(slideAnnotations)
    .innerJoin(users, eq(users.id, slideAnnotations.authorId))
    .where(
      and(
        eq(slideAnnotations.id, id),
        deleted ? isNotNull(slideAnnotations.deletedAt) : isNull(slideAnnotations.deletedAt),
      ),
    );
  return row;
}

export async function insert(
  db: Db,
  values: typeof slideAnnotations.$inferInsert,
): Promise<AnnotationRow> {
  const [row] = await db.insert(slideAnnotations).values(values).returning();
  if (!row) {
    throw new Error('annotation insert returned nothing');
  }
  return row;
}

export async function update(
  db: Db,
  id: number,
  authorId: number,
  values: Pick<AnnotationRow, 'kind' | 'color' | 'text' | 'points' | 'updatedAt'>,
): Promise<AnnotationRow | undefined> {
  const [row] = await db
    .update(slideAnnotations)
    .set(values)
    .where(
      and(
        eq(slideAnnotations.id, id),
        eq(slideAnnotations.authorId, authorId),
        isNull(slideAnnotations.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** Deletes one's own annotation: hidden from every list, restorable by its author for a while. */
export async function remove(db: Db, id: number, authorId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(slideAnnotations)
    .set({ deletedAt: now })
    .where(
      and(
        eq(slideAnnotations.id, id),
        eq(slideAnnotations.authorId, authorId),
        isNull(slideAnnotations.deletedAt),
      ),
    )
    .returning({ id: slideAnnotations.id });
  return rows.length > 0;
}

/** Brings one's own deleted annotation back, as it was; undefined if it is not deleted (any more). */
export async function restore(
  db: Db,
  id: number,
  authorId: number,
): Promise<AnnotationRow | undefined> {
  const [row] = await db
    .update(slideAnnotations)
    .set({ deletedAt: null })
    .where(
      and(
        eq(slideAnnotations.id, id),
        eq(slideAnnotations.authorId, authorId),
        isNotNull(slideAnnotations.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** Removes for good the annotations deleted before `before` (their undo has long passed). */
export async function purgeDeleted(db: Db, before: Date): Promise<void> {
  await db.delete(slideAnnotations).where(lt(slideAnnotations.deletedAt, before));
}

/**
 * A case is deleted: the marks its consultation left on its slides go with it, as its reports
 * and screenshots do: those of its experts (whatever their hospital: a hospital may diagnose its
 * own cases) and of anyone else outside the case's hospital. The slides stay in the hospital's
 * slide management, unmatched, with the marks of its own doctors: a case made again for their
 * pathology number would otherwise show a first opinion's marks to the next expert.
 */
export async function removeConsultationMarks(
  tx: Db,
  patientId: number,
  hospitalId: number,
): Promise<void> {
  const ownDoctors = tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.hospitalId, hospitalId));
  const experts = tx
    .select({ id: patientReceives.expertId })
    .from(patientReceives)
    .where(and(eq(patientReceives.patientId, patientId), isNotNull(patientReceives.expertId)));
  await tx
    .delete(slideAnnotations)
    .where(
      and(
        inArray(
          slideAnnotations.slideDocumentId,
          tx
            .select({ id: slideDocuments.id })
            .from(slideDocuments)
            .where(eq(slideDocuments.patientId, patientId)),
        ),
        or(
          notInArray(slideAnnotations.authorId, ownDoctors),
          inArray(slideAnnotations.authorId, experts),
        ),
      ),
    );
}
