import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleType } from '@pathconsult/shared';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import { createHospital, createUser } from './helpers/factories';

describe.each(await testDatabases())('tenancy on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  it('answers another hospital’s user exactly like a missing one', async () => {
    const other = await createHospital(t.database.db);
    const stranger = await createUser(t.database.db, {
      hospitalId: other.id,
      roleType: RoleType.Expert,
    });
    const hadmin = await api.login('demo_hadmin', 'Hadmin@2026');
    const foreign = await api.get(
      'userManage/getUserInfo',
      { iUserId: stranger.id },
      { token: hadmin },
    );
    const missing = await api.get(
      'userManage/getUserInfo',
      { iUserId: 999_999 },
      { token: hadmin },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('lets a hospital administrator see users of their own hospital', async () => {
    const hadmin = await api.login('demo_hadmin', 'Hadmin@2026');
    const me = await api.get<{ hospital: { iHospitalId: number } }>(
      'userManage/getUserInfo',
      {},
      { token: hadmin },
    );
    const colleague = await createUser(t.database.db, {
      hospitalId: me.body.objData.hospital.iHospitalId,
    });
    const a = await api.get('userManage/getUserInfo', { iUserId: colleague.id }, { token: hadmin });
    expect(a.status).toBe(200);
    expect(a.body.objData).toMatchObject({ iUserId: colleague.id });
  });

  it('keeps doctors to their own account, even inside their hospital', async () => {
    const doctor = await api.login('demo_doctor', 'Doctor@2026');
    const hadmin = await api.login('demo_hadmin', 'Hadmin@2026');
    const adminInfo = await api.get<{ iUserId: number }>(
      'userManage/getUserInfo',
      {},
      { token: hadmin },
    );
    const a = await api.get(
      'userManage/getUserInfo',
      { iUserId: adminInfo.body.objData.iUserId },
      { token: doctor },
    );
    expect(a.status).toBe(404);
  });

  it('lets the platform administrator see every hospital', async () => {
    const other = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: other.id });
    const admin = await api.login('admin', ADMIN_PASSWORD);
    expect(
      (await api.get('userManage/getUserInfo', { iUserId: u.id }, { token: admin })).status,
    ).toBe(200);
  });
});
