import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogPage, AuditLogQuery } from '@pathconsult/shared';
import { api } from '@/lib/api-client';

/** Filters and paging of GET log/GetAuditLogs (auditLogQuerySchema of the shared contract). */
export type AuditLogParams = AuditLogQuery;

export function auditLogsQueryOptions(params: AuditLogParams) {
  return queryOptions({
    queryKey: ['audit', 'logs', params],
    queryFn: ({ signal }) =>
      api.get<AuditLogPage>('log/GetAuditLogs', { query: { ...params }, signal }),
  });
}

export function useAuditLogs(params: AuditLogParams) {
  return useQuery(auditLogsQueryOptions(params));
}
