import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PatientAddInput,
  PatientDto,
  PatientSavedDto,
  PatientListItem,
  PatientQuery,
  PatientUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/**
 * The patient calls of the case screens. Query keys hold the session's user id, like every list
 * of the app, so that one doctor's cases are never served from the cache to the next user of the
 * tab.
 */

export interface CasePage {
  listPage: PatientListItem[];
  iTotalCount: number;
  /** The count stopped at PATIENT_COUNT_CAP: there are more. */
  bTotalCapped?: boolean;
}

/** The list query; the name matches by prefix (indexed) unless told otherwise. */
export type CaseListParams = Omit<PatientQuery, 'strNameMatch'> &
  Partial<Pick<PatientQuery, 'strNameMatch'>>;

export function useCasePage(params: CaseListParams) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<CasePage>('patient/selectPatient', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

/** One case, fresh, for the edit form (a read of patient data: audited by the server). */
export function useCaseInfo(iPatientId: number | null) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'info', iUserId, iPatientId],
    queryFn: ({ signal }) =>
      api.get<PatientDto>('patient/getPatientInfo', { query: { iPatientId }, signal }),
    enabled: iUserId !== null && iPatientId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** Every list and case view is read again after a change: a case may move between lists. */
function useInvalidateCases() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['cases'] });
}

/** Add or update; the form shows the failures itself (number taken, field errors). */
export function useSaveCase() {
  const invalidate = useInvalidateCases();
  const client = useQueryClient();
  return useMutation<PatientSavedDto, ApiError, PatientAddInput | PatientUpdateInput>({
    mutationFn: (body) =>
      'iPatientId' in body
        ? api.post<PatientSavedDto>('patient/updatePatient', body, { handleFailure: true })
        : api.post<PatientSavedDto>('patient/addPatient', body, { handleFailure: true }),
    onSuccess: (saved) => {
      void invalidate();
      // Slides uploaded under its number joined it: the slide lists show them matched.
      if (saved.iSlidesJoined > 0) {
        void client.invalidateQueries({ queryKey: ['slides'] });
      }
    },
  });
}

/** A call on one case by its id (delete, clone, collect...); failures are toasted by the client. */
function useCaseCall<T = unknown>(path: string) {
  const invalidate = useInvalidateCases();
  return useMutation<T, ApiError, number>({
    mutationFn: (iPatientId) => api.post<T>(path, { iPatientId }),
    onSettled: () => invalidate(),
  });
}

export const useDeleteCase = () => useCaseCall('patient/deletePatient');
/** Answers the new case (a new, unsubmitted copy owned by the caller). */
export const useCloneCase = () => useCaseCall<PatientDto>('patient/clone');
export const useCollectCase = () => useCaseCall('collection/add');
export const useUncollectCase = () => useCaseCall('collection/delete');

/** back/withdrawPatient; the dialog shows a refusal (already viewed) itself. */
export function useWithdrawCase() {
  const invalidate = useInvalidateCases();
  return useMutation<unknown, ApiError, { iPatientId: number; strReason: string }>({
    mutationFn: (body) => api.post('back/withdrawPatient', body, { handleFailure: true }),
    onSettled: () => invalidate(),
  });
}
