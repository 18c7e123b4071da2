import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';

/**
 * The next pathology number of the caller's hospital (serialNumber/select), shown as the hint of
 * an empty number field. `strNextNumber` is null or absent when the hospital has no numbering
 * rule: the number must then be typed. A failed call counts as "no rule", so the field is
 * required and the server's answer stays the judge.
 */
export function useNextPathologyNumber(enabled: boolean) {
  const { iUserId } = useSession();
  const query = useQuery({
    queryKey: ['cases', 'nextNumber', iUserId],
    queryFn: ({ signal }) =>
      api.get<{ strNextNumber?: string | null } | null>('serialNumber/select', { signal }),
    enabled: enabled && iUserId !== null,
    retry: false,
    staleTime: 0,
  });
  const next = query.data?.strNextNumber;
  return {
    loading: query.isLoading,
    /** The number an empty field will get, or null when the number must be typed. */
    nextNumber: typeof next === 'string' && next !== '' ? next : null,
  };
}
