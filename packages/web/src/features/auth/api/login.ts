import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { startSession } from '@/lib/session-lifecycle';

/** POST user/login; the form shows the failures itself (wrong password, frozen account...). */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('user/login', body, { handleFailure: true });
}

export function useLogin(onSuccess: (answer: LoginResponse) => void) {
  return useMutation<LoginResponse, ApiError, LoginRequest>({
    mutationFn: login,
    onSuccess: (answer) => {
      // Drops anything a previous session of this tab left in the cache, then stores the new one.
      startSession(answer.token, answer.user);
      onSuccess(answer);
    },
  });
}
