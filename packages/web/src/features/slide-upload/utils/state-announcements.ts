import type { ItemState, QueueItem } from './queue';

/** States a screen reader is told of as a slide reaches them (waiting is the queue's start). */
const ANNOUNCED: ReadonlySet<ItemState> = new Set(['uploading', 'paused', 'uploaded', 'failed']);

export interface StateChange {
  name: string;
  state: ItemState;
}

/**
 * The queue's slides whose state changed since `before` (ids to states), to be announced, and
 * the states now. A slide seen for the first time is not a change: the user has just added it,
 * and a page opened on a queue in progress should not read the whole queue out.
 */
export function stateChanges(
  before: ReadonlyMap<number, ItemState> | null,
  items: readonly QueueItem[],
): { changes: StateChange[]; now: Map<number, ItemState> } {
  const now = new Map(items.map((item) => [item.iFileId, item.state]));
  const changes = before
    ? items
        .filter((item) => {
          const was = before.get(item.iFileId);
          return was !== undefined && was !== item.state && ANNOUNCED.has(item.state);
        })
        .map((item) => ({ name: item.strFileName, state: item.state }))
    : [];
  return { changes, now };
}
