import { ReceiveState, type ReceiveStateCode } from './receive-states';

/**
 * The case lifecycle of spec §4, in one place: the states, the actions and which action may move
 * a case from which state to which. The server refuses anything not listed here with
 * CASE_STATE_CHANGED ("selected case status changed"); lists and row actions of the web app read
 * the same table. Later issues add the expert's and the review's actions here.
 *
 * Archived (collected) and shared are not states of the case: they are marks a user puts on it
 * (a collection, a share link) whatever its state.
 */
export const CaseState = {
  /** Saved by the doctor, not yet sent (the "new cases" list). */
  New: 0,
  /** Sent for diagnosis, waiting for the expert. */
  Submitted: 1,
  /** Diagnosed: the report is signed. */
  Completed: 2,
  /** Sent back by the expert (regular return, referral or additional order). */
  Returned: 3,
  /** Taken back by the doctor before the expert viewed it. */
  Withdrawn: 4,
} as const;
export type CaseStateCode = (typeof CaseState)[keyof typeof CaseState];
export const CASE_STATES: readonly CaseStateCode[] = [0, 1, 2, 3, 4];

export function isCaseStateCode(value: unknown): value is CaseStateCode {
  return typeof value === 'number' && (CASE_STATES as readonly number[]).includes(value);
}

export type CaseAction =
  /** Change the case's fields (a returned or withdrawn case goes back to the new list). */
  | 'edit'
  | 'delete'
  /** Send it for diagnosis (issue 7 builds the sending; the transition is here). */
  | 'submit'
  /** The doctor takes it back, only before an expert viewed it (checked by the caller). */
  | 'withdraw'
  /** An expert signs a report (issue 7); a second expert of the same sending may sign too. */
  | 'complete'
  /** The last expert still holding the case sends it back (issue 7). */
  | 'return'
  /** An expert passes the case to another expert: it stays submitted (issue 7). */
  | 'refer';

/** Every allowed move: action → from-state → to-state. Anything else is refused. */
const TRANSITIONS: Record<CaseAction, Partial<Record<CaseStateCode, CaseStateCode>>> = {
  edit: {
    [CaseState.New]: CaseState.New,
    [CaseState.Returned]: CaseState.New,
    [CaseState.Withdrawn]: CaseState.New,
  },
  delete: {
    [CaseState.New]: CaseState.New,
    [CaseState.Returned]: CaseState.Returned,
    [CaseState.Withdrawn]: CaseState.Withdrawn,
  },
  submit: { [CaseState.New]: CaseState.Submitted },
  withdraw: { [CaseState.Submitted]: CaseState.Withdrawn },
  complete: {
    [CaseState.Submitted]: CaseState.Completed,
    [CaseState.Completed]: CaseState.Completed,
  },
  return: { [CaseState.Submitted]: CaseState.Returned },
  // Another expert may have signed already: the case stays completed.
  refer: {
    [CaseState.Submitted]: CaseState.Submitted,
    [CaseState.Completed]: CaseState.Completed,
  },
};

export const CASE_ACTIONS = Object.keys(TRANSITIONS) as CaseAction[];

/** The state an action leads to from a state, or null when the action is not allowed there. */
export function nextCaseState(from: CaseStateCode, action: CaseAction): CaseStateCode | null {
  return TRANSITIONS[action][from] ?? null;
}

export function caseActionAllowed(from: CaseStateCode, action: CaseAction): boolean {
  return nextCaseState(from, action) !== null;
}

/** The states from which an action is allowed (for list filters and SQL guards). */
export function statesAllowing(action: CaseAction): CaseStateCode[] {
  return CASE_STATES.filter((s) => caseActionAllowed(s, action));
}

/*
 * The sendings of a case (receives) and the reports on them move in the same workflow; their
 * tables sit here too so that every transition of spec §4 is in this one module. Receive states
 * are ReceiveState (receive-states.ts).
 */
export type ReceiveAction =
  /** The expert saves a draft of the report. */
  | 'draft'
  /** The expert signs: the first report, or a new version after an agreed request. */
  | 'sign'
  /** The expert signs where reports are reviewed before release: the version waits for review. */
  | 'signForReview'
  /** A reviewer passes the version: it is released (the first one completes the receive). */
  | 'passReview'
  /** A reviewer rejects the version with a reason: the expert writes it again. */
  | 'rejectReview'
  /** The expert sends the case back: regular, referral or additional order. */
  | 'return'
  /** The doctor takes the case back before it was viewed. */
  | 'withdraw'
  /** An administrator gives a case waiting at a diagnosis center its experts. */
  | 'distribute'
  /** An administrator passes a case waiting at a diagnosis center to another center. */
  | 'forward';

const RECEIVE_TRANSITIONS: Record<ReceiveAction, Partial<Record<number, number>>> = {
  draft: {
    [ReceiveState.Waiting]: ReceiveState.Waiting,
    [ReceiveState.Diagnosed]: ReceiveState.Diagnosed,
  },
  sign: {
    [ReceiveState.Waiting]: ReceiveState.Diagnosed,
    [ReceiveState.Diagnosed]: ReceiveState.Diagnosed,
  },
  signForReview: {
    [ReceiveState.Waiting]: ReceiveState.Reviewing,
    // A later version (modification, supplement) is reviewed while the released one stays.
    [ReceiveState.Diagnosed]: ReceiveState.Diagnosed,
  },
  passReview: {
    [ReceiveState.Reviewing]: ReceiveState.Diagnosed,
    [ReceiveState.Diagnosed]: ReceiveState.Diagnosed,
  },
  rejectReview: {
    [ReceiveState.Reviewing]: ReceiveState.Waiting,
    [ReceiveState.Diagnosed]: ReceiveState.Diagnosed,
  },
  return: { [ReceiveState.Waiting]: ReceiveState.Returned },
  withdraw: { [ReceiveState.Waiting]: ReceiveState.Withdrawn },
  // Only while the receive has no expert yet (checked by the caller): a distributed receive is
  // its expert's.
  distribute: { [ReceiveState.Waiting]: ReceiveState.Waiting },
  forward: { [ReceiveState.Waiting]: ReceiveState.Waiting },
};

