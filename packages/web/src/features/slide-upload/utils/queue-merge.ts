import { sentElsewhere, statusOf, type QueueItem } from './queue';

/**
 * The tabs of one browser share the stored queue (persisted-queue.ts), and each tab saves it
 * every second while it uploads. Written whole, the last tab to save won: a tab that had not
 * heard of a slide another tab added left it out, and a tab that had loaded a slide another tab
 * sends wrote back the progress it had on loading. So each tab merges its queue into the stored
 * one, three ways, against what it last wrote:
 *
 * - a slide this tab has not changed since its last write keeps the stored copy (another tab
 *   may have moved it on), and one changed here is written (unless another tab changed it too:
 *   then a finished copy beats an unfinished one, and a copy being sent beats one that is not);
 * - a slide this tab has never held is another tab's, and stays;
 * - a slide this tab held and removed (cancelled, or its list cleared) stays removed, and so
 *   does one another tab removed while this tab left it alone.
 *
 * Copies of one slide are found by what they upload where (case, file, when it was added), not
 * by the item's number, which each tab counts on its own.
 */

/** What both tabs' copies of one queue item share. */
export function itemIdentity(item: QueueItem): string {
  const { target } = item;
  return JSON.stringify([
    target.iPatientId,
    target.strDiagnosistNum,
    item.strFileName,
    item.lSize,
    item.lLastModified,
    item.dtAdded,
  ]);
}

/** Everything stored of an item but its tab-local number, keys sorted: equal when copies agree. */
function contentOf(item: QueueItem): string {
  return canonicalJson([
    item.iUploadType,
    item.listFileSliceInfo,
    item.iSlideDocumentId,
    item.state,
    item.lProgress,
    item.reason,
    item.dtFinished,
  ]);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What a tab remembers of its last write: its own copies then, and what it stored. */
export interface MergeMemory {
  readonly ours: ReadonlyMap<string, string>;
  readonly stored: ReadonlyMap<string, string>;
}

export const emptyMergeMemory: MergeMemory = { ours: new Map(), stored: new Map() };

/** The memory of a tab that has just loaded `stored` as `local` (its restored form). */
export function memoryAfterLoad(
  local: readonly QueueItem[],
  stored: readonly QueueItem[],
): MergeMemory {
  return { ours: contents(local), stored: contents(stored) };
}

function contents(items: readonly QueueItem[]): Map<string, string> {
  return new Map(items.map((item) => [itemIdentity(item), contentOf(item)]));
}

/** Of two copies both changed since the last write: the finished one, else the one being sent. */
function newerOf(ours: QueueItem, theirs: QueueItem): QueueItem {
  const finished = (item: QueueItem) => statusOf(item) === 1;
  if (finished(theirs) !== finished(ours)) {
    return finished(theirs) ? theirs : ours;
  }
  if ((theirs.state === 'uploading') !== (ours.state === 'uploading')) {
    return theirs.state === 'uploading' ? theirs : ours;
  }
  return ours;
}

/**
 * The queue to store, from this tab's `local` queue and the `stored` one another tab may have
 * written since, with the memory to keep for the next write. The items keep their numbers; two
 * tabs' items of one number are told apart when the queue is read back (parseQueue).
 */
export function mergeQueues(
  local: readonly QueueItem[],
  stored: readonly QueueItem[],
  memory: MergeMemory,
): { items: QueueItem[]; memory: MergeMemory } {
  const theirs = new Map(stored.map((item) => [itemIdentity(item), item]));
  const items: QueueItem[] = [];
  const held = new Set<string>();
  for (const ours of local) {
    const id = itemIdentity(ours);
    held.add(id);
    const their = theirs.get(id);
    const changedHere = memory.ours.get(id) !== contentOf(ours) && !sentElsewhere(ours);
    if (!their) {
      // Not in the store and not changed here since this tab last wrote: removed by another tab
      // (or left out at that write for it). One new here has no earlier copy, so it is changed.
      if (changedHere) {
        items.push(ours);
      }
      continue;
    }
    const changedThere = memory.stored.get(id) !== contentOf(their);
    if (!changedHere) {
      items.push(their);
    } else {
      items.push(changedThere ? newerOf(ours, their) : ours);
    }
  }
  for (const [id, their] of theirs) {
    // Held here once and no longer: this tab removed it.
    if (!held.has(id) && !memory.ours.has(id)) {
      items.push(their);
    }
  }
  return { items, memory: { ours: contents(local), stored: contents(items) } };
}

/**
 * This tab's queue once another tab has written the stored one (the browser's `storage` event),
 * so that a second tab shows at once the slides the first adds, moves on, finishes or removes,
 * not only after a reload. The stored queue is merged as this tab would write it (mergeQueues),
 * and taken as a reload takes it (restoredQueue): another tab's unfinished slide waits here
 * paused for its files. What this tab holds the files of and has not finished (`ownsFiles`) stays
 * as it is here; a new item gets a number from `nextId`. The memory returned keeps this tab's
 * own changes counted as changes at its next write.
 */
export function adoptStored(
  local: readonly QueueItem[],
  stored: readonly QueueItem[],
  memory: MergeMemory,
  ownsFiles: (item: QueueItem) => boolean,
  nextId: () => number,
): { items: QueueItem[]; memory: MergeMemory } {
  const merged = mergeQueues(local, stored, memory).items;
  const ours = new Map(local.map((item) => [itemIdentity(item), item]));
  const items: QueueItem[] = [];
  const oursMemory = new Map<string, string>();
  const keep = (id: string, item: QueueItem) => {
    items.push(item);
    const before = memory.ours.get(id);
    if (before !== undefined) {
      oursMemory.set(id, before);
    }
  };
  const adopt = (id: string, item: QueueItem) => {
    items.push(item);
    oursMemory.set(id, contentOf(item));
  };
  const kept = new Set<string>();
  for (const item of merged) {
    const id = itemIdentity(item);
    const here = ours.get(id);
    kept.add(id);
    if (here && (item === here || (ownsFiles(here) && statusOf(item) === 0))) {
      keep(id, here);
    } else if (here && ownsFiles(here)) {
      // Finished by the other tab while this one held its files paused.
      adopt(id, { ...item, iFileId: here.iFileId, bNeedsFiles: false });
    } else {
      adopt(id, waitingForFiles({ ...item, iFileId: here?.iFileId ?? nextId() }));
    }
  }
  for (const here of local) {
    const id = itemIdentity(here);
    // Removed by the other tab while this one holds its files: this tab's to cancel.
    if (!kept.has(id) && ownsFiles(here)) {
      keep(id, here);
    }
  }
  return { items, memory: { ours: oursMemory, stored: contents(stored) } };
}

function waitingForFiles(item: QueueItem): QueueItem {
  return statusOf(item) === 0
    ? { ...item, state: 'paused', bNeedsFiles: true, reason: null }
    : item;
}
