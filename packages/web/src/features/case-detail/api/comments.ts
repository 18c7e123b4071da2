import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommentDto,
  CommentMarked,
  CommentPage,
  CommentThreadPage,
  CommentUnread,
  PageQuery,
} from '@pathconsult/shared';
import { MAX_PAGE_SIZE } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/*
 * comment/* for the case conversation, the message list and the menu badge. Keys hold the
 * session's user id (read state is per user); every change reads all three again.
 */

/** The badge is read again this often (and after every change made here). */
export const UNREAD_REFRESH_MS = 60_000;

const PARTICIPANTS: readonly number[] = [3, 4];

function useInvalidateComments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['comments'] });
}

/**
 * A case's thread, oldest first: the first `pages` pages of MAX_PAGE_SIZE messages (a "show
 * more" raises it), so that a long thread stays one screen of requests.
 */
export function useCommentThread(iPatientId: number, pages: number) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['comments', 'thread', iUserId, iPatientId, pages],
    queryFn: async ({ signal }) => {
      const all: CommentDto[] = [];
      let total = 0;
      for (let page = 1; page <= pages; page++) {
        const answer = await api.get<CommentPage>('comment/selectCommentListByPatient', {
          query: { iPatientId, iCurPage: page, iPageSize: MAX_PAGE_SIZE },
          signal,
        });
        all.push(...answer.listPage);
        total = answer.iTotalCount;
        if (all.length >= total) {
          break;
        }
      }
      return { messages: all, total };
    },
    enabled: iUserId !== null,
    // New messages of the other side show up without leaving the screen.
    refetchInterval: UNREAD_REFRESH_MS,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** comment/addComment; the composer shows field errors itself. */
export function useAddComment() {
  const invalidate = useInvalidateComments();
  return useMutation<CommentDto, ApiError, { iPatientId: number; strContent: string }>({
    mutationFn: (body) => api.post<CommentDto>('comment/addComment', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

/** comment/updateCommentList: the thread was shown, its messages are read. */
export function useMarkCommentsRead() {
  const client = useQueryClient();
  return useMutation<CommentMarked, ApiError, number>({
    mutationFn: (iPatientId) =>
      api.post<CommentMarked>('comment/updateCommentList', { iPatientId }, { handleFailure: true }),
    // Only the counts are read again: the thread on screen keeps its unread marks, so the reader
    // still sees which messages are new until the thread is next read.
    onSuccess: async (marked) => {
      if (marked.iMarked > 0) {
        await client.invalidateQueries({ queryKey: ['comments', 'unread'] });
        await client.invalidateQueries({ queryKey: ['comments', 'threads'] });
      }
    },
  });
}

/** The menu badge: unread messages over the caller's cases (doctors and experts only). */
export function useUnreadCount() {
  const { iUserId, iRoleType } = useSession();
  const query = useQuery({
    queryKey: ['comments', 'unread', iUserId],
    queryFn: ({ signal }) =>
      api.get<CommentUnread>('comment/selectUnreadCount', { signal, handleFailure: true }),
    enabled: iUserId !== null && iRoleType !== null && PARTICIPANTS.includes(iRoleType),
    refetchInterval: UNREAD_REFRESH_MS,
    retry: false,
  });
  return query.data?.iUnread ?? 0;
}

/** /msglist: the caller's cases with messages, latest message first. */
export function useMessageThreads(params: PageQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['comments', 'threads', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<CommentThreadPage>('comment/selectCommentListByReceive', {
        query: { ...params },
        signal,
      }),
    enabled: iUserId !== null,
  });
}