export const RECEIVE_ACTIONS = Object.keys(RECEIVE_TRANSITIONS) as ReceiveAction[];
export const RECEIVE_STATES: readonly ReceiveStateCode[] = [0, 1, 2, 3, 4];

/** The state a receive action leads to, or null when it is refused from `from`. */
export function nextReceiveState(from: number, action: ReceiveAction): ReceiveStateCode | null {
  return (RECEIVE_TRANSITIONS[action][from] as ReceiveStateCode | undefined) ?? null;
}

/** A report version: a draft is saved over; a signed version is never changed. */
export const ReportState = { Draft: 0, Signed: 1 } as const;
export type ReportStateCode = (typeof ReportState)[keyof typeof ReportState];

/**
 * Review before release (spec §4 "Review: unreviewed/pending review, passed, rejected"), for the
 * signed versions of experts whose hospital asks for it; a version signed elsewhere has no review
 * state (null) and is released at once. Only pending versions are decided, once.
 */
export const ReviewState = { Pending: 0, Passed: 1, Rejected: 2 } as const;
export type ReviewStateCode = (typeof ReviewState)[keyof typeof ReviewState];
export const REVIEW_STATES: readonly ReviewStateCode[] = [0, 1, 2];
export type ReviewAction = 'pass' | 'reject';

const REVIEW_TRANSITIONS: Record<ReviewAction, Partial<Record<number, ReviewStateCode>>> = {
  pass: { [ReviewState.Pending]: ReviewState.Passed },
  reject: { [ReviewState.Pending]: ReviewState.Rejected },
};
export const REVIEW_ACTIONS = Object.keys(REVIEW_TRANSITIONS) as ReviewAction[];

export function nextReviewState(from: number | null, action: ReviewAction): ReviewStateCode | null {
  return from === null ? null : (REVIEW_TRANSITIONS[action][from] ?? null);
}

/** Whether a signed version is out for the doctor: never reviewed, or passed. */
export function isReleased(reviewState: number | null): boolean {
  return reviewState === null || reviewState === ReviewState.Passed;
}

/** Why a report version exists. */
export const ReportKind = { Initial: 0, Supplementary: 1, Modification: 2 } as const;
export type ReportKindCode = (typeof ReportKind)[keyof typeof ReportKind];

/** The three returns of spec §4. */
export const ReturnKind = { Regular: 0, Referral: 1, AddOrder: 2 } as const;
export type ReturnKindCode = (typeof ReturnKind)[keyof typeof ReturnKind];

/** What the doctor asks of a signed report (spec §4). */
export const ReportRequestKind = { Modification: 0, Supplementary: 1 } as const;
export type ReportRequestKindCode = (typeof ReportRequestKind)[keyof typeof ReportRequestKind];

/**
 * A request: pending (to be reviewed by the expert) → agreed or refused with a reason; an agreed
 * request is done once the expert signed the new version.
 */
export const ReportRequestState = { Pending: 0, Agreed: 1, Refused: 2, Done: 3 } as const;
export type ReportRequestStateCode = (typeof ReportRequestState)[keyof typeof ReportRequestState];

export type ReportRequestAction = 'agree' | 'refuse' | 'fulfil';

const REQUEST_TRANSITIONS: Record<
  ReportRequestAction,
  Partial<Record<number, ReportRequestStateCode>>
> = {
  agree: { [ReportRequestState.Pending]: ReportRequestState.Agreed },
  refuse: { [ReportRequestState.Pending]: ReportRequestState.Refused },
  fulfil: { [ReportRequestState.Agreed]: ReportRequestState.Done },
};
export const REPORT_REQUEST_ACTIONS = Object.keys(REQUEST_TRANSITIONS) as ReportRequestAction[];
export const REPORT_REQUEST_STATES: readonly ReportRequestStateCode[] = [0, 1, 2, 3];

export function nextReportRequestState(
  from: number,
  action: ReportRequestAction,
): ReportRequestStateCode | null {
  return REQUEST_TRANSITIONS[action][from] ?? null;
}

/**
 * Whether the doctor may ask again, given the earlier requests of the report: never while one is
 * open (pending or agreed); a modification again after a refusal or once done; a supplementary
 * opinion only once (spec §4, §9), whatever became of it.
 */
export function mayRequest(
  kind: ReportRequestKindCode,
  earlier: readonly { kind: number; state: number }[],
): boolean {
  const open = earlier.some(
    (r) => r.state === ReportRequestState.Pending || r.state === ReportRequestState.Agreed,
  );
  if (open) {
    return false;
  }
  return kind === ReportRequestKind.Modification
    ? true
    : !earlier.some((r) => r.kind === ReportRequestKind.Supplementary);
}
