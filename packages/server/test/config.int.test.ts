import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigDto } from '@pathconsult/shared';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';

describe.each(await testDatabases())('global configuration on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  it('is readable before login, with defaults', async () => {
    const a = await api.get<ConfigDto>('configinfo/get');
    expect(a.status).toBe(200);
    expect(a.body.objData).toMatchObject({ forget: false, pwdRules: '' });
    expect(a.body.objData.siteTitle).toBeTruthy();
  });

  it('is changed by the platform administrator, and the change is what everyone reads', async () => {
    const admin = await api.login('admin', ADMIN_PASSWORD);
    const a = await api.post<ConfigDto>(
      'configinfo/update',
      { siteTitle: '华东病理会诊', forget: true },
      { token: admin },
    );
    expect(a.body.iCode).toBe(0);
    const read = await api.get<ConfigDto>('configinfo/get');
    expect(read.body.objData).toMatchObject({ siteTitle: '华东病理会诊', forget: true });
  });

  it('refuses an invalid password pattern and changes nothing', async () => {
    const admin = await api.login('admin', ADMIN_PASSWORD);
    const before = (await api.get<ConfigDto>('configinfo/get')).body.objData;
    const a = await api.post(
      'configinfo/update',
      { pwdRules: '([a-z', siteTitle: 'changed' },
      { token: admin },
    );
    expect(a.status).toBe(400);
    expect(a.body.objData).toEqual([{ strField: 'pwdRules', strMessage: '格式不正确' }]);
    expect((await api.get<ConfigDto>('configinfo/get')).body.objData).toEqual(before);
  });

  it('keeps administrator settings from everyone else, and digit-only texts as text', async () => {
    const anonymous = await api.get<ConfigDto>('configinfo/get');
    expect(anonymous.body.objData).not.toHaveProperty('defaultPassword');
    const doctor = await api.login('demo_doctor', 'Doctor@2026');
    expect(
      (await api.get<ConfigDto>('configinfo/get', {}, { token: doctor })).body.objData,
    ).not.toHaveProperty('defaultPassword');
    const admin = await api.login('admin', ADMIN_PASSWORD);
    const defaults = (await api.get<ConfigDto>('configinfo/get', {}, { token: admin })).body
      .objData;
    expect(defaults).toMatchObject({ defaultPassword: '123456', hospitalsPerGroup: 50 });
    await api.post(
      'configinfo/update',
      { defaultPassword: '654321', siteTitle: '2026' },
      { token: admin },
    );
    const after = (await api.get<ConfigDto>('configinfo/get', {}, { token: admin })).body.objData;
    expect(after).toMatchObject({ defaultPassword: '654321', siteTitle: '2026' });
  });
});
