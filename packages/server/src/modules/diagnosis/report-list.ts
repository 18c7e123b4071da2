import { and, count, desc, eq, gt, gte, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ReportState,
  type Lang,
  type ReportListItem,
  type ReportListPage,
  type ReportListQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { diagnosisReports, patients } from '../../db/schema';
import { users } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import type { Actor } from '../auth/actor';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import { toListItem } from '../patients/dto';
import { releasedWhere, type ReportRow } from './repo';
import { collectionJoin, listColumns, mine, owner } from '../patients/list-repo';
import { scopeOf, whereInScope } from '../tenancy/scope';

/*
 * "My reports": /ExpertsReorts lists the reports an expert signed, /DiagnosticReport the reports
 * on a doctor's own cases. One row per sending: its latest signed version (earlier versions stay
 * in the case's history). Newest signature first; signed date range in China time.
 */

const expert = alias(users, 'report_expert');
const newer = alias(diagnosisReports, 'newer');

/**
 * The version is the latest of its receive: the latest signed one for its expert, the latest
 * released one for the doctor (versions under review are not out yet).
 */
function isLatest(db: Db, releasedOnly: boolean): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(newer)
      .where(
        and(
          eq(newer.receiveId, diagnosisReports.receiveId),
          releasedOnly ? releasedWhere(newer) : eq(newer.state, ReportState.Signed),
          gt(newer.version, diagnosisReports.version),
        ),
      ),
  );
}

export type ReportListOwner = 'expert' | 'doctor';

function whereOf(db: Db, actor: Actor, who: ReportListOwner, q: ReportListQuery): SQL | undefined {
  return and(
    who === 'expert'
      ? eq(diagnosisReports.state, ReportState.Signed)
      : releasedWhere(diagnosisReports),
    isLatest(db, who === 'doctor'),
    who === 'expert'
      ? eq(diagnosisReports.expertId, actor.userId)
      : and(eq(patients.ownerId, actor.userId), whereInScope(scopeOf(actor), patients.hospitalId)),
    reportFilters(q),
  );
}

/** The filters every report list offers: name and number prefixes, signing days (China time). */
export function reportFilters(q: ReportListQuery): SQL | undefined {
  return and(
    q.strPatientName
      ? sql`lower(${patients.name}) like lower(${`${escapeLike(q.strPatientName)}%`})`
      : undefined,
    q.strDiagnosistNum
      ? sql`lower(${patients.diagnosisNum}) like lower(${`${escapeLike(q.strDiagnosistNum)}%`})`
      : undefined,
    q.dtStart ? gte(diagnosisReports.signedAt, chinaInstant(q.dtStart)) : undefined,
    q.dtEnd ? lt(diagnosisReports.signedAt, chinaEndExclusive(q.dtEnd)) : undefined,
  );
}

/** A report list row: the case's list columns and the version's own. */
export function reportListItem(
  row: Parameters<typeof toListItem>[0],
  report: ReportRow,
  expertName: string,
  lang: Lang,
): ReportListItem {
  return {
    ...toListItem(row, lang),
    iReportId: report.id,
    iPatientReceiveId: report.receiveId,
    iVersion: report.version,
    ddKind: { iNumber: report.kind },
    strResult: report.result,
    expert: { iUserId: report.expertId, strRealName: expertName },
    dtSignTime: (report.signedAt ?? report.updatedAt).toISOString(),
    iPrintCount: report.printCount,
    ddReviewState: report.reviewState === null ? null : { iNumber: report.reviewState },
  };
}

export async function reportList(
  db: Db,
  actor: Actor,
  who: ReportListOwner,
  q: ReportListQuery,
  lang: Lang,
): Promise<ReportListPage> {
  const where = whereOf(db, actor, who, q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...listColumns,
        report: diagnosisReports,
        expertName: expert.realName,
      })
      .from(diagnosisReports)
      .innerJoin(patients, eq(patients.id, diagnosisReports.patientId))
      .innerJoin(owner, eq(owner.id, patients.ownerId))
      .innerJoin(expert, eq(expert.id, diagnosisReports.expertId))
      .leftJoin(mine, collectionJoin(actor))
      .where(where)
      .orderBy(desc(diagnosisReports.signedAt), desc(diagnosisReports.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db
      .select({ n: count() })
      .from(diagnosisReports)
      .innerJoin(patients, eq(patients.id, diagnosisReports.patientId))
      .where(where),
  ]);
  return {
    listPage: rows.map(({ report, expertName, ...row }) =>
      reportListItem(row, report, expertName, lang),
    ),
    iTotalCount: total?.n ?? 0,
  };
}
