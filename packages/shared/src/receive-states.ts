/**
 * The state of one sending of a case (a "patient receive", spec §3): the case's own state lives
 * in case-states.ts; a case sent to two experts has two receives. New receives start at 0
 * (spec §4). Issue 7's later parts (diagnosis, returns, referral) move them on.
 */
export const ReceiveState = {
  /** Sent, waiting for the expert (or, sent to a diagnosis center, for distribution). */
  Waiting: 0,
  /** The expert signed the report. */
  Diagnosed: 1,
  /** The expert sent the case back. */
  Returned: 2,
  /** The doctor took the case back before an expert viewed it. */
  Withdrawn: 3,
  /**
   * The expert signed, and the expert's hospital reviews reports before release: the report waits
   * for a reviewer; the doctor does not see it yet and the case stays submitted.
   */
  Reviewing: 4,
} as const;
export type ReceiveStateCode = (typeof ReceiveState)[keyof typeof ReceiveState];

/** Receives through which an expert still holds a case: waiting, under review or reported on. */
export const HOLDING_RECEIVE_STATES: readonly ReceiveStateCode[] = [
  ReceiveState.Waiting,
  ReceiveState.Reviewing,
  ReceiveState.Diagnosed,
];

/**
 * The receive states an expert's list of `state` shows: the reported-on list (/enddiagnosis) holds
 * the reports waiting for review too, since the expert's part is done.
 */
export function receiveStatesListed(state: number): ReceiveStateCode[] {
  return state === ReceiveState.Diagnosed
    ? [ReceiveState.Diagnosed, ReceiveState.Reviewing]
    : [state as ReceiveStateCode];
}
