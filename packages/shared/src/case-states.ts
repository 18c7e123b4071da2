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
  /** The expert signs the report (issue 7). */
  | 'complete'
  /** The expert sends it back (issue 7). */
  | 'return';

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
  complete: { [CaseState.Submitted]: CaseState.Completed },
  return: { [CaseState.Submitted]: CaseState.Returned },
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
