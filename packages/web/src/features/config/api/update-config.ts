import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigDto, ConfigUpdate } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { configQueryOptions } from './get-config';

/**
 * configinfo/update (platform administrators). The answer is the new configuration: it replaces
 * the cached one at once, so the page title, the header and the login page follow without a
 * reload, and the query is marked stale so that it is read again from the server.
 */
export function useUpdateConfig() {
  const client = useQueryClient();
  return useMutation<ConfigDto, ApiError, ConfigUpdate>({
    mutationFn: (body) => api.post<ConfigDto>('configinfo/update', body, { handleFailure: true }),
    onSuccess: async (config) => {
      client.setQueryData(configQueryOptions.queryKey, config);
      await client.invalidateQueries({ queryKey: configQueryOptions.queryKey });
    },
  });
}
