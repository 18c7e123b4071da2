import { useEffect, useState } from 'react';
import { uploadsLockedElsewhere } from '../utils/tab-lock';
import { useUploads } from './upload-context';

/** How often a screen that shows them looks again. */
const LOOK_EVERY_MS = 2_000;

/**
 * The slide documents another tab of this browser is sending now, from the upload locks
 * (tab-lock.ts), looked at every two seconds while `looking`; a lock this tab holds itself (a
 * slide it sends, or a pause still winding down) is left out. A new set after each look.
 */
export function useUploadsSentElsewhere(looking: boolean): ReadonlySet<number> {
  const { manager } = useUploads();
  const [held, setHeld] = useState<ReadonlySet<number>>(EMPTY);
  useEffect(() => {
    if (!looking) {
      return undefined;
    }
    let live = true;
    const look = () =>
      void uploadsLockedElsewhere(() => manager?.locksHeldHere() ?? EMPTY).then(
        (ids) => live && setHeld(ids),
        () => undefined,
      );
    look();
    const timer = setInterval(look, LOOK_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [looking, manager]);
  return looking ? held : EMPTY;
}

const EMPTY: ReadonlySet<number> = new Set();
