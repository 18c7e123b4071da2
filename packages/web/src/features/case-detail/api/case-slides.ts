import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlideDocumentList } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { useUploads } from '@/features/slide-upload/components/upload-context';
import { slidesRefreshInterval } from '@/features/slides/utils/slide-refresh';

/** slideDocument/selectSlideDocumentByPatient: the case's live slides, newest first. */
export function fetchCaseSlides(iPatientId: number, signal?: AbortSignal) {
  return api.get<SlideDocumentList>('slideDocument/selectSlideDocumentByPatient', {
    query: { iPatientId },
    signal,
  });
}

/**
 * The case's slides (Imagery tab). Keyed under
 * 'slides', which every slide change and every completed upload refreshes.
 */
export function useCaseSlides(iPatientId: number, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['slides', 'case', iUserId, iPatientId],
    queryFn: ({ signal }) => fetchCaseSlides(iPatientId, signal),
    enabled: iUserId !== null && enabled,
    // The slide engine reads an uploaded slide after its upload completes (thumbnail, size,
    // magnification), and another tab or colleague may be uploading: the list follows by itself.
    refetchInterval: (query) => slidesRefreshInterval(query.state.data?.listSlideDocument ?? []),
  });
}

/** slideDocument/deleteSlideDocument for one slide of the case; the client shows a refusal. */
export function useDeleteCaseSlide() {
  const client = useQueryClient();
  const { manager } = useUploads();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iSlideDocumentId) =>
      api.post('slideDocument/deleteSlideDocument', { listSlideDocument: [{ iSlideDocumentId }] }),
    // Its unfinished upload, if this browser's, leaves the queue (see useDeleteSlides).
    onSuccess: (_data, iSlideDocumentId) => manager?.forgetDeleted([iSlideDocumentId]),
    // The storage figures of the hospital change too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['slides'] }),
        client.invalidateQueries({ queryKey: ['hospitals'] }),
      ]),
  });
}
