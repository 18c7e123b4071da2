import type { CurrentUpgradeNotice, ValidationKey } from '@pathconsult/shared';

/** sessionStorage key of the notice ids the user closed in this browser tab. */
export const DISMISSED_KEY = 'dismissedUpgradeNotices';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The ids of the notices closed in this tab (a damaged entry counts as none). */
export function dismissedIds(store: Store): Set<number> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((x) => typeof x === 'number') : []);
  } catch {
    return new Set();
  }
}

/** Remembers that a notice was closed; the same notice stays closed until the tab is closed. */
export function dismissNotice(store: Store, id: number): Set<number> {
  const ids = dismissedIds(store);
  ids.add(id);
  store.setItem(DISMISSED_KEY, JSON.stringify([...ids]));
  return ids;
}

/** Whether the upgrade has begun: the server said so, or its start has passed since. */
export function isOngoing(notice: CurrentUpgradeNotice, now: Date): boolean {
  return notice.bOngoing || Date.parse(notice.strStartTime) <= now.getTime();
}

/** The notices a banner shows: not closed by the user, not over by now. */
export function visibleNotices(
  notices: readonly CurrentUpgradeNotice[],
  dismissed: ReadonlySet<number>,
  now: Date,
): CurrentUpgradeNotice[] {
  return notices.filter(
    (n) => !dismissed.has(n.iNoticeId) && Date.parse(n.strEndTime) > now.getTime(),
  );
}

/** What the administrators' list says of a notice at `now`. */
export function noticeStatus(
  notice: { strStartTime: string; strEndTime: string },
  now: Date,
): 'upcoming' | 'ongoing' | 'ended' {
  if (Date.parse(notice.strEndTime) <= now.getTime()) {
    return 'ended';
  }
  return Date.parse(notice.strStartTime) <= now.getTime() ? 'ongoing' : 'upcoming';
}

/**
 * The problem of a picked time range, as the server would name it (spec §5 "time range required";
 * the end after the start and still ahead), or null. Only minutes count: the picker has none finer.
 */
export function rangeProblem(
  range: readonly [Date, Date] | null | undefined,
  now: Date,
): ValidationKey | null {
  if (!range) {
    return 'validation.timeRange';
  }
  const [start, end] = range;
  if (end.getTime() <= start.getTime()) {
    return 'validation.endAfterStart';
  }
  if (end.getTime() <= now.getTime()) {
    return 'validation.endInFuture';
  }
  return null;
}
