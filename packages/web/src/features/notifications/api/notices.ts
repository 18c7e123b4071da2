import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticePage, NoticeQuery, NoticeReadInput } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/*
 * notice/*: the caller's workflow messages (issue 7). Keyed under 'notices'; the WebSocket
 * (use-notification-socket.ts) invalidates them when the server says something new arrived, and a
 * slow poll covers a socket that is down.
 */

const POLL_MS = 60_000;

export function useNotices(query: NoticeQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['notices', 'page', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<NoticePage>('notice/selectNotices', { query: { ...query }, signal }),
    enabled: iUserId !== null,
    placeholderData: (previous) => previous,
  });
}

export function useNoticeUnreadCount(): number {
  const { iUserId } = useSession();
  const query = useQuery({
    queryKey: ['notices', 'unread', iUserId],
    queryFn: ({ signal }) =>
      api.get<{ iUnread: number }>('notice/unreadCount', { signal, handleFailure: true }),
    enabled: iUserId !== null,
    refetchInterval: POLL_MS,
    retry: false,
  });
  return query.data?.iUnread ?? 0;
}

export function useMarkNoticesRead() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, NoticeReadInput>({
    mutationFn: (body) => api.post('notice/markRead', body),
    onSettled: () => client.invalidateQueries({ queryKey: ['notices'] }),
  });
}

/** The newest unread message, for the live pop-up. */
export function fetchNewestUnread(signal?: AbortSignal) {
  return api.get<NoticePage>('notice/selectNotices', {
    query: { bUnread: 'true', iCurPage: 1, iPageSize: 1 },
    signal,
    handleFailure: true,
  });
}
