import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput, UserDto, UserUpdateInput } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { storeCurrentUser } from '@/lib/session-lifecycle';

/** Own-account save (updateUser); the answer becomes the current user info (spec §7). */
export function useSaveOwnAccount() {
  return useMutation<UserDto, ApiError, UserUpdateInput>({
    mutationFn: (body) => api.post<UserDto>('userManage/updateUser', body, { handleFailure: true }),
    onSuccess: (user) => storeCurrentUser(user),
  });
}

/** Own password (updateUserPassword); the server ends the session's tokens when it succeeds. */
export function useChangePassword() {
  return useMutation<unknown, ApiError, PasswordChangeInput>({
    mutationFn: (body) => api.post('userManage/updateUserPassword', body, { handleFailure: true }),
  });
}
