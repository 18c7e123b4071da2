import { describe, expect, it } from 'vitest';
import type { CurrentUpgradeNotice } from '@pathconsult/shared';
import {
  DISMISSED_KEY,
  dismissedIds,
  dismissNotice,
  isOngoing,
  noticeStatus,
  rangeProblem,
  visibleNotices,
} from './notices';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

const now = new Date('2026-03-01T12:00:00Z');
const notice = (
  id: number,
  start: string,
  end: string,
  bOngoing = false,
): CurrentUpgradeNotice => ({
  iNoticeId: id,
  strPlatformName: `P${id}`,
  strStartTime: start,
  strEndTime: end,
  strContent: '',
  bOngoing,
});

describe('dismissed notices', () => {
  it('are remembered by id in the store', () => {
    const store = memoryStore();
    expect(dismissedIds(store).size).toBe(0);
    dismissNotice(store, 7);
    dismissNotice(store, 9);
    dismissNotice(store, 7);
    expect([...dismissedIds(store)].sort()).toEqual([7, 9]);
  });

  it('survive a damaged entry as none', () => {
    expect(dismissedIds(memoryStore({ [DISMISSED_KEY]: '{oops' })).size).toBe(0);
    expect(dismissedIds(memoryStore({ [DISMISSED_KEY]: '{"a":1}' })).size).toBe(0);
    expect([...dismissedIds(memoryStore({ [DISMISSED_KEY]: '[1,"x",2]' }))]).toEqual([1, 2]);
  });
});

describe('the banner', () => {
  const upcoming = notice(1, '2026-03-01T14:00:00Z', '2026-03-01T16:00:00Z');
  const ongoing = notice(2, '2026-03-01T11:00:00Z', '2026-03-01T13:00:00Z', true);
  const over = notice(3, '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z', true);

  it('shows notices neither closed nor over', () => {
    expect(visibleNotices([upcoming, ongoing, over], new Set([2]), now)).toEqual([upcoming]);
    expect(visibleNotices([upcoming, ongoing], new Set(), now)).toEqual([upcoming, ongoing]);
  });

  it('calls a notice ongoing once its start has passed, even if the server said upcoming', () => {
    expect(isOngoing(upcoming, now)).toBe(false);
    expect(isOngoing(upcoming, new Date('2026-03-01T14:00:00Z'))).toBe(true);
    expect(isOngoing(ongoing, now)).toBe(true);
  });
});

describe('notice status and range', () => {
  it('reads upcoming, ongoing, ended', () => {
    const n = { strStartTime: '2026-03-01T11:00:00Z', strEndTime: '2026-03-01T13:00:00Z' };
    expect(noticeStatus(n, new Date('2026-03-01T10:59:00Z'))).toBe('upcoming');
    expect(noticeStatus(n, now)).toBe('ongoing');
    expect(noticeStatus(n, new Date('2026-03-01T13:00:00Z'))).toBe('ended');
  });

  it('names what is wrong with a range, as the server does', () => {
    const at = (h: number) => new Date(now.getTime() + h * 3_600_000);
    expect(rangeProblem(null, now)).toBe('validation.timeRange');
    expect(rangeProblem([at(2), at(1)], now)).toBe('validation.endAfterStart');
    expect(rangeProblem([at(1), at(1)], now)).toBe('validation.endAfterStart');
    expect(rangeProblem([at(-3), at(-1)], now)).toBe('validation.endInFuture');
    expect(rangeProblem([at(-1), at(1)], now)).toBeNull();
  });
});
