import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { ownUserInfoKey } from '@/lib/query-keys';
import { useSession } from '@/lib/use-session';

/**
 * GET userManage/getUserInfo: the caller's own account. The key holds the session's user id, so
 * an answer cached for one user is never served to another who logs in later in the same tab.
 */
export function userInfoQueryOptions(iUserId: number | null) {
  return queryOptions({
    queryKey: ownUserInfoKey(iUserId),
    queryFn: ({ signal }) => api.get<UserDto>('userManage/getUserInfo', { signal }),
    enabled: iUserId !== null,
  });
}

export function useUserInfo(enabled = true) {
  const { iUserId } = useSession();
  const options = userInfoQueryOptions(iUserId);
  return useQuery({ ...options, enabled: enabled && iUserId !== null });
}
