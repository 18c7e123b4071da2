import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HospitalOption, SerialNumberDto, SerialNumberUpdateInput } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/** serialNumber calls; keys hold the session's user id like every query of the app. */

/**
 * The numbering rule of a hospital (null: the caller's own), with the number the next case would
 * get. Doctors read their own hospital's for the case form.
 */
export function useSerialNumberRule(iHospitalId: number | null, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['serialNumber', 'rule', iUserId, iHospitalId],
    queryFn: ({ signal }) =>
      api.get<SerialNumberDto>('serialNumber/select', {
        query: { iHospitalId: iHospitalId ?? undefined },
        signal,
      }),
    enabled: enabled && iUserId !== null,
  });
}

/** The hospitals whose rule and dictionary the administrator keeps (the screen's picker). */
export function useRuleHospitals() {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['serialNumber', 'hospitals', iUserId],
    queryFn: ({ signal }) => api.get<HospitalOption[]>('serialNumber/selectHospital', { signal }),
    enabled: iUserId !== null,
  });
}

/** Saves a rule; the answer (with the new next number) replaces the cached rule at once. */
export function useUpdateSerialNumberRule() {
  const client = useQueryClient();
  return useMutation<SerialNumberDto, ApiError, SerialNumberUpdateInput>({
    mutationFn: (body) =>
      api.post<SerialNumberDto>('serialNumber/update', body, { handleFailure: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['serialNumber', 'rule'] }),
  });
}
