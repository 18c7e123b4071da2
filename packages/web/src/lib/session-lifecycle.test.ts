import { QueryClient } from '@tanstack/react-query';
import type { UserDto } from '@pathconsult/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/* session.ts reads sessionStorage when it loads: a Map stands in for it in node. */
const storage = vi.hoisted(() => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    keys: () => [...data.keys()],
  };
  (globalThis as Record<string, unknown>).sessionStorage = storage;
  return storage;
});

const { endSession, startSession } = await import('./session-lifecycle');
const { getSession } = await import('./session');

const admin = {
  iUserId: 1,
  strUserName: 'admin',
  strRealName: 'Admin',
  ddRoleType: { iNumber: 1, strName: 'Super administrator' },
  hospital: null,
  bIsSuperAdmin: true,
} as unknown as UserDto;
const doctor = {
  ...admin,
  iUserId: 5,
  strUserName: 'demo_doctor',
  strRealName: 'Doctor',
  ddRoleType: { iNumber: 3, strName: 'Doctor' },
  bIsSuperAdmin: false,
} as unknown as UserDto;

/** A client holding what an administrator's session would have cached. */
function clientWithAdminData(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['auth', 'userInfo', 1], admin);
  client.setQueryData(['audit', 'logs', 1, { iCurPage: 1 }], { listPage: [{ iId: 1 }] });
  client.setQueryData(['config'], { siteTitle: 'PathConsult' });
  return client;
}

beforeEach(() => storage.clear());

describe('endSession (logout and 401)', () => {
  it('drops the whole query cache and the stored session except the language', () => {
    startSession('admin-token', admin, new QueryClient());
    storage.setItem('lang', 'en');
    const client = clientWithAdminData();
    endSession(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(client.getQueryData(['auth', 'userInfo', 1])).toBeUndefined();
    expect(storage.keys()).toEqual(['lang']);
    expect(getSession()).toMatchObject({ token: null, iUserId: null, user: null });
  });

  it('cancels calls still running for the old session', async () => {
    const client = new QueryClient();
    let aborted = false;
    const running = client.fetchQuery({
      queryKey: ['audit', 'logs', 1, {}],
      queryFn: ({ signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    });
    endSession(client);
    await running.catch(() => undefined);
    expect(aborted).toBe(true);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe('startSession (login success)', () => {
  it('drops what the previous session cached before storing the new one', () => {
    const client = clientWithAdminData();
    startSession('doctor-token', doctor, client);
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(getSession()).toMatchObject({
      token: 'doctor-token',
      iUserId: 5,
      iRoleType: 3,
      user: { iUserId: 5, strRealName: 'Doctor' },
    });
  });
});
