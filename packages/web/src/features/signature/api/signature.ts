import { useMutation } from '@tanstack/react-query';
import type { SignatureUpdateInput, UserDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { storeCurrentUser } from '@/lib/session-lifecycle';

/**
 * userManage/updateSignature (an empty image removes it). The answer is the user: it becomes the
 * session's user info and the cached getUserInfo answer at once.
 */
export function useSaveSignature() {
  return useMutation<UserDto, ApiError, SignatureUpdateInput>({
    mutationFn: (body) =>
      api.post<UserDto>('userManage/updateSignature', body, { handleFailure: true }),
    onSuccess: (user) => storeCurrentUser(user),
  });
}
