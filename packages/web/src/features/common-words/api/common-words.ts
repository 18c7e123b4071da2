import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommonWordAddInput,
  CommonWordDto,
  CommonWordPage,
  CommonWordQuery,
  CommonWordUpdateInput,
  CommonWordUsableQuery,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/** commonWord calls; keys hold the session's user id like every query of the app. */

/** The words the caller manages: an expert's own, or an administrator's hospitals' experts'. */
export function useCommonWordPage(params: CommonWordQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['commonWords', 'managed', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<CommonWordPage>('commonWord/selectCommonWordByState', {
        query: { ...params },
        signal,
      }),
    enabled: iUserId !== null,
  });
}

/** The words the calling expert may insert (own, shared, institution-shared), for the picker. */
export function useUsableCommonWords(params: CommonWordUsableQuery, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['commonWords', 'usable', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<CommonWordPage>('commonWord/selectUsable', { query: { ...params }, signal }),
    enabled: enabled && iUserId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The categories of the usable words, for the picker's category filter. */
export function useUsableCategories(enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['commonWords', 'categories', iUserId],
    queryFn: ({ signal }) => api.get<string[]>('commonWord/selectUsableCategories', { signal }),
    enabled: enabled && iUserId !== null,
  });
}

/** Every common-word answer is stale after a change (lists, picker, categories). */
function useInvalidateCommonWords() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['commonWords'] });
}

/** Add (no iCommonWordId) or change a word; the form shows refusals itself. */
export function useSaveCommonWord() {
  const invalidate = useInvalidateCommonWords();
  return useMutation<CommonWordDto, ApiError, CommonWordAddInput | CommonWordUpdateInput>({
    mutationFn: (body) =>
      'iCommonWordId' in body
        ? api.post<CommonWordDto>('commonWord/update', body, { handleFailure: true })
        : api.post<CommonWordDto>('commonWord/add', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCommonWord() {
  const invalidate = useInvalidateCommonWords();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iCommonWordId) => api.post('commonWord/delete', { iCommonWordId }),
    onSuccess: () => invalidate(),
  });
}
