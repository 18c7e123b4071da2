import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRoleAddInput,
  AdminRoleDto,
  AdminRoleQuery,
  AdminRoleUpdateInput,
  UserPrivilegeList,
  UserPrivilegeUpdateInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { NOTHING_HELD, type HeldSet } from '@/lib/held-privileges';
import { useSession } from '@/lib/use-session';

/** adminRole/* and userprivilege/* calls; keys hold the session's user id like every list. */

export interface AdminRolePage {
  listPage: AdminRoleDto[];
  iTotalCount: number;
}

const isAdmin = (role: number | null) => role === 1 || role === 2;

/**
 * The session's own privileges, for the menu and the guard. Undefined while an administrator's
 * list is loading; re-read every minute so that a change by another administrator shows soon.
 */
export function useMyPrivileges(): HeldSet | undefined {
  const { iRoleType } = useSession();
  const query = useMyPrivilegeList();
  if (!isAdmin(iRoleType)) {
    return NOTHING_HELD;
  }
  if (query.data) {
    return query.data.bAllPrivileges
      ? 'all'
      : new Set(query.data.listEffective.map((g) => g.strCode));
  }
  // Unreadable: show nothing that needs a privilege rather than a menu of refusals.
  return query.isError ? NOTHING_HELD : undefined;
}

/** The session's own privilege list with scopes (what it may hand on). */
export function useMyPrivilegeList() {
  const { iUserId, iRoleType } = useSession();
  return useQuery({
    queryKey: ['privileges', 'mine', iUserId],
    queryFn: ({ signal }) =>
      api.get<UserPrivilegeList>('userprivilege/getUserPrivilegeList', { signal }),
    enabled: iUserId !== null && isAdmin(iRoleType),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useAdminRolePage(params: AdminRoleQuery, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['privileges', 'roles', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<AdminRolePage>('adminRole/select', { query: { ...params }, signal }),
    enabled: enabled && iUserId !== null,
  });
}

export function useUserPrivileges(iUserId: number | null) {
  const session = useSession();
  return useQuery({
    queryKey: ['privileges', 'user', session.iUserId, iUserId],
    queryFn: ({ signal }) =>
      api.get<UserPrivilegeList>('userprivilege/getUserPrivilegeList', {
        query: { iUserId: iUserId ?? undefined },
        signal,
      }),
    enabled: iUserId !== null && session.iUserId !== null,
  });
}

function useInvalidatePrivileges() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['privileges'] });
}

export function useSaveAdminRole() {
  const invalidate = useInvalidatePrivileges();
  return useMutation<AdminRoleDto, ApiError, AdminRoleAddInput | AdminRoleUpdateInput>({
    mutationFn: (body) =>
      api.post<AdminRoleDto>('iRoleId' in body ? 'adminRole/update' : 'adminRole/add', body, {
        handleFailure: true,
      }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAdminRole() {
  const invalidate = useInvalidatePrivileges();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (iRoleId) => api.post('adminRole/delete', { iRoleId }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUserPrivileges() {
  const invalidate = useInvalidatePrivileges();
  return useMutation<UserPrivilegeList, ApiError, UserPrivilegeUpdateInput>({
    mutationFn: (body) =>
      api.post<UserPrivilegeList>('userprivilege/update', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}
