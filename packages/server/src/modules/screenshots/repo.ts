import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caseScreenshots, slideDocuments, users } from '../../db/schema';

export type ScreenshotRow = typeof caseScreenshots.$inferSelect;
export interface ScreenshotView {
  row: ScreenshotRow;
  authorName: string;
  slideName: string | null;
}

const view = {
  row: caseScreenshots,
  authorName: users.realName,
  slideName: slideDocuments.displayName,
};

function selectViews(db: Db) {
  return db
    .select(view)
    .from(caseScreenshots)
    .innerJoin(users, eq(users.id, caseScreenshots.authorId))
    .leftJoin(slideDocuments, eq(slideDocuments.id, caseScreenshots.slideDocumentId));
}

export function listOfCase(db: Db, patientId: number): Promise<ScreenshotView[]> {
  return selectViews(db)
    .where(eq(caseScreenshots.patientId, patientId))
    .orderBy(asc(caseScreenshots.id));
}

export function listOfSlides(db: Db, slideIds: number[]): Promise<ScreenshotView[]> {
  return selectViews(db)
    .where(inArray(caseScreenshots.slideDocumentId, slideIds))
    .orderBy(asc(caseScreenshots.id));
}

export function listOfIds(db: Db, ids: number[]): Promise<ScreenshotView[]> {
  return selectViews(db).where(inArray(caseScreenshots.id, ids)).orderBy(asc(caseScreenshots.id));
}

export async function findOne(db: Db, id: number): Promise<ScreenshotView | undefined> {
  const [row] = await selectViews(db).where(eq(caseScreenshots.id, id));
  return row;
}

/** How many screenshots an author keeps for a case (the per-report limit). */
export async function countOfAuthor(db: Db, patientId: number, authorId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(caseScreenshots)
    .where(and(eq(caseScreenshots.patientId, patientId), eq(caseScreenshots.authorId, authorId)));
  return row?.n ?? 0;
}

export async function insert(
  db: Db,
  values: typeof caseScreenshots.$inferInsert,
): Promise<ScreenshotRow> {
  const [row] = await db.insert(caseScreenshots).values(values).returning();
  if (!row) {
    throw new Error('screenshot insert returned nothing');
  }
  return row;
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.delete(caseScreenshots).where(eq(caseScreenshots.id, id));
}

/** The slide's case and name (a slide without a case takes no screenshot). */
export async function slideCase(
  db: Db,
  slideId: number,
): Promise<{ patientId: number | null } | undefined> {
  const [row] = await db
    .select({ patientId: slideDocuments.patientId })
    .from(slideDocuments)
    .where(eq(slideDocuments.id, slideId));
  return row;
}
