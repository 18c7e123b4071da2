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
    // No title set: the web app shows the platform's name in each reader's language.
    expect(a.body.objData.siteTitle).toBe('');
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
    expect(a.body.objData).toEqual([{ strField: 'pwdRules', strMessage: '不是有效的正则表达式' }]);
    for (const pwdRules of ['*abc', '(?<n>a)\\k<m>', 'a{2,1}', '[z-a]']) {
      const refused = await api.post(
        'configinfo/update',
        { pwdRules },
        { token: admin, lang: 'en' },
      );
      expect(refused.body.objData, pwdRules).toEqual([
        { strField: 'pwdRules', strMessage: 'Not a valid regular expression' },
      ]);
    }
    expect((await api.get<ConfigDto>('configinfo/get')).body.objData).toEqual(before);
  });

  it('keeps a valid password pattern as typed, and an empty one for none', async () => {
    const admin = await api.login('admin', ADMIN_PASSWORD);
    const pattern = '^(?=.*[A-Z])(?=.*\\d).{8,}$';
    try {
      const a = await api.post<ConfigDto>(
        'configinfo/update',
        { pwdRules: pattern },
        { token: admin },
      );
      expect(a.body.objData.pwdRules).toBe(pattern);
      expect((await api.get<ConfigDto>('configinfo/get')).body.objData.pwdRules).toBe(pattern);
    } finally {
      const cleared = await api.post<ConfigDto>(
        'configinfo/update',
        { pwdRules: '' },
        { token: admin },
      );
      expect(cleared.body.objData.pwdRules).toBe('');
    }
  });

  it('is changed by platform administrators only; experts read it like everyone', async () => {
    const before = (await api.get<ConfigDto>('configinfo/get')).body.objData;
    for (const [name, password] of [
      ['demo_hadmin', 'Hadmin@2026'],
      ['demo_doctor', 'Doctor@2026'],
      ['demo_expert', 'Expert@2026'],
    ] as const) {
      const token = await api.login(name, password);
      const a = await api.post('configinfo/update', { siteTitle: 'hijacked' }, { token });
      expect(a.status, name).toBe(403);
    }
    const expert = await api.login('demo_expert', 'Expert@2026');
    const read = await api.get<ConfigDto>('configinfo/get', {}, { token: expert });
    expect(read.body.objData).toEqual(before);
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
