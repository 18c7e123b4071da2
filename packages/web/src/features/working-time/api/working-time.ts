import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WorkingTimeInfo,
  WorkingTimePage,
  WorkingTimeQuery,
  WorkingTimeUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/** workingTime calls; keys hold the session's user id like every list of the app. */

export function useWorkingTimePage(params: WorkingTimeQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['workingTime', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<WorkingTimePage>('workingTime/select', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

/**
 * One expert's week (expert pickers, the own-schedule dialog). Experts out of the caller's reach
 * answer 404, which the client keeps silent: the query is then in error and shows nothing.
 */
export function useWorkingTimeInfo(expertId: number | null, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['workingTime', 'info', iUserId, expertId],
    queryFn: ({ signal }) =>
      api.get<WorkingTimeInfo>('workingTime/getWorkingTimeInfo', {
        query: { iUserId: expertId },
        signal,
      }),
    enabled: enabled && iUserId !== null && expertId !== null,
    staleTime: 60_000,
  });
}

/** workingTime/update: the expert's whole week at once. */
export function useSaveWeek() {
  const client = useQueryClient();
  return useMutation<WorkingTimeInfo, ApiError, WorkingTimeUpdateInput>({
    mutationFn: (body) =>
      api.post<WorkingTimeInfo>('workingTime/update', body, { handleFailure: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['workingTime'] }),
  });
}
