import {
  isReleased,
  ReviewState,
  type ReportDto,
  type ReviewListQuery,
  type ReviewStateCode,
} from '@pathconsult/shared';

/*
 * Review before release (spec §4): how the web app shows a version's review state and what the
 * review list asks the server for. A version without a review state (null) was signed where
 * reports are not reviewed: it shows no review tag.
 */

/** The tag of a review state: its colour and the key of its label (`review.state.<n>`). */
export interface ReviewTag {
  state: ReviewStateCode;
  color: string;
}

const COLORS: Record<ReviewStateCode, string> = {
  [ReviewState.Pending]: 'orange',
  [ReviewState.Passed]: 'green',
  [ReviewState.Rejected]: 'red',
};

/** The tag of a version's review state, or null when it has none (or an unknown one). */
export function reviewTagOf(state: number | null | undefined): ReviewTag | null {
  if (state === null || state === undefined || !(state in COLORS)) {
    return null;
  }
  const code = state as ReviewStateCode;
  return { state: code, color: COLORS[code] };
}

/** The review state of a report version as a plain number, null when it is not reviewed. */
export const reviewStateOf = (report: Pick<ReportDto, 'ddReviewState'>): number | null =>
  report.ddReviewState?.iNumber ?? null;

/**
 * Each receive's current version: its highest released one (never reviewed, or passed). A version
 * waiting for review or rejected is newer but not out, so it is not "current".
 */
export function currentVersions(
  reports: readonly Pick<ReportDto, 'iPatientReceiveId' | 'iVersion' | 'ddReviewState'>[],
): Map<number, number> {
  const current = new Map<number, number>();
  for (const r of reports) {
    if (isReleased(reviewStateOf(r))) {
      current.set(r.iPatientReceiveId, Math.max(current.get(r.iPatientReceiveId) ?? 0, r.iVersion));
    }
  }
  return current;
}

/**
 * What the expert's result-info says about their newest signed version: it waits for review (no
 * form then), it was rejected (the reason goes above the new version), or nothing.
 */
export function expertReviewNotice(
  reports: readonly ReportDto[],
): { kind: 'pending' | 'rejected'; report: ReportDto } | null {
  // listReport is newest first.
  const newest = reports[0];
  if (!newest) {
    return null;
  }
  switch (reviewStateOf(newest)) {
    case ReviewState.Pending:
      return { kind: 'pending', report: newest };
    case ReviewState.Rejected:
      return { kind: 'rejected', report: newest };
    default:
      return null;
  }
}

/** The state filter of the review list: one review state, or every one. */
export type ReviewFilter = 'all' | ReviewStateCode;

export const REVIEW_FILTERS: readonly ReviewFilter[] = [
  ReviewState.Pending,
  ReviewState.Passed,
  ReviewState.Rejected,
  'all',
];

/**
 * The query part of a state filter. Pending is sent explicitly even though the server starts from
 * it; "all" sends no state (the server has to read an absent state as "every state" for that).
 */
export function reviewFilterQuery(filter: ReviewFilter): Pick<ReviewListQuery, 'ddReviewState'> {
  return filter === 'all' ? {} : { ddReviewState: filter };
}

/**
 * Whether a failed decision means the version is no longer this reviewer's to decide: someone
 * decided it first (CASE_STATE_CHANGED) or it is not theirs (404). The list reloads either way.
 */
export function isReviewGone(error: { strErrorCode?: string; httpStatus: number }): boolean {
  return error.strErrorCode === 'CASE_STATE_CHANGED' || error.httpStatus === 404;
}
