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
} as const;
export type ReceiveStateCode = (typeof ReceiveState)[keyof typeof ReceiveState];
