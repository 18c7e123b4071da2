import { useEffect, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { parseQueue, storageKeyOf } from '../utils/persisted-queue';
import { statusOf, type QueueItem } from '../utils/queue';
import { uploadsLockedElsewhere } from '../utils/tab-lock';
import { useUploads } from './upload-context';

/** How often an open panel looks again. */
const LOOK_EVERY_MS = 2_000;

/**
 * The unfinished slides of the queue that another tab of this browser is sending now, each with
 * the bytes that tab last stored for it: the queue is shared through localStorage, so a second
 * tab lists them too, and without this it called them paused, showed the progress they had when
 * it loaded, and counted them in its own total and time left. Looked up from the upload locks
 * (tab-lock.ts) while the panel is open; a lock this tab holds itself (a slide it sends, or a
 * pause still winding down) is left out.
 */
export function useUploadsInOtherTabs(
  items: readonly QueueItem[],
  open: boolean,
): ReadonlyMap<number, number> {
  const { manager } = useUploads();
  const { iUserId } = useSession();
  const [held, setHeld] = useState<ReadonlyMap<number, number>>(() => new Map());
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
      uploadsLockedElsewhere(() => manager?.locksHeldHere() ?? EMPTY_IDS).then(
        (ids) => live && setHeld(progressIn(ids, iUserId)),
        () => undefined,
      );
    };
    look();
    const timer = setInterval(look, LOOK_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [looking, manager, iUserId]);
  return looking ? held : EMPTY;
}

/** The sending tab saves its queue every second: its progress for each of `ids` (or none). */
function progressIn(ids: ReadonlySet<number>, iUserId: number | null): Map<number, number> {
  const stored =
    iUserId === null ? [] : parseQueue(window.localStorage.getItem(storageKeyOf(iUserId)));
  return new Map(
    [...ids].map((id) => [
      id,
      stored.find((item) => item.iSlideDocumentId === id)?.lProgress ?? Number.NaN,
    ]),
  );
}

const EMPTY_IDS: ReadonlySet<number> = new Set();
const EMPTY: ReadonlyMap<number, number> = new Map();
