import { useMemo } from 'react';
import { useSession } from '@/lib/use-session';
import { parseQueue, storageKeyOf } from '../utils/persisted-queue';
import { statusOf, type QueueItem } from '../utils/queue';
import { useUploadsSentElsewhere } from './use-uploads-sent-elsewhere';

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
  const { iUserId } = useSession();
  const notSentHere = items.some(
    (item) => item.iSlideDocumentId !== null && statusOf(item) === 0 && item.state !== 'uploading',
  );
  const elsewhere = useUploadsSentElsewhere(open && notSentHere);
  // Read again with each look (a new set): the sending tab's progress moves on.
  return useMemo(
    () => (elsewhere.size === 0 ? EMPTY : progressIn(elsewhere, iUserId)),
    [elsewhere, iUserId],
  );
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

const EMPTY: ReadonlyMap<number, number> = new Map();
