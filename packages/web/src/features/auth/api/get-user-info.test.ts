import { QueryClient } from '@tanstack/react-query';
import type { UserDto } from '@pathconsult/shared';
import { describe, expect, it, vi } from 'vitest';

/*
 * Only the query options are under test: the client and the session hook are replaced (which
 * also keeps the `@` imports of these modules out of the node run).
 */
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() } }));
vi.mock('@/lib/use-session', () => ({ useSession: vi.fn() }));

const { userInfoQueryOptions } = await import('./get-user-info');
const { auditLogsQueryOptions } = await import('../../audit/api/get-audit-logs');

describe('per-user query keys', () => {
  it('never serves one user the account info cached for another', () => {
    const client = new QueryClient();
    client.setQueryData(userInfoQueryOptions(1).queryKey, { iUserId: 1 } as UserDto);
    expect(client.getQueryData(userInfoQueryOptions(5).queryKey)).toBeUndefined();
    expect(client.getQueryData(userInfoQueryOptions(1).queryKey)).toEqual({ iUserId: 1 });
  });

  it('keeps audit log pages apart per user', () => {
    const params = { iCurPage: 1, iPageSize: 10 };
    expect(auditLogsQueryOptions(1, params).queryKey).not.toEqual(
      auditLogsQueryOptions(2, params).queryKey,
    );
  });

  it('fetches nothing without a session user', () => {
    expect(userInfoQueryOptions(null).enabled).toBe(false);
    expect(auditLogsQueryOptions(null, { iCurPage: 1, iPageSize: 10 }).enabled).toBe(false);
  });
});
