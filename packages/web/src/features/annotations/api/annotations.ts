import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnnotationAddInput,
  AnnotationDto,
  AnnotationList,
  AnnotationUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { recheckOpenSlidesAfter } from '@/features/viewer/api/slide-info';

/** The query of a slide's annotations (all authors), as each of its readers asks it. */
function slideAnnotationsQuery(iUserId: number | null, iSlideDocumentId: number) {
  return {
    queryKey: ['annotations', iUserId, iSlideDocumentId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<AnnotationList>('viewer/selectAnnotation', {
        query: { iSlideDocumentId },
        signal,
      }),
    enabled: iUserId !== null,
    // Back at the window, the pathologist sees what the case's other participants drew since.
    refetchOnWindowFocus: true,
  };
}

/**
 * viewer/*Annotation: a slide's annotations, all authors; changes refresh the slide's list.
 * `enabled` false holds the request back until the caller needs it.
 */
export function useSlideAnnotations(iSlideDocumentId: number, enabled = true) {
  const { iUserId } = useSession();
  const query = slideAnnotationsQuery(iUserId, iSlideDocumentId);
  return useQuery({ ...query, enabled: query.enabled && enabled });
}

/**
 * Whether the user may annotate any of these slides (bMayWrite of their lists), undefined until
 * one says yes or every list has answered (a list refused says no): slides side by side say what
 * their panes offer by it.
 */
export function useMayAnnotateAny(slideIds: readonly number[]): boolean | undefined {
  const { iUserId } = useSession();
  return useQueries({
    queries: slideIds.map((id) => slideAnnotationsQuery(iUserId, id)),
    combine: (results) =>
      results.some((r) => r.data?.bMayWrite)
        ? true
        : results.every((r) => r.data || r.isError)
          ? false
          : undefined,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['annotations'] });
}

export function useAddAnnotation() {
  const refresh = useRefresh();
  return useMutation<AnnotationDto, ApiError, AnnotationAddInput>({
    mutationFn: (input) => api.post<AnnotationDto>('viewer/addAnnotation', input),
    onError: recheckOpenSlidesAfter,
    onSettled: refresh,
  });
}

export function useUpdateAnnotation() {
  const refresh = useRefresh();
  return useMutation<AnnotationDto, ApiError, AnnotationUpdateInput>({
    mutationFn: (input) => api.post<AnnotationDto>('viewer/updateAnnotation', input),
    onError: recheckOpenSlidesAfter,
    onSettled: refresh,
  });
}

export function useDeleteAnnotation() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iAnnotationId) => api.post('viewer/deleteAnnotation', { iAnnotationId }),
    onError: recheckOpenSlidesAfter,
    onSettled: refresh,
  });
}

/** One's own deletion taken back (Ctrl+Z): the same annotation, in its place among the others. */
export function useRestoreAnnotation() {
  const refresh = useRefresh();
  return useMutation<AnnotationDto, ApiError, number>({
    mutationFn: (iAnnotationId) =>
      api.post<AnnotationDto>('viewer/restoreAnnotation', { iAnnotationId }),
    onError: recheckOpenSlidesAfter,
    onSettled: refresh,
  });
}

/**
 * An annotation's new points from its handles on the slide: shown at once (the shape must not
 * jump back to where it was until the list is read again), and put back if the server refuses.
 */
export function useReshapeAnnotation(iSlideDocumentId: number) {
  const { iUserId } = useSession();
  const client = useQueryClient();
  const refresh = useRefresh();
  const key = ['annotations', iUserId, iSlideDocumentId];
  return useMutation<AnnotationDto, ApiError, AnnotationUpdateInput, { before?: AnnotationList }>({
    mutationFn: (input) => api.post<AnnotationDto>('viewer/updateAnnotation', input),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<AnnotationList>(key);
      if (before) {
        client.setQueryData<AnnotationList>(key, {
          ...before,
          listAnnotation: before.listAnnotation.map((a) =>
            a.iAnnotationId === input.iAnnotationId ? { ...a, listPoint: input.listPoint } : a,
          ),
        });
      }
      return { before };
    },
    onError: (error, _input, context) => {
      if (context?.before) {
        client.setQueryData(key, context.before);
      }
      recheckOpenSlidesAfter(error);
    },
    onSettled: refresh,
  });
}
