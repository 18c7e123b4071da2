import { describe, expect, it } from 'vitest';
import { ReceiveState } from './receive-states';
import {
  isReleased,
  mayRequest,
  nextReviewState,
  REVIEW_ACTIONS,
  REVIEW_STATES,
  ReviewState,
  type ReviewAction,
  nextReceiveState,
  nextReportRequestState,
  RECEIVE_ACTIONS,
  RECEIVE_STATES,
  REPORT_REQUEST_ACTIONS,
  REPORT_REQUEST_STATES,
  ReportRequestKind,
  ReportRequestState,
  type ReceiveAction,
  type ReportRequestAction,
  CASE_ACTIONS,
  CASE_STATES,
  CaseState,
  nextCaseState,
  statesAllowing,
  type CaseAction,
  type CaseStateCode,
} from './case-states';

const { New, Submitted, Completed, Returned, Withdrawn } = CaseState;

/** Every allowed move of spec §4; every other (state, action) pair must be refused. */
const ALLOWED: [CaseAction, CaseStateCode, CaseStateCode][] = [
  ['edit', New, New],
  ['edit', Returned, New],
  ['edit', Withdrawn, New],
  ['delete', New, New],
  ['delete', Returned, Returned],
  ['delete', Withdrawn, Withdrawn],
  ['submit', New, Submitted],
  ['withdraw', Submitted, Withdrawn],
  ['complete', Submitted, Completed],
  ['complete', Completed, Completed],
  ['return', Submitted, Returned],
  ['refer', Submitted, Submitted],
  ['refer', Completed, Completed],
];

describe('case state machine', () => {
  it.each(ALLOWED)('allows %s from %i to %i', (action, from, to) => {
    expect(nextCaseState(from, action)).toBe(to);
  });

  const refused = CASE_ACTIONS.flatMap((action) =>
    CASE_STATES.filter((from) => !ALLOWED.some(([a, f]) => a === action && f === from)).map(
      (from) => [action, from] as const,
    ),
  );
  it.each(refused)('refuses %s from %i', (action, from) => {
    expect(nextCaseState(from, action)).toBeNull();
  });

  it('covers every state × action pair', () => {
    expect(ALLOWED.length + refused.length).toBe(CASE_ACTIONS.length * CASE_STATES.length);
  });

  it('lists the states an action starts from', () => {
    expect(statesAllowing('edit')).toEqual([New, Returned, Withdrawn]);
    expect(statesAllowing('withdraw')).toEqual([Submitted]);
    // A completed case is final for the doctor: only another expert's report or referral keeps
    // it completed.
    expect(CASE_ACTIONS.filter((a) => nextCaseState(Completed, a) !== null)).toEqual([
      'complete',
      'refer',
    ]);
  });
});

/** Every allowed move of a sending (receive); all other pairs are refused. */
const RECEIVE_ALLOWED: [ReceiveAction, number, number][] = [
  ['draft', ReceiveState.Waiting, ReceiveState.Waiting],
  ['draft', ReceiveState.Diagnosed, ReceiveState.Diagnosed],
  ['sign', ReceiveState.Waiting, ReceiveState.Diagnosed],
  ['sign', ReceiveState.Diagnosed, ReceiveState.Diagnosed],
  ['signForReview', ReceiveState.Waiting, ReceiveState.Reviewing],
  ['signForReview', ReceiveState.Diagnosed, ReceiveState.Diagnosed],
  ['passReview', ReceiveState.Reviewing, ReceiveState.Diagnosed],
  ['passReview', ReceiveState.Diagnosed, ReceiveState.Diagnosed],
  ['rejectReview', ReceiveState.Reviewing, ReceiveState.Waiting],
  ['rejectReview', ReceiveState.Diagnosed, ReceiveState.Diagnosed],
  ['return', ReceiveState.Waiting, ReceiveState.Returned],
  ['withdraw', ReceiveState.Waiting, ReceiveState.Withdrawn],
  ['distribute', ReceiveState.Waiting, ReceiveState.Waiting],
  ['forward', ReceiveState.Waiting, ReceiveState.Waiting],
];

