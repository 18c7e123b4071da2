import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ReportState,
  ReviewState,
  type Lang,
  type ReviewListPage,
  type ReviewListQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { diagnosisReports, hospitals, patients, users } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import type { Actor } from '../auth/actor';
import { chinaEndExclusive, chinaInstant } from '../patients/china-time';
import { reviewableWhere } from '../patients/access';
import { toListItem } from '../patients/dto';
import { collectionJoin, listColumns, mine, owner } from '../patients/list-repo';

/*
 * diagnosis/selectReviewReports: the review queue. Signed versions that need review, of the
 * experts the caller reviews (patients/access.ts `reviewableWhere`), of one review state or all. Pending versions oldest signature
 * first (first come, first reviewed); otherwise the latest decision first, pending ones last.
 */

const expert = alias(users, 'review_expert');
const expertHospital = alias(hospitals, 'review_expert_hospital');
const reviewer = alias(users, 'review_reviewer');

function whereOf(actor: Actor, q: ReviewListQuery, state: number | undefined): SQL | undefined {
  return and(
    eq(diagnosisReports.state, ReportState.Signed),
    state === undefined
      ? isNotNull(diagnosisReports.reviewState)
      : eq(diagnosisReports.reviewState, state),
    reviewableWhere(actor, expert.hospitalId),
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

/** `ddReviewState` absent lists every version that needs review, whatever its decision. */
export async function reviewList(
  db: Db,
  actor: Actor,
  q: ReviewListQuery,
  lang: Lang,
): Promise<ReviewListPage> {
  const state = q.ddReviewState;
  const where = whereOf(actor, q, state);
  const order =
    state === ReviewState.Pending
      ? [asc(diagnosisReports.signedAt), asc(diagnosisReports.id)]
      : [sql`${diagnosisReports.reviewedAt} desc nulls last`, desc(diagnosisReports.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...listColumns,
        report: diagnosisReports,
        expertName: expert.realName,
        expertHospitalName: expertHospital.name,
        reviewerName: reviewer.realName,
      })
      .from(diagnosisReports)
      .innerJoin(patients, eq(patients.id, diagnosisReports.patientId))
      .innerJoin(owner, eq(owner.id, patients.ownerId))
      .innerJoin(expert, eq(expert.id, diagnosisReports.expertId))
      .innerJoin(expertHospital, eq(expertHospital.id, expert.hospitalId))
      .leftJoin(reviewer, eq(reviewer.id, diagnosisReports.reviewedBy))
      .leftJoin(mine, collectionJoin(actor))
      .where(where)
      .orderBy(...order)
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db
      .select({ n: count() })
      .from(diagnosisReports)
      .innerJoin(patients, eq(patients.id, diagnosisReports.patientId))
      .innerJoin(expert, eq(expert.id, diagnosisReports.expertId))
      .where(where),
  ]);
  return {
    listPage: rows.map(({ report, expertName, expertHospitalName, reviewerName, ...row }) => ({
      ...toListItem(row, lang),
      iReportId: report.id,
      iPatientReceiveId: report.receiveId,
      iVersion: report.version,
      ddKind: { iNumber: report.kind },
      strResult: report.result,
      strOpinion: report.opinion,
      strSupplement: report.supplement,
      expert: {
        iUserId: report.expertId,
        strRealName: expertName,
        strHospitalName: expertHospitalName,
      },
      dtSignTime: (report.signedAt ?? report.updatedAt).toISOString(),
      iPrintCount: report.printCount,
      ddReviewState: { iNumber: report.reviewState ?? ReviewState.Pending },
      strReviewReason: report.reviewReason ?? '',
      reviewer:
        report.reviewedBy === null
          ? null
          : { iUserId: report.reviewedBy, strRealName: reviewerName ?? '' },
      dtReviewTime: report.reviewedAt?.toISOString() ?? null,
    })),
    iTotalCount: total?.n ?? 0,
  };
}
