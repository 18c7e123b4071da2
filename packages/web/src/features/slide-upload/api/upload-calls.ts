import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  DOCUMENT_STATUS_MAX,
  type DocumentStatusDto,
  type DocumentStatusList,
  type MemoryUsage,
  type SupportSlideDto,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { idsToFollow } from '../utils/finished-outcome';
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
 * slideDocument/getDocumentStatus for the finished uploads of the queue: whether the slide engine
 * is still reading each, or refused it. Asked again every 2 s while one is being read.
 */
export function useFinishedStatuses(
  finished: readonly QueueItem[],
  /** Whether the panel is open: each opening asks again (a slide renamed or deleted elsewhere). */
  open: boolean,
): {
  statuses: Map<number, DocumentStatusDto>;
  /** The ids the answer at hand was asked about: one of them left out of it is gone. */
  answered: ReadonlySet<number>;
} {
  const { iUserId } = useSession();
  const ids = idsToFollow(finished, DOCUMENT_STATUS_MAX);
  const query = useQuery({
    // Under 'slides': a deletion elsewhere refreshes it too.
    queryKey: ['slides', 'documentStatus', iUserId, ids],
    queryFn: ({ signal }) =>
      api.get<DocumentStatusList>('slideDocument/getDocumentStatus', {
        query: { listSlideDocumentId: ids.join(',') },
        signal,
        handleFailure: true,
      }),
    enabled: iUserId !== null && ids.length > 0,
    refetchInterval: (q) =>
      q.state.data?.listSlideDocument.some((s) => s.bProcessing) ? 2_000 : false,
  });
  const { refetch } = query;
  const asking = iUserId !== null && ids.length > 0;
  useEffect(() => {
    if (open && asking) {
      void refetch();
    }
  }, [open, asking, refetch]);
  return {
    statuses: new Map((query.data?.listSlideDocument ?? []).map((s) => [s.iSlideDocumentId, s])),
    // Data of this very key (no placeholder is kept across keys), so it was asked about `ids`.
    answered: new Set(query.data ? ids : []),
  };
}
