import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache. Failed calls are not retried: a business failure or a refusal will not
 * change, and a retried transport failure would toast the same error again a second later.
 * Screens offer a retry button instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
