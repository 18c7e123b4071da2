import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';

/** GET userManage/getUserInfo: the caller's own account. */
export const userInfoQueryOptions = queryOptions({
  queryKey: ['auth', 'userInfo'],
  queryFn: ({ signal }) => api.get<UserDto>('userManage/getUserInfo', { signal }),
});

export function useUserInfo(enabled = true) {
  return useQuery({ ...userInfoQueryOptions, enabled });
}
