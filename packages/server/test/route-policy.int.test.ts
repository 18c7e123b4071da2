import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '@pathconsult/shared';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import { pglite } from './helpers/databases';

/** Login names of the demonstration set, one per role (platform admin is the superadmin). */
const ACCOUNTS = {
  1: ['admin', 'Admin@test-1'],
  2: ['demo_hadmin', 'Hadmin@2026'],
  3: ['demo_doctor', 'Doctor@2026'],
  4: ['demo_expert', 'Expert@2026'],
} as const;

describe('every API route declares who may call it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite);
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    t.app.routeCatalog.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');

  it('finds a policy with valid roles on each registered /api route', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const r of routes) {
      const roles = r.policy?.roles;
      if (roles === 'public' || roles === 'authenticated') {
        continue;
      }
      expect(Array.isArray(roles) && roles.length > 0, `${r.url} has an empty role list`).toBe(
        true,
      );
      for (const role of roles ?? []) {
        expect(ALL_ROLES).toContain(role);
      }
    }
  });

  it('refuses every non-public route without a token (401) and with a wrong role (403)', async () => {
    const api = apiClient(t.baseUrl);
    const tokens: Record<number, string> = {};
    for (const [role, [name, pw]] of Object.entries(ACCOUNTS)) {
      tokens[Number(role)] = await api.login(name, pw);
    }
    for (const r of apiRoutes()) {
      const roles = r.policy?.roles;
      if (roles === 'public' || r.url.includes('*') || r.url.includes(':')) {
        continue;
      }
      const path = r.url.replace(/^\/api\//, '');
      const call = (token?: string) =>
        r.method === 'GET' ? api.get(path, {}, { token }) : api.post(path, {}, { token });
      expect((await call()).status, `${r.method} ${r.url} without token`).toBe(401);
      if (roles === 'authenticated' || !roles) {
        continue;
      }
      for (const role of ALL_ROLES.filter((x) => !roles.includes(x))) {
        const a = await call(tokens[role]);
        expect(a.status, `${r.method} ${r.url} as role ${role}`).toBe(403);
        expect(a.body.strErrorCode).toBe('FORBIDDEN');
      }
    }
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/log/GetAuditLogs', '/api/configinfo/get']),
    );
    const login = doc.paths['/api/user/login'] as { post: { requestBody: unknown } };
    expect(JSON.stringify(login.post.requestBody)).toContain('strUserPassword');
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const a = await apiClient(t.baseUrl).get('no/suchCall');
    expect(a.status).toBe(404);
    expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'NOT_FOUND' });
  });
});
