import { useMutation } from '@tanstack/react-query';
import type { ForgetPasswordInput, SendCodeInput, SendCodeResponse } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** user/sendCode: a code by SMS to the number (the same answer whether it has accounts or not). */
export function useSendCode() {
  return useMutation<SendCodeResponse, ApiError, SendCodeInput>({
    mutationFn: (body) =>
      api.post<SendCodeResponse>('user/sendCode', body, { handleFailure: true }),
  });
}

/** user/forgetPwdUpdatePwd: the new password for every account of the number. */
export function useResetPassword() {
  return useMutation<unknown, ApiError, ForgetPasswordInput>({
    mutationFn: (body) => api.post('user/forgetPwdUpdatePwd', body, { handleFailure: true }),
  });
}
