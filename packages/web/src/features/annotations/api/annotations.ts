import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnnotationAddInput,
  AnnotationDto,
  AnnotationList,
  AnnotationUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/** viewer/*Annotation: a slide's annotations, all authors; changes refresh the slide's list. */
export function useSlideAnnotations(iSlideDocumentId: number) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['annotations', iUserId, iSlideDocumentId],
    queryFn: ({ signal }) =>
      api.get<AnnotationList>('viewer/selectAnnotation', {
        query: { iSlideDocumentId },
        signal,
      }),
    enabled: iUserId !== null,
    // Back at the window, the pathologist sees what the case's other participants drew since.
    refetchOnWindowFocus: true,
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
    onSettled: refresh,
  });
}

export function useUpdateAnnotation() {
  const refresh = useRefresh();
  return useMutation<AnnotationDto, ApiError, AnnotationUpdateInput>({
    mutationFn: (input) => api.post<AnnotationDto>('viewer/updateAnnotation', input),
    onSettled: refresh,
  });
}

export function useDeleteAnnotation() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iAnnotationId) => api.post('viewer/deleteAnnotation', { iAnnotationId }),
    onSettled: refresh,
  });
}
