/**
 * One tab at a time per slide: two tabs of the same browser uploading the same slide (resumed in
 * both) each sent the whole file, the second tab's chunks all duplicates — half of a slow link
 * wasted. The Web Locks API holds a named lock across the tabs of a browser; a tab that finds it
 * held leaves the slide to the other one.
 */
export interface TabLocks {
  /** Runs `work` holding the lock `name`, or answers null at once when another tab holds it. */
  holding<T>(name: string, work: () => Promise<T>): Promise<T | null>;
}

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T | null>,
  ): Promise<T | null>;
  query?(): Promise<{ held?: { name?: string }[] }>;
}

const browserLocks = () => (globalThis.navigator as { locks?: LockManagerLike })?.locks;

/** The browser's locks; where there are none (old browsers, tests) every slide is free. */
export function browserTabLocks(locks: LockManagerLike | undefined = browserLocks()): TabLocks {
  return {
    holding(name, work) {
      if (!locks) {
        return work();
      }
      return locks.request(name, { ifAvailable: true }, (lock) =>
        lock ? work() : Promise.resolve(null),
      );
    },
  };
}

const LOCK_PREFIX = 'pathconsult-upload-';

/** The lock of one slide document's upload. */
export const uploadLockName = (iSlideDocumentId: number) => `${LOCK_PREFIX}${iSlideDocumentId}`;

/**
 * The slide documents whose upload lock some tab of this browser holds now (the Web Locks API's
 * snapshot): for the slides this tab is not sending, another tab is. Empty without the API.
 */
export async function uploadsLocked(
  locks: LockManagerLike | undefined = browserLocks(),
): Promise<Set<number>> {
  const snapshot = await locks?.query?.();
  const ids = new Set<number>();
  for (const { name } of snapshot?.held ?? []) {
    const id = name?.startsWith(LOCK_PREFIX) ? Number(name.slice(LOCK_PREFIX.length)) : NaN;
    if (Number.isInteger(id)) {
      ids.add(id);
    }
  }
  return ids;
}

/**
 * The slide documents another tab of this browser is sending now: the locks held, less this
 * tab's own (`heldHere`), as they were before the snapshot and after it. The browser answers a
 * while later; a pause letting go of this tab's lock meanwhile made its own slide read as "being
 * sent by another tab" until the next look.
 */
export async function uploadsLockedElsewhere(
  heldHere: () => ReadonlySet<number>,
  locks: LockManagerLike | undefined = browserLocks(),
): Promise<Set<number>> {
  const before = new Set(heldHere());
  const ids = await uploadsLocked(locks);
  const after = heldHere();
  return new Set([...ids].filter((id) => !before.has(id) && !after.has(id)));
}
