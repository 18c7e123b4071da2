import { useEffect, useState } from 'react';
import { statusOf, type QueueItem } from '../utils/queue';
import { uploadsLockedElsewhere } from '../utils/tab-lock';
import { useUploads } from './upload-context';

/** How often an open panel looks again. */
const LOOK_EVERY_MS = 2_000;

/**
 * The unfinished slides of the queue that another tab of this browser is sending now: the queue
 * is shared through localStorage, so a second tab lists them too, and without this it called
 * them paused and asked for their files again. Looked up from the upload locks (tab-lock.ts)
 * while the panel is open; a lock this tab holds itself (a slide it sends, or a pause still
 * winding down) is left out.
 */
export function useUploadsInOtherTabs(
  items: readonly QueueItem[],
  open: boolean,
): ReadonlySet<number> {
  const { manager } = useUploads();
  const [held, setHeld] = useState<ReadonlySet<number>>(() => new Set());
  const notSentHere = items.some(
    (item) => item.iSlideDocumentId !== null && statusOf(item) === 0 && item.state !== 'uploading',
  );
  const looking = open && notSentHere;
  useEffect(() => {
    if (!looking) {
      return undefined;
    }
    let live = true;
    const look = () => {
      uploadsLockedElsewhere(() => manager?.locksHeldHere() ?? EMPTY).then(
        (ids) => live && setHeld(ids),
        () => undefined,
      );
    };
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
