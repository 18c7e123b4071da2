import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUpgradeNotice,
  UpgradeNoticeAddInput,
  UpgradeNoticeDto,
  UpgradeNoticeQuery,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

export interface UpgradeNoticePage {
  listPage: UpgradeNoticeDto[];
  iTotalCount: number;
}

/**
 * Notices not over yet, for the banners of the login page and the workspace. Readable without
 * login; asked again every few minutes so that a notice published meanwhile still shows up.
 */
export function useCurrentNotices() {
  return useQuery({
    queryKey: ['upgradeNotices', 'current'],
    queryFn: ({ signal }) => api.get<CurrentUpgradeNotice[]>('upgradeNotice/current', { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useUpgradeNoticePage(params: UpgradeNoticeQuery, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['upgradeNotices', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<UpgradeNoticePage>('upgradeNotice/select', { query: { ...params }, signal }),
    enabled: enabled && iUserId !== null,
  });
}

/** Publishing and deleting change the banner too: both lists are asked again. */
function useInvalidateNotices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['upgradeNotices'] });
}

export function usePublishNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation<UpgradeNoticeDto, ApiError, UpgradeNoticeAddInput>({
    mutationFn: (body) =>
      api.post<UpgradeNoticeDto>('userManage/platformSendMessage', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iNoticeId) => api.post('upgradeNotice/delete', { iNoticeId }),
    onSuccess: () => invalidate(),
  });
}
