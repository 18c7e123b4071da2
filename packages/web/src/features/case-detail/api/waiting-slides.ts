import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SlideMatchState,
  type SlideDocumentDto,
  type SlideMatchResult,
  type SlidePage,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { slidesWaitingFor } from '../utils/imagery';

/**
 * The hospital's unmatched slides stored under exactly this pathology number (without regard to
 * case, as the server compares numbers; the list's filter is otherwise a prefix): the first 100.
 */
export function fetchUnmatchedOfNumber(num: string, signal?: AbortSignal): Promise<SlidePage> {
  return api.get<SlidePage>('slideDocument/selectSlideDocumentByType', {
    query: {
      iMatchState: SlideMatchState.Unmatched,
      strDiagnosistNum: num,
      iNumMatch: 1,
      iPageSize: 100,
    },
    signal,
  });
}

/**
 * The hospital's unmatched slides uploaded under the case's number (by a colleague, or by
 * number through another client) that the case could take: the same number without regard to
 * case, a name the case does not hold yet, and not failed (the Match rule). Keyed under 'slides', so every
 * slide change refreshes it.
 */
export function useWaitingSlides(
  num: string,
  caseSlides: readonly SlideDocumentDto[],
  enabled: boolean,
) {
  const { iUserId } = useSession();
  const query = useQuery({
    queryKey: ['slides', 'waiting', iUserId, num],
    queryFn: ({ signal }) => fetchUnmatchedOfNumber(num, signal),
    enabled: enabled && iUserId !== null,
  });
  return slidesWaitingFor(query.data?.listPage ?? [], caseSlides);
}

/** patient/matchSlideDocument: the waiting slides of the case's number attached to it. */
export function useAttachWaitingSlides() {
  const client = useQueryClient();
  return useMutation<SlideMatchResult, ApiError, number>({
    mutationFn: (iPatientId) =>
      api.post<SlideMatchResult>('patient/matchSlideDocument', { iPatientId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['slides'] }),
  });
}
