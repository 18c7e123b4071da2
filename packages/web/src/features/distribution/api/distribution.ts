import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DistributeToExpertsInput,
  DistributedPage,
  DistributionExpertPage,
  DistributionExpertQuery,
  DistributionHospitalPage,
  DistributionHospitalQuery,
  DistributionPage,
  DistributionQuery,
  ForwardToHospitalInput,
  PatientReceiveList,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/*
 * Distribution of the cases sent to diagnosis centers (/assignMent). The lists' keys sit under
 * 'cases' like the other case lists: a submission, withdrawal or distribution refreshes them all.
 * The pickers' keys do not: they belong to one open dialog and load afresh each time it opens,
 * and refreshed right after the case was distributed they would only be refused.
 */

/** patient/GetDistributionToBeAssigned: cases waiting at the administrator's centers. */
export function useWaitingForDistribution(query: DistributionQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'distribution', 'waiting', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<DistributionPage>('patient/GetDistributionToBeAssigned', {
        query: { ...query },
        signal,
      }),
    enabled: iUserId !== null,
  });
}

/** patient/GetDistributionAssigned: the cases the centers distributed. */
export function useDistributed(query: DistributionQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'distribution', 'done', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<DistributedPage>('patient/GetDistributionAssigned', { query: { ...query }, signal }),
    enabled: iUserId !== null,
  });
}

/** userManage/selectExpertByDiagnosticsCenter: the experts a waiting case may be given. */
export function useDistributionExperts(query: DistributionExpertQuery, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['distributionPicker', 'experts', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<DistributionExpertPage>('userManage/selectExpertByDiagnosticsCenter', {
        query: { ...query },
        signal,
      }),
    enabled: enabled && iUserId !== null,
    placeholderData: keepPreviousData,
    // A case distributed meanwhile is refused at once: asking again would not change that.
    retry: false,
  });
}

/** hospitalManage/getDistributionHopistal: the centers a waiting case may be forwarded to. */
export function useDistributionHospitals(query: DistributionHospitalQuery, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['distributionPicker', 'hospitals', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<DistributionHospitalPage>('hospitalManage/getDistributionHopistal', {
        query: { ...query },
        signal,
      }),
    enabled: enabled && iUserId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * patient/updatePatientReceiveUser. Settled either way the lists reload: a refusal (distributed
 * or withdrawn meanwhile) means the row on screen is out of date.
 */
export function useDistribute() {
  const client = useQueryClient();
  return useMutation<PatientReceiveList, ApiError, DistributeToExpertsInput>({
    mutationFn: (body) => api.post<PatientReceiveList>('patient/updatePatientReceiveUser', body),
    onSettled: () => client.invalidateQueries({ queryKey: ['cases'] }),
  });
}

/** hospitalManage/DistributionHopistal. */
export function useForward() {
  const client = useQueryClient();
  return useMutation<PatientReceiveList, ApiError, ForwardToHospitalInput>({
    mutationFn: (body) => api.post<PatientReceiveList>('hospitalManage/DistributionHopistal', body),
    onSettled: () => client.invalidateQueries({ queryKey: ['cases'] }),
  });
}
