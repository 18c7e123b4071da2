import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  DOCUMENT_STATUS_MAX,
  type DocumentStatusList,
  type MemoryUsage,
  type SupportSlideDto,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import {
  DOCUMENT_STATUS_KEY,
  NOTHING_KNOWN,
  finishedBefore,
  idsToFollow,
  isSlideListKey,
  readSince,
  withAnswer,
  type KnownStatuses,
} from '../utils/finished-outcome';
import type { QueueItem } from '../utils/queue';

/** slideDocument/getSupportSlide: the types the server accepts; they change with a deployment only. */
export function useSupportSlide(enabled: boolean) {
  return useQuery({
    queryKey: ['slideUpload', 'supportSlide'],
    queryFn: ({ signal }) => api.get<SupportSlideDto>('slideDocument/getSupportSlide', { signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** hospitalManage/getMemoryUsage of the doctor's hospital (GB), checked before start. */
export function memoryUsage(iHospitalId: number): Promise<MemoryUsage> {
  return api.get<MemoryUsage>('hospitalManage/getMemoryUsage', {
    query: { iHospitalId },
    handleFailure: true,
  });
}

/**
 * The storage figures against which the queue's waiting slides are weighed before Start, asked
 * again whenever what waits changes (`waiting`: a key of it, '' for nothing). Quiet: a check the
 * doctor did not ask for says nothing when it fails (Start checks again, and the server checks
 * every slide).
 */
export function useQueueStorage(iHospitalId: number | undefined, waiting: string) {
  return useQuery({
    // Under 'hospitals': a slide deleted or uploaded elsewhere (invalidateSlideLists) asks again.
    queryKey: ['hospitals', 'queueStorage', iHospitalId, waiting],
    queryFn: ({ signal }) =>
      api.get<MemoryUsage>('hospitalManage/getMemoryUsage', {
        query: { iHospitalId },
        signal,
        quiet: true,
      }),
    enabled: iHospitalId !== undefined && waiting !== '',
    retry: false,
    // The figures of the queue as it was stay shown until those of the queue as it is arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * slideDocument/getDocumentStatus for the finished uploads of the queue: whether the slide engine
 * is still reading each, or refused it. Asked again every 2 s while one is being read, and
 * whenever a slide list answers meanwhile; a slide found read tells the slide lists at once. The
 * panel and the case's list beside it each polled on its own, and the panel said 处理中 up to
 * 2 s after the list showed the slide read.
 */
export function useFinishedStatuses(
  finished: readonly QueueItem[],
  /** Whether the panel is open: each opening asks again (a slide renamed or deleted elsewhere). */
  open: boolean,
): KnownStatuses & {
  /** Ids asked about whose first answer is on its way (not when asking failed). */
  awaiting: ReadonlySet<number>;
} {
  const { iUserId } = useSession();
  const ids = idsToFollow(finished, DOCUMENT_STATUS_MAX);
  const query = useQuery({
    // Under 'slides': a deletion elsewhere refreshes it too.
    queryKey: ['slides', DOCUMENT_STATUS_KEY, iUserId, ids],
    queryFn: async ({ signal }) => ({
      ids,
      answer: await api.get<DocumentStatusList>('slideDocument/getDocumentStatus', {
        query: { listSlideDocumentId: ids.join(',') },
        signal,
        handleFailure: true,
      }),
    }),
    enabled: iUserId !== null && ids.length > 0,
    refetchInterval: (q) =>
      q.state.data?.answer.listSlideDocument.some((s) => s.bProcessing) ? 2_000 : false,
  });
  const { refetch, data, isError } = query;
  const asking = iUserId !== null && ids.length > 0;
  useEffect(() => {
    if (open && asking) {
      void refetch();
    }
  }, [open, asking, refetch]);
  // Answers kept across the lists asked about (finished-outcome.ts withAnswer).
  const [known, setKnown] = useState<KnownStatuses>(NOTHING_KNOWN);
  // What the last answer said, to see which slides it finds read since (readSince).
  const lastStatuses = useRef(NOTHING_KNOWN.statuses);
  // Uploads finished before this mounting: their first answer is not news for the lists.
  const mountedAt = useRef(Date.now());
  const client = useQueryClient();
  // Another user's answers are not this one's. Before the next effect, which takes in the
  // answer at hand (a cached one on mounting).
  useEffect(() => {
    setKnown(NOTHING_KNOWN);
    lastStatuses.current = NOTHING_KNOWN.statuses;
  }, [iUserId]);
  useEffect(() => {
    if (data) {
      const list = data.answer.listSlideDocument;
      const earlier = finishedBefore(finished, mountedAt.current);
      if (readSince(lastStatuses.current, list, earlier).length > 0) {
        void client.invalidateQueries({ predicate: (q) => isSlideListKey(q.queryKey) });
      }
      lastStatuses.current = new Map([
        ...lastStatuses.current,
        ...list.map((s) => [s.iSlideDocumentId, s] as const),
      ]);
      setKnown((before) => withAnswer(before, data.ids, list));
    }
    // Only a new answer is taken in (not the queue changing): `finished` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, client]);
  // A slide list that answers while a slide is being read may have found it read first. Only
  // the slides still asked about: a stale "being read" of one cleared from the list kept asking
  // (and, with none left, asked with an empty list, which the server refuses).
  const reading = asking && ids.some((id) => known.statuses.get(id)?.bProcessing);
  useEffect(() => {
    if (!reading) {
      return undefined;
    }
    return client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        isSlideListKey(event.query.queryKey)
      ) {
        // Joined to a look already on its way rather than cutting it short.
        void refetch({ cancelRefetch: false });
      }
    });
  }, [reading, client, refetch]);
  return {
    ...known,
    awaiting: new Set(isError ? [] : ids.filter((id) => !known.answered.has(id))),
  };
}
