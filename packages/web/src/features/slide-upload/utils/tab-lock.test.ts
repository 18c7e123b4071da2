import { describe, expect, it } from 'vitest';
import { browserTabLocks, uploadLockName, uploadsLocked, uploadsLockedElsewhere } from './tab-lock';

/** Web Locks as a browser gives them: one holder per name, `ifAvailable` answering null at once. */
function fakeLockManager() {
  const held = new Set<string>();
  return {
    async request<T>(
      name: string,
      options: { ifAvailable: boolean },
      callback: (lock: unknown) => Promise<T | null>,
    ): Promise<T | null> {
      if (held.has(name)) {
        expect(options.ifAvailable).toBe(true);
        return callback(null);
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name, mode: 'exclusive' })) };
    },
  };
}

describe('one tab at a time per slide', () => {
  it('runs the upload holding its slide’s lock, and refuses a second tab while it runs', async () => {
    const manager = fakeLockManager();
    const tabA = browserTabLocks(manager);
    const tabB = browserTabLocks(manager);
    let release = () => {};
    const first = tabA.holding(
      uploadLockName(7),
      () => new Promise<string>((r) => (release = () => r('sent'))),
    );
    await expect(tabB.holding(uploadLockName(7), async () => 'again')).resolves.toBeNull();
    // Another slide is free meanwhile.
    await expect(tabB.holding(uploadLockName(8), async () => 'other')).resolves.toBe('other');
    release();
    await expect(first).resolves.toBe('sent');
    // Once the first tab is done the slide is free again.
    await expect(tabB.holding(uploadLockName(7), async () => 'later')).resolves.toBe('later');
  });

  it('runs everything where the browser has no locks', async () => {
    await expect(browserTabLocks(undefined).holding('x', async () => 1)).resolves.toBe(1);
  });

  it('tells which slides a tab is sending now, from the locks held', async () => {
    const manager = fakeLockManager();
    let release = () => {};
    const sending = browserTabLocks(manager).holding(
      uploadLockName(12),
      () => new Promise<void>((r) => (release = r)),
    );
    // Other locks of the page are not uploads.
    const other = manager.request('something-else', { ifAvailable: true }, () => sending);
    expect([...(await uploadsLocked(manager))]).toEqual([12]);
    release();
    await Promise.all([sending, other]);
    expect([...(await uploadsLocked(manager))]).toEqual([]);
    expect([...(await uploadsLocked(undefined))]).toEqual([]);
  });

  it('never calls this tab’s own slide another tab’s, though its lock goes while the browser answers', async () => {
    const manager = fakeLockManager();
    const mine = new Set<number>([12]);
    let release = () => {};
    const sending = manager.request(uploadLockName(12), { ifAvailable: true }, () => {
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const elsewhere = manager.request(uploadLockName(13), { ifAvailable: true }, () => sending);
    // The snapshot is taken with 12 held here; the pause lets it go before the answer comes.
    const slowQuery = {
      ...manager,
      async query() {
        const snapshot = await manager.query();
        mine.delete(12);
        return snapshot;
      },
    };
    expect([...(await uploadsLockedElsewhere(() => mine, slowQuery))]).toEqual([13]);
    release();
    await Promise.all([sending, elsewhere]);
    expect([...(await uploadsLockedElsewhere(() => mine, manager))]).toEqual([]);
  });
});
