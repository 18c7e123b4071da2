import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@pathconsult/shared';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';

describe.each(await testDatabases())('API edges on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    admin = await api.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const total = async (query: Record<string, string>) =>
    (await api.get<AuditLogPage>('log/GetAuditLogs', query, { token: admin })).body.objData
      .iTotalCount;

  it('refuses out-of-range input with 400, not a server error', async () => {
    const cases: [string, Record<string, string>][] = [
      ['log/GetAuditLogs', { dtEnd: '9999-12-31' }],
      ['log/GetAuditLogs', { dtStart: '0001-01-01' }],
      ['log/GetAuditLogs', { iCurPage: '99999999999' }],
      ['log/GetAuditLogs', { iPageSize: '0' }],
      ['userManage/getUserInfo', { iUserId: '2147483648' }],
      ['userManage/getUserInfo', { iUserId: 'abc' }],
    ];
    for (const [path, query] of cases) {
      const a = await api.get(path, query, { token: admin });
      expect(a.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(a.body.strErrorCode).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses malformed JSON and a wrong content type with 400', async () => {
    const bad = await fetch(`${t.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"strUserName": ',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ iCode: 1000, strErrorCode: 'VALIDATION_FAILED' });
    const text = await fetch(`${t.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'admin',
    });
    expect([400, 415]).toContain(text.status);
    expect(((await text.json()) as { iCode: number }).iCode).toBe(1000);
  });

  it('guards and audits by the matched route, however the path is spelled', async () => {
    const doctor = await api.login('demo_doctor', 'Doctor@2026');
    const spelled = await fetch(`${t.baseUrl}/%61pi/log/GetAuditLogs`, {
      headers: { token: doctor },
    });
    expect(spelled.status).toBe(403);
    const before = await total({ strAction: 'configinfo/update' });
    const res = await fetch(`${t.baseUrl}/%61pi/configinfo/update`, {
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ loginDesc: 'spelled differently' }),
    });
    expect(res.status).toBe(200);
    expect(await total({ strAction: 'configinfo/update' })).toBe(before + 1);
  });

  it('writes no audit record for HEAD requests or calls that match no route', async () => {
    const before = await total({});
    await fetch(`${t.baseUrl}/api/health`, { method: 'HEAD' });
    await fetch(`${t.baseUrl}/api/configinfo/get`, { method: 'HEAD' });
    await fetch(`${t.baseUrl}/api/${'x'.repeat(5000)}`, { method: 'POST' });
    expect(await total({})).toBe(before);
  });
});
