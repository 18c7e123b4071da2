import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@pathconsult/shared';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';

describe.each(await testDatabases())('audit trail on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let adminToken: string;
  const logs = async (query: Record<string, string | number>, token = adminToken) =>
    (await api.get<AuditLogPage>('log/GetAuditLogs', query, { token })).body.objData;

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    adminToken = await api.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('records logins, refused logins, logouts and mutations with who, what, outcome and IP', async () => {
    await api.post('user/login', { strUserName: 'demo_doctor', strUserPassword: 'bad-guess' });
    const doctorToken = await api.login('demo_doctor', 'Doctor@2026');
    await api.post('user/logout', {}, { token: doctorToken });
    await api.post('configinfo/update', { siteTitle: '测试平台' }, { token: adminToken });

    const page = await logs({ strUserName: 'demo_doctor', iPageSize: 10 });
    const actions = page.listPage.map((r) => `${r.strAction}:${r.strOutcome}`);
    expect(actions).toEqual(['user/logout:success', 'user/login:success', 'user/login:denied']);
    const [logout, login, refused] = page.listPage;
    expect(login).toMatchObject({ iRoleType: 3, strIp: '127.0.0.1', strTargetType: 'user' });
    expect(login?.iHospitalId).toEqual(expect.any(Number));
    expect(refused).toMatchObject({ iUserId: null, objDetail: { strErrorCode: 'LOGIN_FAILED' } });
    expect(logout?.strTargetType).toBe('session');
    expect(new Date(login?.dtCreateTime ?? '').toISOString()).toBe(login?.dtCreateTime);

    const config = await logs({ strAction: 'configinfo/update' });
    expect(config.listPage[0]).toMatchObject({ strUserName: 'admin', strOutcome: 'success' });
  });

  it('records a refused call as denied', async () => {
    const doctorToken = await api.login('demo_doctor', 'Doctor@2026');
    const a = await api.post('configinfo/update', { siteTitle: 'x' }, { token: doctorToken });
    expect(a.status).toBe(403);
    const page = await logs({ strAction: 'configinfo/update', strOutcome: 'denied' });
    expect(page.listPage[0]).toMatchObject({ strUserName: 'demo_doctor', strOutcome: 'denied' });
  });

  it('filters by date range and pages newest first', async () => {
    const all = await logs({ iPageSize: 100 });
    expect(all.iTotalCount).toBe(all.listPage.length);
    const page1 = await logs({ iPageSize: 2, iCurPage: 1 });
    const page2 = await logs({ iPageSize: 2, iCurPage: 2 });
    expect(page1.listPage.map((r) => r.iAuditLogId)).toEqual(
      all.listPage.slice(0, 2).map((r) => r.iAuditLogId),
    );
    expect(page2.listPage.map((r) => r.iAuditLogId)).toEqual(
      all.listPage.slice(2, 4).map((r) => r.iAuditLogId),
    );
    // The test clock stands at 2026-01-05.
    expect((await logs({ dtStart: '2026-01-05', dtEnd: '2026-01-05' })).iTotalCount).toBe(
      all.iTotalCount,
    );
    expect((await logs({ dtStart: '2026-01-06' })).iTotalCount).toBe(0);
    const bad = await api.get(
      'log/GetAuditLogs',
      { dtStart: '2026-01-06', dtEnd: '2026-01-01' },
      { token: adminToken, lang: 'en' },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.objData)).toContain(
      'The start date cannot be after the end date',
    );
  });

  it('refuses to change or delete a record, whoever asks', async () => {
    await expect(
      t.database.db.execute(sql`update audit_logs set outcome = 'success'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
  });

  it('shows a hospital administrator only the records of their hospital', async () => {
    const hadmin = await api.login('demo_hadmin', 'Hadmin@2026');
    await api.login('demo_expert', 'Expert@2026'); // the expert works at the diagnostic center
    const page = await logs({ iPageSize: 100 }, hadmin);
    expect(page.iTotalCount).toBeGreaterThan(0);
    const hospitals = new Set(page.listPage.map((r) => r.iHospitalId));
    expect([...hospitals]).toHaveLength(1);
    expect(page.listPage.some((r) => r.strUserName === 'demo_expert')).toBe(false);
    expect(page.listPage.some((r) => r.strUserName === 'admin')).toBe(false);
  });

  it('answers a call whose record cannot be written as a server error, without the database text', async () => {
    const db = t.database.db;
    await db.execute(sql`alter table audit_logs rename to audit_logs_away`);
    try {
      const answer = await api.post(
        'configinfo/update',
        { siteTitle: '写不进审计' },
        { token: adminToken, lang: 'en' },
      );
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ strErrorCode: 'INTERNAL_ERROR', objData: null });
      expect(JSON.stringify(answer.body)).not.toMatch(/audit_logs|insert|params/i);
    } finally {
      await db.execute(sql`alter table audit_logs_away rename to audit_logs`);
    }
  });
});
