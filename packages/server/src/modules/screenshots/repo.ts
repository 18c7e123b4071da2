import { and, asc, count, eq, inArray, not, sql } from 'drizzle-orm';
import { ReportState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { caseScreenshots, diagnosisReports, slideDocuments, users } from '../../db/schema';

export type ScreenshotRow = typeof caseScreenshots.$inferSelect;
export interface ScreenshotView {
  row: ScreenshotRow;
  authorName: string;
  slideName: string | null;
  /** A signed report version of its case shows it: it is part of a record and stays. */
  inSignedReport: boolean;
  /** Its figure number in the caller's report draft of its case, else null. */
  draftFigure: number | null;
}

const viewFor = (callerId: number | null) => ({
  row: caseScreenshots,
  authorName: users.realName,
  // A deleted slide keeps its row (deletedAt): its screenshots say it is gone, not its old name.
  slideName: sql<
    string | null
  >`case when ${slideDocuments.deletedAt} is null then ${slideDocuments.displayName} end`,
  inSignedReport: inSignedReport().mapWith(Boolean),
  draftFigure: draftFigure(callerId),
});

/** Whether a signed report version of the screenshot's case shows it. */
function inSignedReport() {
  return sql<boolean>`exists (
    select 1 from ${diagnosisReports}
    where ${diagnosisReports.patientId} = ${caseScreenshots.patientId}
      and ${diagnosisReports.state} = ${ReportState.Signed}
      and ${diagnosisReports.screenshotIds} @> jsonb_build_array(${caseScreenshots.id})
  )`;
}

/**
 * The screenshot's figure number in the caller's report draft of its case (their newest, as the
 * diagnosis form opens it): deleting it renumbers the figures after it, which the draft's text
 * may name ("see Figure 2"). Only the caller's own: a draft is its expert's until signed, and no
 * one else learns what it holds. Figures deleted since are not counted, as the report leaves them
 * out.
 */
function draftFigure(callerId: number | null) {
  if (callerId === null) {
    return sql<null>`null`.mapWith(() => null as number | null);
  }
  return sql<number | null>`(
    select figure.n::integer
    from (
      select r.screenshot_ids
      from ${diagnosisReports} r
      where r.patient_id = ${caseScreenshots.patientId}
        and r.state = ${ReportState.Draft}
        and r.expert_id = ${callerId}
      order by r.updated_at desc, r.id desc
      limit 1
    ) draft,
    lateral (
      select shown.id, row_number() over (order by shown.n) as n
      from jsonb_array_elements(draft.screenshot_ids) with ordinality as shown(id, n)
      where exists (select 1 from ${caseScreenshots} kept where to_jsonb(kept.id) = shown.id)
    ) figure
    where figure.id = to_jsonb(${caseScreenshots.id})
  )`.mapWith((v: unknown) => (v === null ? null : Number(v)));
}

function selectViews(db: Db, callerId: number | null = null) {
  return db
    .select(viewFor(callerId))
    .from(caseScreenshots)
    .innerJoin(users, eq(users.id, caseScreenshots.authorId))
    .leftJoin(slideDocuments, eq(slideDocuments.id, caseScreenshots.slideDocumentId));
}

export function listOfCase(
  db: Db,
  patientId: number,
  callerId: number | null = null,
): Promise<ScreenshotView[]> {
  return selectViews(db, callerId)
    .where(eq(caseScreenshots.patientId, patientId))
    .orderBy(asc(caseScreenshots.id));
}

export function listOfSlides(
  db: Db,
  slideIds: number[],
  callerId: number | null = null,
): Promise<ScreenshotView[]> {
  return selectViews(db, callerId)
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

/**
 * How many screenshots an author keeps for a case towards the per-report limit: those a signed
 * report shows are a record that cannot be deleted, so they do not count (else an author whose 4
 * were signed could neither take nor delete one for a later version).
 */
export async function countOfAuthor(db: Db, patientId: number, authorId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(caseScreenshots)
    .where(
      and(
        eq(caseScreenshots.patientId, patientId),
        eq(caseScreenshots.authorId, authorId),
        not(inSignedReport()),
      ),
    );
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

/**
 * Bytes of the screenshots kept for a hospital's cases (`hospitalId`), or for one case
 * (`patientId`): what they take of the hospital's storage.
 */
export async function bytesKept(
  db: Db,
  where: { hospitalId: number } | { patientId: number },
): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${caseScreenshots.bytes}), 0)`.mapWith(Number) })
    .from(caseScreenshots)
    .where(
      'hospitalId' in where
        ? eq(caseScreenshots.hospitalId, where.hospitalId)
        : eq(caseScreenshots.patientId, where.patientId),
    );
  return row?.bytes ?? 0;
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
