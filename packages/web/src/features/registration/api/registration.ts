import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RegistrationRules,
  type ApproveRegistrationInput,
  type CaptchaDto,
  type RegistrationDto,
  type RegistrationHospital,
  type RegistrationInput,
  type RegistrationQuery,
  type RegistrationResult,
  type RejectRegistrationInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { KEPT_ON_LANGUAGE_SWITCH } from '@/lib/i18n';
import { useSession } from '@/lib/use-session';

/*
 * Self-registration (public, no session) and its review by administrators (session lists, keyed
 * by the session's user id like every list of the app).
 */

/** A captcha lives 5 minutes: a new one comes half a minute before, so the shown one is valid. */
const CAPTCHA_REFRESH_MS = RegistrationRules.captchaTtlMinutes * 60_000 - 30_000;

/** The captcha image; `refetch()` is the click-to-refresh. Never served from the cache. */
export function useCaptcha() {
  return useQuery({
    queryKey: ['registration', 'captcha'],
    queryFn: ({ signal }) => api.get<CaptchaDto>('user/getCaptcha', { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: CAPTCHA_REFRESH_MS,
    // A language switch must not swap the picture under the answer being typed (lib/i18n.ts).
    meta: { [KEPT_ON_LANGUAGE_SWITCH]: true },
  });
}

/** Hospitals one may register with (public). */
export function useRegistrationHospitals() {
  return useQuery({
    queryKey: ['registration', 'hospitals'],
    queryFn: ({ signal }) =>
      api.get<RegistrationHospital[]>('hospitalManage/selectRegistrationHospital', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** user/register; the form shows field errors and business refusals itself. */
export function useRegister() {
  return useMutation<RegistrationResult, ApiError, RegistrationInput>({
    mutationFn: (body) =>
      api.post<RegistrationResult>('user/register', body, { handleFailure: true }),
  });
}

export type RegistrationParams = RegistrationQuery;
export interface RegistrationPage {
  listPage: RegistrationDto[];
  iTotalCount: number;
}

export function useRegistrationPage(params: RegistrationParams) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['registrations', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<RegistrationPage>('userManage/selectRegistration', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

/** A review changes the registration list and the user lists (the account's state). */
function useInvalidateReviews() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['registrations'] }),
      client.invalidateQueries({ queryKey: ['users'] }),
      client.invalidateQueries({ queryKey: ['hospitals'] }),
    ]);
}

export function useApproveRegistration() {
  const invalidate = useInvalidateReviews();
  return useMutation<RegistrationDto, ApiError, ApproveRegistrationInput>({
    mutationFn: (body) =>
      api.post<RegistrationDto>('userManage/approveRegistration', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}

export function useRejectRegistration() {
  const invalidate = useInvalidateReviews();
  return useMutation<RegistrationDto, ApiError, RejectRegistrationInput>({
    mutationFn: (body) =>
      api.post<RegistrationDto>('userManage/rejectRegistration', body, { handleFailure: true }),
    onSuccess: () => invalidate(),
  });
}
