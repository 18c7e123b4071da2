import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HospitalOption,
  ReportTemplateDto,
  ReportTemplatePreviewInput,
  ReportTemplateSaveInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { postForBlob } from '@/lib/fetch-blob';
import { timeZoneParam } from '@/lib/time-zone';

/** reportFile calls; keys hold the session's user id like every query of the app. */

/** A hospital's report form (null: the caller's own), the default one until a form is saved. */
export function useReportTemplate(iHospitalId: number | null, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['reportTemplate', 'form', iUserId, iHospitalId],
    queryFn: ({ signal }) =>
      api.get<ReportTemplateDto>('reportFile/getReportTemplate', {
        query: { iHospitalId: iHospitalId ?? undefined },
        signal,
      }),
    enabled: enabled && iUserId !== null,
  });
}

/** The hospitals whose form the administrator keeps (the screen's picker). */
export function useTemplateHospitals() {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['reportTemplate', 'hospitals', iUserId],
    queryFn: ({ signal }) => api.get<HospitalOption[]>('reportFile/selectHospital', { signal }),
    enabled: iUserId !== null,
  });
}

/** Saves a form whole; the cached form is read again afterwards. */
export function useSaveReportTemplate() {
  const client = useQueryClient();
  return useMutation<ReportTemplateDto, ApiError, ReportTemplateSaveInput>({
    mutationFn: (body) =>
      api.post<ReportTemplateDto>('reportFile/update', body, { handleFailure: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reportTemplate', 'form'] }),
  });
}

/** Drops the hospital's form: its reports print with the default one again. */
export function useResetReportTemplate() {
  const client = useQueryClient();
  return useMutation<ReportTemplateDto, ApiError, { iHospitalId: number }>({
    mutationFn: (body) => api.post<ReportTemplateDto>('reportFile/delete', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reportTemplate', 'form'] }),
  });
}

/**
 * A sample report printed with the form as it stands on the screen (saved or not), as a PDF, its
 * times in the browser's zone as real reports print them.
 */
export function usePreviewReportTemplate() {
  return useMutation<Blob, ApiError, ReportTemplatePreviewInput>({
    mutationFn: (body) => postForBlob('reportFile/preview', { ...timeZoneParam(), ...body }),
  });
}
