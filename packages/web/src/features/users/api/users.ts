import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserAddInput, UserDto, UserQuery, UserUpdateInput } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { storeCurrentUser } from '@/lib/session-lifecycle';
import { useSession } from '@/lib/use-session';

/** userManage calls of the user lists; keys hold the session's user id like every list. */

/** selectUser filters and paging; `bAdminsOnly` travels as text in the query string. */
export type UserParams = Omit<UserQuery, 'bAdminsOnly'> & { bAdminsOnly?: 'true' };

export interface UserPage {
  listPage: UserDto[];
  iTotalCount: number;
}

export function useUserPage(params: UserParams) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['users', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<UserPage>('userManage/selectUser', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

/**
 * Another user's account (the "created by" column). Out of the caller's scope the server answers
 * 404, which the client keeps silent; the column then shows the id.
 */
export function useUserById(id: number | null) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['users', 'info', iUserId, id],
    queryFn: ({ signal }) =>
      api.get<UserDto>('userManage/getUserInfo', { query: { iUserId: id }, signal }),
    enabled: iUserId !== null && id !== null,
    staleTime: 5 * 60_000,
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  // The hospital list counts users, so it changes with them.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['users'] }),
      client.invalidateQueries({ queryKey: ['hospitals'] }),
    ]);
}

export function useAddUser() {
  const invalidate = useInvalidateUsers();
  return useMutation<UserDto, ApiError, UserAddInput>({
    mutationFn: (body) => api.post<UserDto>('userManage/addUser', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

/**
 * updateUser. When the account saved is the session's own, the answer becomes the current user
 * info (spec §7), so the header shows the new name at once.
 */
export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  const { iUserId } = useSession();
  return useMutation<UserDto, ApiError, UserUpdateInput>({
    mutationFn: (body) => api.post<UserDto>('userManage/updateUser', body, { handleFailure: true }),
    onSuccess: (user) => {
      if (user.iUserId === iUserId) {
        storeCurrentUser(user);
      }
      return invalidate();
    },
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) => api.post('userManage/deleteUser', { iUserId: id }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUserState() {
  const invalidate = useInvalidateUsers();
  return useMutation<unknown, ApiError, { iUserId: number; state: 1 | 2 }>({
    mutationFn: ({ iUserId, state }) =>
      api.post('userManage/updateUserState', { iUserId, ddUserState: { iNumber: state } }),
    onSuccess: () => invalidate(),
  });
}
