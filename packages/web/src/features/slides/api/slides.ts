import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  SlideDocumentDto,
  SlideListParams,
  SlideMatchResult,
  SlidePage,
  SlideStatistics,
  SlideUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { useUploads } from '@/features/slide-upload/components/upload-context';
import { slidesRefreshInterval } from '../utils/slide-refresh';

/**
 * slideDocument calls of slide management. Query keys start with 'slides' and hold the session's
 * user id, like every list of the app; every change refreshes all of them (a case's Imagery tab
 * included, when it keys its list under 'slides' too).
 */

export function useSlidePage(params: SlideListParams) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['slides', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<SlidePage>('slideDocument/selectSlideDocumentByType', {
        query: { ...params },
        signal,
      }),
    enabled: iUserId !== null,
    // Slides on the page that are uploading or being read by the slide engine change by
    // themselves: the page follows them as the Imagery tab does.
    refetchInterval: (query) => slidesRefreshInterval(query.state.data?.listPage ?? []),
  });
}

export function useSlideStatistics(iHospitalId: number | undefined) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['slides', 'statistics', iUserId, iHospitalId ?? null],
    queryFn: ({ signal }) =>
      api.get<SlideStatistics>('slideDocument/statisticsSlide', {
        query: { iHospitalId },
        signal,
      }),
    enabled: iUserId !== null,
  });
}

/**
 * Reloads every slide list and figure, and the hospitals' storage figures, which change with
 * each upload begun, finished or cancelled and each deletion.
 */
export function invalidateSlideLists(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['slides'] }),
    client.invalidateQueries({ queryKey: ['hospitals'] }),
  ]);
}

function useInvalidateSlides() {
  const client = useQueryClient();
  return () => invalidateSlideLists(client);
}

const selection = (ids: readonly number[]) => ({
  listSlideDocument: ids.map((iSlideDocumentId) => ({ iSlideDocumentId })),
});

/** Deletes all of the selection or nothing; the API client shows why a refusal happened. */
export function useDeleteSlides() {
  const invalidate = useInvalidateSlides();
  const { manager } = useUploads();
  return useMutation<unknown, ApiError, readonly number[]>({
    mutationFn: (ids) => api.post('slideDocument/deleteSlideDocument', selection(ids)),
    // An unfinished upload of a deleted slide leaves this browser's queue (else Resume sent
    // it again, whole, back into its case).
    onSuccess: (_data, ids) => manager?.forgetDeleted(ids),
    onSettled: () => invalidate(),
  });
}

/** Matches the slides to the cases of their numbers; "none matched" is shown by the client. */
/** `quiet`: a refusal is the caller's to tell (the API client shows none). */
export function useMatchSlides({ quiet = false }: { quiet?: boolean } = {}) {
  const invalidate = useInvalidateSlides();
  return useMutation<SlideMatchResult, ApiError, readonly number[]>({
    mutationFn: (ids) =>
      api.post<SlideMatchResult>('slideDocument/matchPatient', selection(ids), {
        handleFailure: quiet,
      }),
    onSettled: () => invalidate(),
  });
}

/** Rename or renumber; the dialog shows the refusals (name taken, field errors) itself. */
export function useUpdateSlide() {
  const invalidate = useInvalidateSlides();
  return useMutation<SlideDocumentDto, ApiError, SlideUpdateInput>({
    mutationFn: (body) =>
      api.post<SlideDocumentDto>('slideDocument/updateSlideDocument', body, {
        handleFailure: true,
      }),
    onSuccess: () => invalidate(),
  });
}
