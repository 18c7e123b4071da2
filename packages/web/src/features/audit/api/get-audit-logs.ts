import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogPage, AuditLogQuery } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';

/** Filters and paging of GET log/GetAuditLogs (auditLogQuerySchema of the shared contract). */
export type AuditLogParams = AuditLogQuery;

/**
 * The key holds the session's user id: what the server lets one administrator see is never served
 * from the cache to whoever uses the tab next.
 */
export function auditLogsQueryOptions(iUserId: number | null, params: AuditLogParams) {
  return queryOptions({
    queryKey: ['audit', 'logs', iUserId, params],
    queryFn: ({ signal }) =>
      api.get<AuditLogPage>('log/GetAuditLogs', { query: { ...params }, signal }),
    enabled: iUserId !== null,
  });
}

export function useAuditLogs(params: AuditLogParams) {
  const { iUserId } = useSession();
  return useQuery(auditLogsQueryOptions(iUserId, params));
}
