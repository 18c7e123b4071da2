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
}

/** The browser's locks; where there are none (old browsers, tests) every slide is free. */
export function browserTabLocks(
  locks: LockManagerLike | undefined = (globalThis.navigator as { locks?: LockManagerLike })?.locks,
): TabLocks {
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

/** The lock of one slide document's upload. */
export const uploadLockName = (iSlideDocumentId: number) =>
  `pathconsult-upload-${iSlideDocumentId}`;
