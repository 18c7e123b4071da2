import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ScreenshotAddInput, ScreenshotDto, ScreenshotList } from '@pathconsult/shared';
import { api, authHeaders } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { recheckOpenSlidesAfter } from '@/features/viewer/api/slide-info';

/*
 * webViewer/consulation/*: the case's screenshots for the report (up to 4 per author). Keyed
 * under 'screenshots' with the case, so the viewer's strip and the Imagery tab refresh together.
 */

const caseKey = (iUserId: number | null, iPatientId: number) => [
  'screenshots',
  'case',
  iUserId,
  iPatientId,
];

export function useCaseScreenshots(iPatientId: number | null) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: caseKey(iUserId, iPatientId ?? 0),
    queryFn: ({ signal }) =>
      api.post<ScreenshotList>(
        'webViewer/consulation/getPathologyImgBySlides',
        { iPatientId },
        { signal },
      ),
    enabled: iUserId !== null && iPatientId !== null,
    // Back at the window: what the case's other participants took since.
    refetchOnWindowFocus: true,
  });
}

export function useSaveScreenshot() {
  const client = useQueryClient();
  return useMutation<ScreenshotDto, ApiError, ScreenshotAddInput>({
    mutationFn: (input) => api.post<ScreenshotDto>('webViewer/consulation/setPathologyImg', input),
    onError: recheckOpenSlidesAfter,
    onSettled: () => client.invalidateQueries({ queryKey: ['screenshots'] }),
  });
}

export function useDeleteScreenshot() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iScreenshotId) =>
      api.post('webViewer/consulation/deletePathologyImg', { iScreenshotId }),
    // The report form too: it names the figures its saved draft lost (diagnosis/selectDiagnosis).
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['screenshots'] }),
        client.invalidateQueries({ queryKey: ['cases', 'diagnosis'] }),
      ]),
  });
}

/**
 * The image of a screenshot as an object URL: an <img> cannot send the token header, so it is
 * fetched as a blob and shown from memory; the URL is revoked when the component goes.
 */
export function useScreenshotImage(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (url === null) {
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { headers: authHeaders(), signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) {
          throw new Error(String(res.status));
        }
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) {
          setState({ src: null, failed: true });
        }
      });
    return () => {
      controller.abort();
      if (objectUrl) {
        URL.revokeObjectURL(objectUrl);
      }
    };
  }, [url]);
  return state;
}
