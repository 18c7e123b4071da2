import { useQuery } from '@tanstack/react-query';
import type { OutboxPage, OutboxQuery } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';

/** notifier/selectOutbox; the key holds the session's user id like every list of the app. */
export function useOutboxPage(params: OutboxQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['outbox', 'page', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<OutboxPage>('notifier/selectOutbox', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}
