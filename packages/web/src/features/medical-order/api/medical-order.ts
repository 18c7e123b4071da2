import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MedicalOrderCategory,
  MedicalOrderItemDto,
  MedicalOrderOption,
  MedicalOrderQuery,
  MedicalOrderSaveInput,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { itemsOfCategory } from '../utils/order-text';

/** medicalorder calls; keys hold the session's user id like every query of the app. */

export interface MedicalOrderPage {
  listPage: MedicalOrderItemDto[];
  iTotalCount: number;
}

/** A page of one dictionary for its administrators (disabled items included). */
export function useMedicalOrderPage(params: MedicalOrderQuery, enabled = true) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['medicalOrder', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<MedicalOrderPage>('medicalorder/selectMedicalorder', {
        query: { ...params },
        signal,
      }),
    enabled: enabled && iUserId !== null,
  });
}

/**
 * The enabled items the caller may pick (platform and own hospital), all categories at once:
 * the case form's three order fields share one request. The dictionary changes seldom, so it is
 * kept for five minutes; a save on the dictionary screen refreshes it at once.
 */
export function useOrderDictionary() {
  const { iUserId } = useSession();
  const query = useQuery({
    queryKey: ['medicalOrder', 'dictionary', iUserId],
    queryFn: ({ signal }) =>
      api.get<MedicalOrderOption[]>('medicalorder/selectMedDatadictionary', { signal }),
    enabled: iUserId !== null,
    staleTime: 5 * 60_000,
  });
  return {
    items: query.data ?? [],
    /** The items of one category (IHC, special stains, molecular), in the dictionary's order. */
    ofCategory: (category: MedicalOrderCategory) => itemsOfCategory(query.data, category),
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}

/** Add (no iItemId) or change an item; the form shows refusals itself. */
export function useSaveMedicalOrder() {
  const client = useQueryClient();
  return useMutation<MedicalOrderItemDto, ApiError, MedicalOrderSaveInput>({
    mutationFn: (body) =>
      api.post<MedicalOrderItemDto>('medicalorder/updateMedicalorderValue', body, {
        handleFailure: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['medicalOrder'] }),
  });
}
