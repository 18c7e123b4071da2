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

/**
 * Forgets every answer and mutation held for the session that is ending, so that nothing one
 * user fetched can be shown to the next one in the same tab (a shared hospital workstation).
 * Calls still running are cancelled first: their answers belong to the old session and, being
 * cancelled, they show no error either.
 */
export function forgetServerState(client: QueryClient = queryClient): void {
  void client.cancelQueries();
  client.clear();
}
