import type { FinishedOutcome } from './finished-outcome';
import type { ItemState } from './queue';

/**
 * A slide's state as the queue shows it: the queue's own while it is sent, then what the slide
 * engine made of it (finishedOutcome), as its finished row reads.
 */
export type ShownState = ItemState | FinishedOutcome['state'];

/** States a screen reader is told of as a slide reaches them (waiting is the queue's start). */
const ANNOUNCED: ReadonlySet<ShownState> = new Set<ShownState>([
  'uploading',
  'paused',
  'processing',
  'uploaded',
  'failed',
  'removed',
]);

export interface ShownItem {
  iFileId: number;
  name: string;
  /** Null while the server's first word on a finished upload is on its way: nothing to say yet. */
  state: ShownState | null;
}

export interface StateChange {
  name: string;
  state: ShownState;
}

/**
 * The queue's slides whose state changed since `before` (ids to states), to be announced, and
 * the states now. A slide seen for the first time is not a change: the user has just added it,
 * and a page opened on a queue in progress should not read the whole queue out — nor the slide
 * engine's verdicts on uploads finished before it (first known once their answer arrives).
 */
export function stateChanges(
  before: ReadonlyMap<number, ShownState> | null,
  items: readonly ShownItem[],
): { changes: StateChange[]; now: Map<number, ShownState> } {
  const now = new Map<number, ShownState>();
  const changes: StateChange[] = [];
  for (const item of items) {
    const was = before?.get(item.iFileId);
    if (item.state === null) {
      // Kept as it was: "uploading" then the engine's verdict is the change to tell.
      if (was !== undefined) {
        now.set(item.iFileId, was);
      }
      continue;
    }
    now.set(item.iFileId, item.state);
    if (was !== undefined && was !== item.state && ANNOUNCED.has(item.state)) {
      changes.push({ name: item.name, state: item.state });
    }
  }
  return { changes, now };
}
