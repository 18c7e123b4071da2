import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserState, type AuditLogPage } from '@pathconsult/shared';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';

const codes = (answers: { body: { strErrorCode?: string } }[]) =>
  answers.reduce<Record<string, number>>((acc, a) => {
    const code = a.body.strErrorCode ?? 'OK';
    acc[code] = (acc[code] ?? 0) + 1;
    return acc;
  }, {});

describe.each(await testDatabases())('login hardening on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    // One trusted proxy hop: each test speaks from addresses of its own via X-Forwarded-For.
    t = await startTestApp(testDb, { trustProxy: 1 });
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const logs = async (query: Record<string, string | number>) => {
    const admin = await api.login('admin', ADMIN_PASSWORD, from('10.200.0.1'));
    return (await api.get<AuditLogPage>('log/GetAuditLogs', query, { token: admin })).body.objData;
  };

  it('lets no more than 10 of many parallel guesses at one account be checked', async () => {
    const h = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: h.id });
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.post(
          'user/login',
          { strUserName: u.userName, strUserPassword: `guess-${i}` },
          from('10.1.0.1'),
        ),
      ),
    );
    const tally = codes(guesses);
    expect(tally.LOGIN_FAILED ?? 0).toBeLessThanOrEqual(10);
    expect((tally.LOGIN_FAILED ?? 0) + (tally.LOGIN_LOCKED ?? 0)).toBe(40);
    const right = await api.post(
      'user/login',
      { strUserName: u.userName, strUserPassword: TEST_PASSWORD },
      from('10.1.0.2'),
    );
    expect(right.body.strErrorCode).toBe('LOGIN_LOCKED');
  });

  it('lets no more than 50 parallel guesses from one address be checked, whatever the names', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        api.post(
          'user/login',
          { strUserName: `nobody_${i}`, strUserPassword: 'guess' },
          from('10.2.0.1'),
        ),
      ),
    );
    const tally = codes(guesses);
    expect(tally.LOGIN_FAILED ?? 0).toBeLessThanOrEqual(50);
    expect(tally.LOGIN_LOCKED ?? 0).toBeGreaterThanOrEqual(20);
    const other = await api.post(
      'user/login',
      { strUserName: 'demo_expert', strUserPassword: 'Expert@2026' },
      from('10.2.0.1'),
    );
    expect(other.body.strErrorCode).toBe('LOGIN_LOCKED');
    // Another address is not affected.
    expect(await api.login('demo_expert', 'Expert@2026', from('10.2.0.2'))).toBeTruthy();
  });

  it('counts guesses by user name and by mobile number against the same account', async () => {
    const h = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: h.id, mobile: '13655550001' });
    for (let i = 0; i < 5; i++) {
      await api.post(
        'user/login',
        { strUserName: u.userName, strUserPassword: `x${i}` },
        from('10.3.0.1'),
      );
      await api.post(
        'user/login',
        { strUserName: '13655550001', strUserPassword: `y${i}` },
        from('10.3.0.1'),
      );
    }
    const right = await api.post(
      'user/login',
      { strUserName: u.userName, strUserPassword: TEST_PASSWORD },
      from('10.3.0.2'),
    );
    expect(right.body.strErrorCode).toBe('LOGIN_LOCKED');
  });

  it('records a failed login under the name tried, not under a token sent along', async () => {
    const doctorToken = await api.login('demo_doctor', 'Doctor@2026', from('10.4.0.1'));
    await api.post(
      'user/login',
      { strUserName: 'demo_expert', strUserPassword: 'wrong-one' },
      { token: doctorToken, ...from('10.4.0.1') },
    );
    const page = await logs({
      strAction: 'user/login',
      strOutcome: 'denied',
      strUserName: 'demo_expert',
    });
    expect(page.listPage[0]).toMatchObject({
      strUserName: 'demo_expert',
      iUserId: null,
      strIp: '10.4.0.1',
    });
  });

  it('records a refusal after the right password with the account and its hospital', async () => {
    const h = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: h.id, state: UserState.Frozen });
    await api.post(
      'user/login',
      { strUserName: u.userName, strUserPassword: TEST_PASSWORD },
      from('10.5.0.1'),
    );
    const page = await logs({ strUserName: u.userName });
    expect(page.listPage[0]).toMatchObject({
      iUserId: u.id,
      iHospitalId: h.id,
      strOutcome: 'denied',
      objDetail: { strErrorCode: 'ACCOUNT_FROZEN' },
    });
  });

  it('takes the client address from the trusted proxy only, not from what the client wrote', async () => {
    await api.login('demo_hadmin', 'Hadmin@2026', from('6.6.6.6, 10.6.0.1'));
    const page = await logs({ strUserName: 'demo_hadmin', strAction: 'user/login' });
    expect(page.listPage[0]?.strIp).toBe('10.6.0.1');
  });
});
