import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
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
import type { Actor } from '../auth/actor';
import { reviewableWhere } from '../patients/access';
import { collectionJoin, listColumns, mine, owner } from '../patients/list-repo';
import { reportFilters, reportListItem } from './report-list';

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
    reportFilters(q),
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
      ...reportListItem(row, report, expertName, lang),
      strOpinion: report.opinion,
      strSupplement: report.supplement,
      expert: {
        iUserId: report.expertId,
        strRealName: expertName,
        strHospitalName: expertHospitalName,
      },
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
