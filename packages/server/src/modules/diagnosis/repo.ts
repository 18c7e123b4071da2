import { and, asc, desc, eq, inArray, isNull, max, ne, or, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { ReportState, ReviewState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { diagnosisReports, hospitals, reportRequests, users } from '../../db/schema';

export type ReportRow = typeof diagnosisReports.$inferSelect;
export type ReportRequestRow = typeof reportRequests.$inferSelect;

/** A report version with its expert's names (and its reviewer's, once reviewed). */
export interface ReportView {
  row: ReportRow;
  expertName: string;
  expertHospitalId: number;
  expertHospitalName: string;
  reviewerName: string | null;
}

const reviewer = alias(users, 'report_reviewer');

function reportViews(db: Db) {
  return db
    .select({
      row: diagnosisReports,
      expertName: users.realName,
      expertHospitalId: hospitals.id,
      expertHospitalName: hospitals.name,
      reviewerName: reviewer.realName,
    })
    .from(diagnosisReports)
    .innerJoin(users, eq(users.id, diagnosisReports.expertId))
    .innerJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .leftJoin(reviewer, eq(reviewer.id, diagnosisReports.reviewedBy))
    .$dynamic();
}

/**
 * A signed version the doctor may have (case-states.ts `isReleased`): never reviewed, or passed.
 * `table` is diagnosisReports or an alias of it.
 */
export function releasedWhere(table: { state: PgColumn; reviewState: PgColumn }): SQL | undefined {
  return and(
    eq(table.state, ReportState.Signed),
    or(isNull(table.reviewState), eq(table.reviewState, ReviewState.Passed)),
  );
}

/**
 * Signed versions of a case's reports, newest first; of one receive when given; only released
 * ones for the case's readers (the expert sees their own versions under review too).
 */
export function signedReports(
  db: Db,
  patientId: number,
  opts: { receiveId?: number; releasedOnly?: boolean } = {},
): Promise<ReportView[]> {
  return reportViews(db)
    .where(
      and(
        eq(diagnosisReports.patientId, patientId),
        opts.releasedOnly
          ? releasedWhere(diagnosisReports)
          : eq(diagnosisReports.state, ReportState.Signed),
        opts.receiveId === undefined ? undefined : eq(diagnosisReports.receiveId, opts.receiveId),
      ),
    )
    .orderBy(desc(diagnosisReports.signedAt), desc(diagnosisReports.id));
}

export async function findReport(db: Db, id: number): Promise<ReportView | undefined> {
  const [row] = await reportViews(db).where(eq(diagnosisReports.id, id));
  return row;
}

export async function findDraft(db: Db, receiveId: number): Promise<ReportView | undefined> {
  const [row] = await reportViews(db).where(
    and(eq(diagnosisReports.receiveId, receiveId), eq(diagnosisReports.state, ReportState.Draft)),
  );
  return row;
}

/**
 * The expert's newest draft of the case written under an earlier sending of it (one returned,
 * and sent to them again since): what they had written is not lost with the sending.
 */
export async function earlierDraft(
  db: Db,
  patientId: number,
  expertId: number,
  receiveId: number,
): Promise<ReportView | undefined> {
  const [row] = await reportViews(db)
    .where(
      and(
        eq(diagnosisReports.patientId, patientId),
        eq(diagnosisReports.expertId, expertId),
        eq(diagnosisReports.state, ReportState.Draft),
        ne(diagnosisReports.receiveId, receiveId),
      ),
    )
    .orderBy(desc(diagnosisReports.updatedAt), desc(diagnosisReports.id))
    .limit(1);
  return row;
}

/**
 * The receive's latest signed version, or its latest released one (the one the doctor reads and
 * asks about, and a new version starts from).
 */
export async function latestSigned(
  db: Db,
  receiveId: number,
  opts: { releasedOnly?: boolean } = {},
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(diagnosisReports)
    .where(
      and(
        eq(diagnosisReports.receiveId, receiveId),
        opts.releasedOnly
          ? releasedWhere(diagnosisReports)
          : eq(diagnosisReports.state, ReportState.Signed),
      ),
    )
    .orderBy(desc(diagnosisReports.version))
    .limit(1);
  return row;
}

export async function nextVersion(tx: Db, receiveId: number): Promise<number> {
  const [row] = await tx
    .select({ v: max(diagnosisReports.version) })
    .from(diagnosisReports)
    .where(
      and(eq(diagnosisReports.receiveId, receiveId), ne(diagnosisReports.state, ReportState.Draft)),
    );
  return (row?.v ?? 0) + 1;
}

export async function insertReport(
  tx: Db,
  values: typeof diagnosisReports.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(diagnosisReports)
    .values(values)
    .returning({ id: diagnosisReports.id });
  if (!row) {
    throw new Error('report not inserted');
  }
  return row.id;
}

/** Only drafts are ever updated: the guard keeps signed versions as they were signed. */
export async function updateDraft(
  tx: Db,
  id: number,
  values: Partial<typeof diagnosisReports.$inferInsert>,
): Promise<void> {
  await tx
    .update(diagnosisReports)
    .set(values)
    .where(and(eq(diagnosisReports.id, id), eq(diagnosisReports.state, ReportState.Draft)));
}

export async function countPrint(tx: Db, id: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: diagnosisReports.printCount })
    .from(diagnosisReports)
    .where(eq(diagnosisReports.id, id))
    .for('update');
  await tx
    .update(diagnosisReports)
    .set({ printCount: (row?.n ?? 0) + 1, lastPrintedAt: now })
    .where(eq(diagnosisReports.id, id));
  return (row?.n ?? 0) + 1;
}

