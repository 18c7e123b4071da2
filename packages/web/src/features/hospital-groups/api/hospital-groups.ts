import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  type HospitalGroupAddInput,
  type HospitalGroupDto,
  type HospitalGroupQuery,
  type HospitalGroupUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/** hospitalGroup calls; keys hold the session's user id like every list of the app. */

export interface HospitalGroupPage {
  listPage: HospitalGroupDto[];
  iTotalCount: number;
}

export function useHospitalGroupPage(params: HospitalGroupQuery, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['hospitalGroups', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<HospitalGroupPage>('hospitalGroup/getHospitalGroup', {
        query: { ...params },
        signal,
      }),
    enabled: enabled && iUserId !== null,
  });
}

/**
 * Every group as picker options (hospital form and filter). One page of the largest size is
 * enough: the platform's groups are diagnosis networks, counted in tens.
 */
export function useGroupOptions(enabled = true) {
  const query = useHospitalGroupPage({ iCurPage: 1, iPageSize: MAX_PAGE_SIZE }, enabled);
  const options = (query.data?.listPage ?? []).map((g) => ({
    value: g.iGroupId,
    label: g.strGroupName,
  }));
  return { options, loading: query.isLoading };
}

function useInvalidateGroups() {
  const client = useQueryClient();
  // Membership shows in the hospital list (group column) and in the pickers too.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['hospitalGroups'] }),
      client.invalidateQueries({ queryKey: ['hospitals'] }),
    ]);
}

export function useSaveHospitalGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation<HospitalGroupDto, ApiError, HospitalGroupAddInput | HospitalGroupUpdateInput>({
    mutationFn: (body) =>
      'iGroupId' in body
        ? api.post<HospitalGroupDto>('hospitalGroup/updateHospitalGroup', body, {
            handleFailure: true,
          })
        : api.post<HospitalGroupDto>('hospitalGroup/addHospitalGroup', body, {
            handleFailure: true,
          }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteHospitalGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iGroupId) => api.post('hospitalGroup/deleteHospitalGroup', { iGroupId }),
    onSuccess: () => invalidate(),
  });
}
