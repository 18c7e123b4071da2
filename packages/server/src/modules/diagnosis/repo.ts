import { and, asc, desc, eq, inArray, max, ne } from 'drizzle-orm';
import { ReportState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { diagnosisReports, hospitals, reportRequests, users } from '../../db/schema';

export type ReportRow = typeof diagnosisReports.$inferSelect;
export type ReportRequestRow = typeof reportRequests.$inferSelect;

/** A report version with its expert's names. */
export interface ReportView {
  row: ReportRow;
  expertName: string;
  expertHospitalName: string;
}

function reportViews(db: Db) {
  return db
    .select({
      row: diagnosisReports,
      expertName: users.realName,
      expertHospitalName: hospitals.name,
    })
    .from(diagnosisReports)
    .innerJoin(users, eq(users.id, diagnosisReports.expertId))
    .innerJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .$dynamic();
}

/** Signed versions of a case's reports, newest first; of one receive when given. */
export function signedReports(
  db: Db,
  patientId: number,
  receiveId?: number,
): Promise<ReportView[]> {
  return reportViews(db)
    .where(
      and(
        eq(diagnosisReports.patientId, patientId),
        eq(diagnosisReports.state, ReportState.Signed),
        receiveId === undefined ? undefined : eq(diagnosisReports.receiveId, receiveId),
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

/** The receive's latest signed version (the one requests are about). */
export async function latestSigned(db: Db, receiveId: number): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(diagnosisReports)
    .where(
      and(
        eq(diagnosisReports.receiveId, receiveId),
        eq(diagnosisReports.state, ReportState.Signed),
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

/** A draft becomes a signed version; nothing updates it after this. */
export async function signDraft(
  tx: Db,
  id: number,
  values: { signaturePng: string; signedAt: Date; updatedAt: Date },
): Promise<void> {
  await tx
    .update(diagnosisReports)
    .set({ ...values, state: ReportState.Signed })
    .where(and(eq(diagnosisReports.id, id), eq(diagnosisReports.state, ReportState.Draft)));
}