/** Requests of the receives' reports, oldest first, with the requester's name. */
export async function requestsOfReceives(db: Db, receiveIds: number[]) {
  if (receiveIds.length === 0) {
    return [];
  }
  return db
    .select({
      row: reportRequests,
      requesterName: users.realName,
      receiveId: diagnosisReports.receiveId,
    })
    .from(reportRequests)
    .innerJoin(diagnosisReports, eq(diagnosisReports.id, reportRequests.reportId))
    .innerJoin(users, eq(users.id, reportRequests.requesterId))
    .where(inArray(diagnosisReports.receiveId, receiveIds))
    .orderBy(asc(reportRequests.createdAt), asc(reportRequests.id));
}
export type RequestView = Awaited<ReturnType<typeof requestsOfReceives>>[number];

export async function findRequest(db: Db, id: number): Promise<ReportRequestRow | undefined> {
  const [row] = await db.select().from(reportRequests).where(eq(reportRequests.id, id));
  return row;
}

export async function lockRequest(tx: Db, id: number): Promise<ReportRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(reportRequests)
    .where(eq(reportRequests.id, id))
    .for('update');
  return row;
}

export async function insertRequest(
  tx: Db,
  values: typeof reportRequests.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(reportRequests).values(values).returning({ id: reportRequests.id });
  if (!row) {
    throw new Error('request not inserted');
  }
  return row.id;
}

export async function updateRequest(
  tx: Db,
  id: number,
  values: Partial<typeof reportRequests.$inferInsert>,
): Promise<void> {
  await tx.update(reportRequests).set(values).where(eq(reportRequests.id, id));
}

/**
 * A draft becomes a signed version; nothing updates its content after this. `reviewState` is
 * Pending where the expert's hospital reviews reports before release, else null.
 */
export async function signDraft(
  tx: Db,
  id: number,
  values: { signaturePng: string; signedAt: Date; updatedAt: Date; reviewState: number | null },
): Promise<void> {
  await tx
    .update(diagnosisReports)
    .set({ ...values, state: ReportState.Signed })
    .where(and(eq(diagnosisReports.id, id), eq(diagnosisReports.state, ReportState.Draft)));
}

/** Locks a report version for its review decision. */
export async function lockReport(tx: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await tx
    .select()
    .from(diagnosisReports)
    .where(eq(diagnosisReports.id, id))
    .for('update');
  return row;
}

/**
 * A reviewer's decision on a pending version: the only change a signed version takes, and only
 * once (the guard keeps a decided version as it was decided).
 */
export async function decideReview(
  tx: Db,
  id: number,
  values: { reviewState: number; reviewReason: string; reviewedBy: number; reviewedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(diagnosisReports)
    .set({ ...values, updatedAt: values.reviewedAt })
    .where(
      and(
        eq(diagnosisReports.id, id),
        eq(diagnosisReports.state, ReportState.Signed),
        eq(diagnosisReports.reviewState, ReviewState.Pending),
      ),
    )
    .returning({ id: diagnosisReports.id });
  return rows.length === 1;
}
