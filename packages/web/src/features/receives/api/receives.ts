import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExpertPickPage,
  ExpertPickerQuery,
  HospitalOption,
  PatientReceiveAddInput,
  PatientReceiveList,
  ReceiveInfoDto,
  ReceivedPage,
  ReceivedQuery,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/*
 * Sending cases for diagnosis and the receives experts work from (issue 7). Keys sit under
 * 'cases': every case change (submit, withdraw, edit) refreshes them with the case lists.
 */

/** userManage/selectExpert: the experts the doctor may send to, with their working time. */
export function useExpertPicker(query: ExpertPickerQuery, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'experts', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<ExpertPickPage>('userManage/selectExpert', { query: { ...query }, signal }),
    enabled: enabled && iUserId !== null,
    placeholderData: (previous) => previous,
  });
}

/** The diagnosis centers of the doctor's group (the picker's hospital filter and the center choice). */
export function useDiagnosisCenters(iGroupId: number | null | undefined) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'centers', iUserId, iGroupId],
    queryFn: ({ signal }) =>
      api.get<HospitalOption[]>('hospitalManage/getDiagnosticsCenterByGroup', {
        query: { iGroupId },
        signal,
      }),
    enabled: iUserId !== null && !!iGroupId,
    staleTime: 60_000,
  });
}

/** patient/addPatientReceive; the dialog shows field errors, the client toasts the rest. */
export function useSubmitCases() {
  const client = useQueryClient();
  return useMutation<PatientReceiveList, ApiError, PatientReceiveAddInput>({
    mutationFn: (body) => api.post<PatientReceiveList>('patient/addPatientReceive', body),
    onSettled: () => client.invalidateQueries({ queryKey: ['cases'] }),
  });
}

/** patient/selectPatientReceiveByUser: the expert's received cases in one state. */
export function useReceivedPage(query: ReceivedQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'received', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<ReceivedPage>('patient/selectPatientReceiveByUser', { query: { ...query }, signal }),
    enabled: iUserId !== null,
  });
}

/** patient/getPatientReceiveInfo: the expert opens a received case, which marks it viewed. */
export function useOpenReceive() {
  const client = useQueryClient();
  return useMutation<ReceiveInfoDto, ApiError, number>({
    mutationFn: (iPatientReceiveId) =>
      api.post<ReceiveInfoDto>('patient/getPatientReceiveInfo', { iPatientReceiveId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['cases', 'received'] }),
  });
}

/** patient/selectPatientReceiveByPatient: where a case was sent. */
export function useCaseReceives(iPatientId: number) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'receivesOf', iUserId, iPatientId],
    queryFn: ({ signal }) =>
      api.get<PatientReceiveList>('patient/selectPatientReceiveByPatient', {
        query: { iPatientId },
        signal,
      }),
    enabled: iUserId !== null,
  });
}
