import { describe, expect, it } from 'vitest';
import {
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
  ['return', Submitted, Returned],
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
    // A completed case is final for the doctor: nothing of this issue moves it.
    expect(CASE_ACTIONS.filter((a) => nextCaseState(Completed, a) !== null)).toEqual([]);
  });
});