describe('receive state machine', () => {
  it.each(RECEIVE_ALLOWED)('allows %s from %i to %i', (action, from, to) => {
    expect(nextReceiveState(from, action)).toBe(to);
  });
  const refused = RECEIVE_ACTIONS.flatMap((action) =>
    RECEIVE_STATES.filter(
      (from) => !RECEIVE_ALLOWED.some(([a, f]) => a === action && f === from),
    ).map((from) => [action, from] as const),
  );
  it.each(refused)('refuses %s from %i', (action, from) => {
    expect(nextReceiveState(from, action)).toBeNull();
  });
  it('covers every state × action pair', () => {
    expect(RECEIVE_ALLOWED.length + refused.length).toBe(
      RECEIVE_ACTIONS.length * RECEIVE_STATES.length,
    );
  });
});

const { Pending, Agreed, Refused, Done } = ReportRequestState;
const REQUEST_ALLOWED: [ReportRequestAction, number, number][] = [
  ['agree', Pending, Agreed],
  ['refuse', Pending, Refused],
  ['fulfil', Agreed, Done],
];

describe('report request state machine', () => {
  it.each(REQUEST_ALLOWED)('allows %s from %i to %i', (action, from, to) => {
    expect(nextReportRequestState(from, action)).toBe(to);
  });
  const refused = REPORT_REQUEST_ACTIONS.flatMap((action) =>
    REPORT_REQUEST_STATES.filter(
      (from) => !REQUEST_ALLOWED.some(([a, f]) => a === action && f === from),
    ).map((from) => [action, from] as const),
  );
  it.each(refused)('refuses %s from %i', (action, from) => {
    expect(nextReportRequestState(from, action)).toBeNull();
  });

  const { Modification, Supplementary } = ReportRequestKind;
  it('allows a first request of either kind', () => {
    expect(mayRequest(Modification, [])).toBe(true);
    expect(mayRequest(Supplementary, [])).toBe(true);
  });
  it('refuses any request while one is pending or agreed', () => {
    for (const state of [Pending, Agreed]) {
      expect(mayRequest(Modification, [{ kind: Modification, state }])).toBe(false);
      expect(mayRequest(Supplementary, [{ kind: Modification, state }])).toBe(false);
    }
  });
  it('lets a modification be asked again after a refusal or once done', () => {
    expect(mayRequest(Modification, [{ kind: Modification, state: Refused }])).toBe(true);
    expect(mayRequest(Modification, [{ kind: Modification, state: Done }])).toBe(true);
  });
  it('allows a supplementary opinion once, whatever became of it', () => {
    for (const state of [Refused, Done]) {
      expect(mayRequest(Supplementary, [{ kind: Supplementary, state }])).toBe(false);
    }
    expect(mayRequest(Supplementary, [{ kind: Modification, state: Done }])).toBe(true);
  });
});

/** Review before release: only a pending version is decided, once. */
const REVIEW_ALLOWED: [ReviewAction, number, number][] = [
  ['pass', ReviewState.Pending, ReviewState.Passed],
  ['reject', ReviewState.Pending, ReviewState.Rejected],
];

describe('report review state machine', () => {
  it.each(REVIEW_ALLOWED)('allows %s from %i to %i', (action, from, to) => {
    expect(nextReviewState(from, action)).toBe(to);
  });
  const refused = REVIEW_ACTIONS.flatMap((action) =>
    [...REVIEW_STATES, null]
      .filter((from) => !REVIEW_ALLOWED.some(([a, f]) => a === action && f === from))
      .map((from) => [action, from] as const),
  );
  it.each(refused)('refuses %s from %s', (action, from) => {
    expect(nextReviewState(from, action)).toBeNull();
  });
  it('releases versions never reviewed or passed, not pending or rejected ones', () => {
    expect(isReleased(null)).toBe(true);
    expect(isReleased(ReviewState.Passed)).toBe(true);
    expect(isReleased(ReviewState.Pending)).toBe(false);
    expect(isReleased(ReviewState.Rejected)).toBe(false);
  });
});
