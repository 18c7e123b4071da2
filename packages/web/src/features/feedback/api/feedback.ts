import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FeedbackAddInput,
  FeedbackDto,
  FeedbackQuery,
  FeedbackUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/** feedback calls; keys hold the session's user id like every list of the app. */

export interface FeedbackPage {
  listPage: FeedbackDto[];
  iTotalCount: number;
}

export function useFeedbackPage(params: FeedbackQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['feedback', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<FeedbackPage>('feedback/select', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

/** The image of one feedback, fetched only when someone opens it (lists stay light). */
export function useFeedbackImage(iFeedbackId: number, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['feedback', 'image', iUserId, iFeedbackId],
    queryFn: ({ signal }) =>
      api
        .get<{ strImage: string }>('feedback/getImage', { query: { iFeedbackId }, signal })
        .then((a) => a.strImage),
    enabled: enabled && iUserId !== null,
    // An image never changes; keep it while the screen is open.
    staleTime: Infinity,
  });
}

/** Sending feedback (any logged-in user). Failures are shown by the dialog, on its fields. */
export function useAddFeedback() {
  const client = useQueryClient();
  return useMutation<FeedbackDto, ApiError, FeedbackAddInput>({
    mutationFn: (body) =>
      api.post<FeedbackDto>('feedback/AddFeedback', body, { handleFailure: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['feedback', 'page'] }),
  });
}

export function useUpdateFeedback() {
  const client = useQueryClient();
  return useMutation<FeedbackDto, ApiError, FeedbackUpdateInput>({
    mutationFn: (body) => api.post<FeedbackDto>('feedback/update', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['feedback', 'page'] }),
  });
}

export function useDeleteFeedback() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iFeedbackId) => api.post('feedback/delete', { iFeedbackId }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['feedback', 'page'] }),
  });
}
