import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HospitalAddInput,
  HospitalDto,
  HospitalOption,
  HospitalQuery,
  HospitalUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/**
 * hospitalManage calls. Query keys hold the session's user id, like every list of the app, so
 * that what one administrator may see is never served from the cache to the next user of the tab.
 */

export type HospitalParams = HospitalQuery;
export interface HospitalPage {
  listPage: HospitalDto[];
  iTotalCount: number;
}

export function hospitalPageQueryOptions(iUserId: number | null, params: HospitalParams) {
  return queryOptions({
    queryKey: ['hospitals', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<HospitalPage>('hospitalManage/selectHospital', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

export function useHospitalPage(params: HospitalParams) {
  const { iUserId } = useSession();
  return useQuery(hospitalPageQueryOptions(iUserId, params));
}

/** Every hospital the caller may see, for pickers (user form, group form, filters). */
export function useAllHospitals(enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['hospitals', 'all', iUserId],
    queryFn: ({ signal }) =>
      api.get<HospitalOption[]>('hospitalManage/selectAllHospital', { signal }),
    enabled: enabled && iUserId !== null,
  });
}

/** Everything that shows hospitals (lists, pickers, group members, user rows) is refreshed. */
function useInvalidateHospitals() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['hospitals'] }),
      client.invalidateQueries({ queryKey: ['hospitalGroups'] }),
      client.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

/** Add or update; the form shows the failures itself (name taken, field errors). */
export function useSaveHospital() {
  const invalidate = useInvalidateHospitals();
  return useMutation<HospitalDto, ApiError, HospitalAddInput | HospitalUpdateInput>({
    mutationFn: (body) =>
      'iHospitalId' in body
        ? api.post<HospitalDto>('hospitalManage/updateHospital', body, { handleFailure: true })
        : api.post<HospitalDto>('hospitalManage/addHospital', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

/** Delete; the screen explains a refusal (a hospital in use) in a dialog of its own. */
export function useDeleteHospital() {
  const invalidate = useInvalidateHospitals();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iHospitalId) =>
      api.post('hospitalManage/deleteHospital', { iHospitalId }, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

/** Recalculates the used storage from the slides actually stored; answers the updated hospital. */
export function useCalibrateMemory() {
  const invalidate = useInvalidateHospitals();
  return useMutation<HospitalDto, ApiError, number>({
    mutationFn: (iHospitalId) =>
      api.post<HospitalDto>('hospitalManage/calibrateMemory', { iHospitalId }),
    onSuccess: () => invalidate(),
  });
}

/** One hospital, fresh, for the edit form. */
export function useHospitalInfo(iHospitalId: number | null) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['hospitals', 'info', iUserId, iHospitalId],
    queryFn: ({ signal }) =>
      api.post<HospitalDto>('hospitalManage/getHospitalInfo', { iHospitalId }, { signal }),
    enabled: iUserId !== null && iHospitalId !== null,
    staleTime: 0,
  });
}
