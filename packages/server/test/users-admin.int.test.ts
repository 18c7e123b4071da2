import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserDto } from '@pathconsult/shared';
import { auditLogs, sessions, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { expectRefused } from './helpers/assertions';
import { unique, uniqueMobile as mobile, type Page } from './helpers/test-values';

const GOOD_PASSWORD = 'Good#Pass1';

describe.each(await testDatabases())('user administration on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: string;
  let hadmin: string;
  let applicantId: number;
  let centerId: number;
  let superadminId: number;
  let seq = 0;

  /** A valid addUser body: a doctor at the demo applicant hospital unless told otherwise. */
  const addBody = (over: Record<string, unknown> = {}) => ({
    strUserName: unique('staff'),
    strUserPassword: GOOD_PASSWORD,
    strRealName: '测试用户',
    strMobile: mobile(),
    ddRoleType: { iNumber: 3 },
    hospital: { iHospitalId: applicantId },
    ...over,
  });
  /** An updateUser body for `u` with its current role unless told otherwise. */
  const editBody = (u: { id: number; roleType: number }, over: Record<string, unknown> = {}) => ({
    iUserId: u.id,
    strRealName: '改过的名字',
    strMobile: mobile(),
    ddRoleType: { iNumber: u.roleType },
    ...over,
  });
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const rowsNamed = (name: string) =>
    t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.userName}) = lower(${name})`);
  const idOf = async (userName: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.userName, userName));
    if (!row) {
      throw new Error(`${userName} missing`);
    }
    return row;
  };
  const add = (body: unknown, token = admin) =>
    api.post<UserDto>('userManage/addUser', body, { token });

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    admin = await api.login('admin', ADMIN_PASSWORD);
    hadmin = await api.login('demo_hadmin', 'Hadmin@2026');
    applicantId = (await idOf('demo_hadmin')).hospitalId ?? 0;
    centerId = (await idOf('demo_expert')).hospitalId ?? 0;
    superadminId = (await idOf('admin')).id;
  });
  afterAll(() => t.close());

  describe('adding users', () => {
    it('creates an enabled doctor, made by the caller, who can log in at once', async () => {
      const body = addBody({
        dtBirthdayDate: '1980/02/29',
        ddSex: { iNumber: 2 },
        strEmail: 'doc@example.com',
        strSpecialty: 'only for experts',
      });
      const a = await add(body);
      expect(a.status).toBe(200);
      expect(a.body.objData).toMatchObject({
        strUserName: body.strUserName,
        ddRoleType: { iNumber: 3 },
        ddUserState: { iNumber: 1 },
        dtBirthdayDate: '1980/02/29',
        ddSex: { iNumber: 2 },
        strEmail: 'doc@example.com',
        strSpecialty: null,
        hospital: { iHospitalId: applicantId },
        createUser: { iUserId: superadminId },
        bIsSuperAdmin: false,
      });
      expect(JSON.stringify(a.body)).not.toContain(GOOD_PASSWORD);
      expect(await api.login(body.strUserName, GOOD_PASSWORD)).toBeTruthy();
      const [record] = await t.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'userManage/addUser'));
      expect(record).toMatchObject({
        targetType: 'user',
        targetId: String(a.body.objData.iUserId),
      });
      expect(JSON.stringify(record)).not.toContain(GOOD_PASSWORD);
    });

    it('keeps specialty and introduction for experts only', async () => {
      const a = await add(
        addBody({
          ddRoleType: { iNumber: 4 },
          hospital: { iHospitalId: centerId },
          strSpecialty: '乳腺病理',
          strIntro: '二十年经验',
        }),
      );
      expect(a.body.objData).toMatchObject({ strSpecialty: '乳腺病理', strIntro: '二十年经验' });
    });

    it('places experts only where diagnoses are made, doctors anywhere', async () => {
      const noDiagnosis = await createHospital(t.database.db, { isDiagnosis: 0 });
      const expert = addBody({
        ddRoleType: { iNumber: 4 },
        hospital: { iHospitalId: noDiagnosis.id },
      });
      expectRefused(await add(expert), 'ROLE_NOT_ALLOWED');
      expect(await rowsNamed(expert.strUserName)).toEqual([]);
      const doctor = addBody({ hospital: { iHospitalId: noDiagnosis.id } });
      expect((await add(doctor)).body.iCode).toBe(0);
    });

    it('does not let a hospital administrator create a platform administrator', async () => {
      for (const hospital of [null, { iHospitalId: applicantId }]) {
        const body = addBody({ ddRoleType: { iNumber: 1 }, hospital });
        expectRefused(await add(body, hadmin), 'ROLE_NOT_ALLOWED');
        expect(await rowsNamed(body.strUserName)).toEqual([]);
      }
      const byPlatform = await add(addBody({ ddRoleType: { iNumber: 1 }, hospital: null }));
      expect(byPlatform.body.objData).toMatchObject({ ddRoleType: { iNumber: 1 }, hospital: null });
    });

    it('lets a hospital administrator appoint peers and staff in its own hospital only', async () => {
      const peer = await add(addBody({ ddRoleType: { iNumber: 2 } }), hadmin);
      expect(peer.body.objData).toMatchObject({ ddRoleType: { iNumber: 2 } });
      const missing = await add(addBody({ hospital: { iHospitalId: 999_999 } }), hadmin);
      for (const role of [2, 3, 4]) {
        const body = addBody({
          ddRoleType: { iNumber: role },
          hospital: { iHospitalId: centerId },
        });
        const a = await add(body, hadmin);
        expect(a.status).toBe(404);
        expect(a.body).toEqual(missing.body);
        expect(await rowsNamed(body.strUserName)).toEqual([]);
      }
    });

    it('asks for a hospital for every role but the platform administrator', async () => {
      for (const role of [2, 3, 4]) {
        const body = addBody({ ddRoleType: { iNumber: role }, hospital: null });
        const a = await add(body);
        expect(a.status).toBe(400);
        expect(a.body.strErrorCode).toBe('VALIDATION_FAILED');
        expect(a.body.objData).toEqual([{ strField: 'hospital', strMessage: '该项不能为空' }]);
        expect(await rowsNamed(body.strUserName)).toEqual([]);
      }
    });

    it('refuses a birthday that is no calendar day as a field error', async () => {
      const body = addBody({ dtBirthdayDate: '1990/02/30' });
      const a = await add(body, admin);
      expect(a.status).toBe(400);
      expect(a.body.objData).toEqual([
        { strField: 'dtBirthdayDate', strMessage: '日期格式不正确' },
      ]);
      expect(await rowsNamed(body.strUserName)).toEqual([]);
    });

    it('refuses a user name that exists in any letter case', async () => {
      const first = addBody({ strUserName: unique('CaseName') });
      expect((await add(first)).body.iCode).toBe(0);
      const again = addBody({ strUserName: first.strUserName.toLowerCase() });
      expectRefused(await add(again), 'USER_NAME_EXISTS');
      expectRefused(await add(addBody({ strUserName: 'DEMO_DOCTOR' })), 'USER_NAME_EXISTS');
      expect(await rowsNamed(first.strUserName)).toHaveLength(1);
    });

    it('keeps mobile numbers unique per role, and lets another role share one', async () => {
      const shared = mobile();
      expect((await add(addBody({ strMobile: shared }))).body.iCode).toBe(0);
      const twin = addBody({ strMobile: shared });
      expectRefused(await add(twin), 'MOBILE_EXISTS');
      expect(await rowsNamed(twin.strUserName)).toEqual([]);
      const expert = addBody({
        strMobile: shared,
        ddRoleType: { iNumber: 4 },
        hospital: { iHospitalId: centerId },
      });
      expect((await add(expert)).body.objData).toMatchObject({ strMobile: shared });
    });

    it('applies the configured password pattern', async () => {
      const rule = { pwdRules: '^(?=.*[A-Z])(?=.*\\d).{8,}$' };
      expect((await api.post('configinfo/update', rule, { token: admin })).body.iCode).toBe(0);
      try {
        const weak = addBody({ strUserPassword: 'lowercase1' });
        expectRefused(await add(weak), 'PASSWORD_PATTERN');
        expect(await rowsNamed(weak.strUserName)).toEqual([]);
        expect((await add(addBody({ strUserPassword: 'Upper1234' }))).body.iCode).toBe(0);
      } finally {
        await api.post('configinfo/update', { pwdRules: '' }, { token: admin });
      }
    });
  });

  describe('editing users', () => {
    /** Giving `u` the role `role` as `token` is refused (ROLE_NOT_ALLOWED); `u` stays as it was. */
    async function expectRoleRefused(
      u: { id: number; roleType: number },
      role: number,
      token: string,
    ) {
      const before = await rowOf(u.id);
      const a = await api.post(
        'userManage/updateUser',
        editBody(u, { ddRoleType: { iNumber: role } }),
        { token },
      );
      expectRefused(a, 'ROLE_NOT_ALLOWED');
      expect(await rowOf(u.id)).toEqual(before);
    }

    it('changes profile and role within the rules, and leaves user name and hospital alone', async () => {
      const u = await createUser(t.database.db, { hospitalId: centerId });
      const a = await api.post<UserDto>(
        'userManage/updateUser',
        editBody(u, {
          ddRoleType: { iNumber: 4 },
          strSpecialty: '消化病理',
          strUserName: 'renamed_user',
          hospital: { iHospitalId: applicantId },
        }),
        { token: admin },
      );
      expect(a.body.objData).toMatchObject({
        strUserName: u.userName,
        strRealName: '改过的名字',
        ddRoleType: { iNumber: 4 },
        strSpecialty: '消化病理',
        hospital: { iHospitalId: centerId },
      });
      const back = await api.post<UserDto>(
        'userManage/updateUser',
        editBody({ id: u.id, roleType: 3 }, { strSpecialty: '消化病理' }),
        { token: admin },
      );
      expect(back.body.objData).toMatchObject({ ddRoleType: { iNumber: 3 }, strSpecialty: null });
    });

    it('gives no expert role at a hospital that does not diagnose, and changes nothing', async () => {
      const noDiagnosis = await createHospital(t.database.db, { isDiagnosis: 0 });
      const u = await createUser(t.database.db, { hospitalId: noDiagnosis.id });
      await expectRoleRefused(u, 4, admin);
    });

    it('does not let a hospital administrator promote anyone to platform administrator', async () => {
      const u = await createUser(t.database.db, { hospitalId: applicantId });
      await expectRoleRefused(u, 1, hadmin);
    });

    it('keeps a platform administrator in a hospital out of its hospital administrator’s reach', async () => {
      const platform = await createUser(t.database.db, { hospitalId: applicantId, roleType: 1 });
      const before = await rowOf(platform.id);
      const calls: [string, unknown][] = [
        ['userManage/updateUser', editBody(platform, { strUserPassword: '123456' })],
        ['userManage/updateUserState', { iUserId: platform.id, ddUserState: { iNumber: 2 } }],
        ['userManage/deleteUser', { iUserId: platform.id }],
      ];
      for (const [path, body] of calls) {
        expectRefused(await api.post(path, body, { token: hadmin }), 'ROLE_NOT_ALLOWED');
      }
      expect(await rowOf(platform.id)).toEqual(before);
    });

    it('refuses a mobile number another account of the role holds', async () => {
      const taken = mobile();
      await createUser(t.database.db, { hospitalId: applicantId, mobile: taken });
      const u = await createUser(t.database.db, { hospitalId: applicantId });
      const before = await rowOf(u.id);
      const a = await api.post('userManage/updateUser', editBody(u, { strMobile: taken }), {
        token: hadmin,
      });
      expectRefused(a, 'MOBILE_EXISTS');
      expect(await rowOf(u.id)).toEqual(before);
    });

    it('resets a password to the configured default only, and the old sessions end', async () => {
      const defaultPassword = '654321';
      await api.post('configinfo/update', { defaultPassword }, { token: admin });
      const u = await createUser(t.database.db, { hospitalId: applicantId });
      const token = await api.login(u.userName, TEST_PASSWORD);
      const other = await api.post(
        'userManage/updateUser',
        editBody(u, { strUserPassword: 'Other#1234' }),
        { token: hadmin },
      );
      expectRefused(other, 'RESET_PASSWORD_ONLY');
      expect((await rowOf(u.id))?.passwordHash).toBe(u.passwordHash);
      const reset = await api.post(
        'userManage/updateUser',
        editBody(u, { strUserPassword: defaultPassword }),
        { token: hadmin },
      );
      expect(reset.body.iCode).toBe(0);
      expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(401);
      expect(await api.login(u.userName, defaultPassword)).toBeTruthy();
      const old = await api.post('user/login', {
        strUserName: u.userName,
        strUserPassword: TEST_PASSWORD,
      });
      expect(old.body.strErrorCode).toBe('LOGIN_FAILED');
    });
  });

  describe('the superadmin', () => {
    it('cannot be edited, frozen or deleted by another platform administrator', async () => {
      const platform = await add(addBody({ ddRoleType: { iNumber: 1 }, hospital: null }));
      const other = await api.login(platform.body.objData.strUserName, GOOD_PASSWORD);
      const before = await rowOf(superadminId);
      const calls: [string, unknown][] = [
        ['userManage/updateUser', editBody({ id: superadminId, roleType: 1 })],
        ['userManage/updateUserState', { iUserId: superadminId, ddUserState: { iNumber: 2 } }],
        ['userManage/deleteUser', { iUserId: superadminId }],
      ];
      for (const [path, body] of calls) {
        expectRefused(await api.post(path, body, { token: other }), 'SUPERADMIN_PROTECTED');
        // A hospital administrator does not even see it.
        expect((await api.post(path, body, { token: hadmin })).status).toBe(404);
      }
      expect(await rowOf(superadminId)).toEqual(before);
    });

    it('edits itself but keeps its role, its state and its existence', async () => {
      const me = editBody({ id: superadminId, roleType: 1 }, { strRealName: '平台超管' });
      const a = await api.post<UserDto>('userManage/updateUser', me, { token: admin });
      expect(a.body.objData).toMatchObject({ strRealName: '平台超管', bIsSuperAdmin: true });
      const role = await api.post(
        'userManage/updateUser',
        { ...me, ddRoleType: { iNumber: 2 } },
        { token: admin },
      );
      expectRefused(role, 'CANNOT_OPERATE_SELF');
      const freeze = { iUserId: superadminId, ddUserState: { iNumber: 2 } };
      expectRefused(
        await api.post('userManage/updateUserState', freeze, { token: admin }),
        'CANNOT_OPERATE_SELF',
      );
      expectRefused(
        await api.post('userManage/deleteUser', { iUserId: superadminId }, { token: admin }),
        'CANNOT_OPERATE_SELF',
      );
      expect(await rowOf(superadminId)).toMatchObject({ roleType: 1, state: 1 });
    });
  });

  describe('deleting users', () => {
    it('deletes an unused account, and its sessions with it', async () => {
      const u = await createUser(t.database.db, { hospitalId: applicantId });
      const token = await api.login(u.userName, TEST_PASSWORD);
      const a = await api.post('userManage/deleteUser', { iUserId: u.id }, { token: hadmin });
      expect(a.body).toMatchObject({ iCode: 0, objData: {} });
      expect(await rowOf(u.id)).toBeUndefined();
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual(
        [],
      );
      expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(401);
    });

    it('keeps an account that other records refer to', async () => {
      const creator = await add(addBody({ ddRoleType: { iNumber: 2 } }));
      const creatorToken = await api.login(creator.body.objData.strUserName, GOOD_PASSWORD);
      expect((await add(addBody(), creatorToken)).body.iCode).toBe(0);
      const id = creator.body.objData.iUserId;
      const before = await rowOf(id);
      const a = await api.post('userManage/deleteUser', { iUserId: id }, { token: admin });
      expectRefused(a, 'USER_IN_USE');
      expect(await rowOf(id)).toEqual(before);
      expect(await api.login(creator.body.objData.strUserName, GOOD_PASSWORD)).toBeTruthy();
    });

    it('does not let an administrator delete itself', async () => {
      const me = await idOf('demo_hadmin');
      const a = await api.post('userManage/deleteUser', { iUserId: me.id }, { token: hadmin });
      expectRefused(a, 'CANNOT_OPERATE_SELF');
      expect(await rowOf(me.id)).toEqual(me);
    });
  });

  describe('freezing and enabling', () => {
    it('ends a frozen user’s sessions at once, refuses its login, and lets it back in when enabled', async () => {
      const u = await createUser(t.database.db, { hospitalId: applicantId });
      const token = await api.login(u.userName, TEST_PASSWORD);
      const freeze = await api.post<UserDto>(
        'userManage/updateUserState',
        { iUserId: u.id, ddUserState: { iNumber: 2 } },
        { token: hadmin },
      );
      expect(freeze.body.objData).toMatchObject({ iUserId: u.id, ddUserState: { iNumber: 2 } });
      // Revoked by the freeze itself, not on the frozen user's next request.
      const open = await t.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
      expect(open).toEqual([]);
      expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(401);
      const refused = await api.post('user/login', {
        strUserName: u.userName,
        strUserPassword: TEST_PASSWORD,
      });
      expect(refused.body.strErrorCode).toBe('ACCOUNT_FROZEN');
      const enable = await api.post<UserDto>(
        'userManage/updateUserState',
        { iUserId: u.id, ddUserState: { iNumber: 1 } },
        { token: hadmin },
      );
      expect(enable.body.objData.ddUserState).toEqual({ iNumber: 1 });
      expect(await api.login(u.userName, TEST_PASSWORD)).toBeTruthy();
    });

    it('does not let an administrator freeze itself', async () => {
      const me = await idOf('demo_hadmin');
      const a = await api.post(
        'userManage/updateUserState',
        { iUserId: me.id, ddUserState: { iNumber: 2 } },
        { token: hadmin },
      );
      expectRefused(a, 'CANNOT_OPERATE_SELF');
      expect((await rowOf(me.id))?.state).toBe(1);
    });
  });

  describe('searching users', () => {
    const search = (q: Record<string, string | number>, token = admin) =>
      api.get<Page<UserDto>>('userManage/selectUser', q, { token });
    const names = (a: Answer<Page<UserDto>>) => a.body.objData.listPage.map((u) => u.strUserName);

    it('shows a hospital administrator its own hospital only, and the superadmin to nobody else', async () => {
      const stranger = await createUser(t.database.db, { hospitalId: centerId });
      const mine = await search({ iPageSize: 100 }, hadmin);
      expect(mine.body.objData.listPage.length).toBeGreaterThan(0);
      for (const u of mine.body.objData.listPage) {
        expect(u.hospital?.iHospitalId).toBe(applicantId);
      }
      expect(names(mine)).not.toContain('admin');
      const foreign = await search({ iHospitalId: centerId }, hadmin);
      expect(foreign.body.objData).toEqual({ listPage: [], iTotalCount: 0 });
      const all = await search({ strUserName: 'admin' });
      expect(names(all)).toContain('admin');
      expect(names(await search({ iHospitalId: centerId }))).toContain(stranger.userName);
    });

    it('filters by names, mobile prefix, hospital, role and state, newest first, in pages', async () => {
      const n = ++seq;
      const marker = `Srch${n}x`;
      const made: UserDto[] = [];
      for (const [i, role] of [3, 3, 4].entries()) {
        const a = await add(
          addBody({
            strUserName: `${marker}_${i}`,
            strRealName: `检索${n}号${i}`,
            strMobile: `1771${n % 10}${String(i).padStart(6, '0')}`,
            ddRoleType: { iNumber: role },
            hospital: { iHospitalId: centerId },
          }),
        );
        made.push(a.body.objData);
      }
      const byName = await search({ strUserName: marker.toLowerCase() });
      expect(names(byName)).toEqual([`${marker}_2`, `${marker}_1`, `${marker}_0`]);
      expect(byName.body.objData.iTotalCount).toBe(3);
      expect(names(await search({ strRealName: `索${n}号` }))).toHaveLength(3);
      expect(names(await search({ strMobile: `1771${n % 10}0000` }))).toHaveLength(3);
      expect(names(await search({ strMobile: `71${n % 10}0000` }))).toEqual([]);
      expect(names(await search({ strUserName: marker, iRoleType: 4 }))).toEqual([`${marker}_2`]);
      await api.post(
        'userManage/updateUserState',
        { iUserId: made[0]?.iUserId, ddUserState: { iNumber: 2 } },
        { token: admin },
      );
      expect(names(await search({ strUserName: marker, iUserState: 2 }))).toEqual([`${marker}_0`]);
      expect(names(await search({ strUserName: marker, iHospitalId: applicantId }))).toEqual([]);
      const page2 = await search({ strUserName: marker, iPageSize: 2, iCurPage: 2 });
      expect(page2.body.objData).toMatchObject({ iTotalCount: 3 });
      expect(names(page2)).toEqual([`${marker}_0`]);
    });

    it('takes search text literally, wildcards included', async () => {
      expect((await search({ strUserName: '%' })).body.objData.iTotalCount).toBe(0);
    });

    it('lists administrators only when asked', async () => {
      const a = await search({ bAdminsOnly: 'true', iPageSize: 100 });
      const roles = new Set(a.body.objData.listPage.map((u) => u.ddRoleType.iNumber));
      expect([...roles].sort()).toEqual([1, 2]);
    });
  });

  describe('across tenants', () => {
    const LOGINS = {
      1: ['admin', ADMIN_PASSWORD],
      2: ['demo_hadmin', 'Hadmin@2026'],
      3: ['demo_doctor', 'Doctor@2026'],
      4: ['demo_expert', 'Expert@2026'],
    } as const;
    const ROLES = [1, 2, 3, 4] as const;
    type Where = 'own' | 'other' | 'missing';
    const WHERE: Where[] = ['own', 'other', 'missing'];
    const tokens: Record<number, string> = {};
    /** Where the caller works; the platform administrator's "own" is the applicant hospital. */
    const home = (role: number) => (role === 4 ? centerId : applicantId);
    const away = (role: number) => (role === 4 ? applicantId : centerId);

    /** The answer each role gets: admin-only routes 403 for 3 and 4; role 2 sees its hospital. */
    function expected(role: number, where: Where, adminOnly: boolean): number {
      if (role >= 3) {
        return adminOnly ? 403 : 404;
      }
      if (where === 'missing' || (where === 'other' && role === 2)) {
        return 404;
      }
      return 200;
    }

    beforeAll(async () => {
      for (const role of ROLES) {
        const [name, password] = LOGINS[role];
        tokens[role] = await api.login(name, password);
      }
    });

    const routes: {
      path: string;
      adminOnly: boolean;
      body: (target: { id: number; roleType: number }) => unknown;
    }[] = [
      { path: 'userManage/updateUser', adminOnly: false, body: (u) => editBody(u) },
      {
        path: 'userManage/updateUserState',
        adminOnly: true,
        body: (u) => ({ iUserId: u.id, ddUserState: { iNumber: 2 } }),
      },
      { path: 'userManage/deleteUser', adminOnly: true, body: (u) => ({ iUserId: u.id }) },
    ];

    for (const route of routes) {
      it(`answers ${route.path} by role and by where the target user is`, async () => {
        for (const role of ROLES) {
          const missing = await api.post(route.path, route.body({ id: 999_999, roleType: 3 }), {
            token: tokens[role],
          });
          for (const where of WHERE) {
            const hospitalId = where === 'own' ? home(role) : away(role);
            const target =
              where === 'missing'
                ? { id: 999_999, roleType: 3 }
                : await createUser(t.database.db, { hospitalId });
            const before = await rowOf(target.id);
            const a = await api.post(route.path, route.body(target), { token: tokens[role] });
            const label = `role ${role}, ${where} target`;
            expect(a.status, label).toBe(expected(role, where, route.adminOnly));
            if (a.status === 200) {
              expect(a.body.iCode, label).toBe(0);
              expect(await rowOf(target.id), label).not.toEqual(before);
            } else {
              expect(await rowOf(target.id), label).toEqual(before);
            }
            if (a.status === 404) {
              expect(a.body, label).toEqual(missing.body);
            }
          }
        }
      });
    }

    it('answers userManage/addUser by role and by where the new user would work', async () => {
      for (const role of ROLES) {
        for (const where of WHERE) {
          const hospitalId =
            where === 'missing' ? 999_999 : where === 'own' ? home(role) : away(role);
          const body = addBody({ hospital: { iHospitalId: hospitalId } });
          const a = await add(body, tokens[role]);
          const label = `role ${role}, ${where} hospital`;
          expect(a.status, label).toBe(expected(role, where, true));
          expect(await rowsNamed(body.strUserName), label).toHaveLength(a.status === 200 ? 1 : 0);
        }
      }
    });

    it('answers userManage/selectUser to administrators only, inside their hospitals', async () => {
      for (const role of ROLES) {
        for (const where of ['own', 'other'] as const) {
          const hospitalId = where === 'own' ? home(role) : away(role);
          const a = await api.get<{ iTotalCount: number }>(
            'userManage/selectUser',
            { iHospitalId: hospitalId },
            { token: tokens[role] },
          );
          const label = `role ${role}, ${where} hospital`;
          expect(a.status, label).toBe(role >= 3 ? 403 : 200);
          if (a.status === 200) {
            const visible = role === 1 || where === 'own';
            expect(a.body.objData.iTotalCount > 0, label).toBe(visible);
          }
        }
      }
    });
  });
});
