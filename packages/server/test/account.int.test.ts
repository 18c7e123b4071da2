import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { UserDto } from '@pathconsult/shared';
import { auditLogs, sessions, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { expectRefused } from './helpers/assertions';
import { uniqueMobile as mobile } from './helpers/test-values';

const NEW_PASSWORD = 'N3w-Secret!';

describe.each(await testDatabases())('own account on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;

  const rowOf = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  /** A fresh account with its own session, so that no test changes another's user. */
  async function someone(over: Parameters<typeof createUser>[1] = {}) {
    const hospital = await createHospital(t.database.db, { isDiagnosis: 2 });
    const user = await createUser(t.database.db, { hospitalId: hospital.id, ...over });
    const token = await api.login(user.userName, TEST_PASSWORD);
    return { user, token, hospital };
  }
  const ownForm = (id: number, roleType: number, over: Record<string, unknown> = {}) => ({
    iUserId: id,
    strRealName: '新名字',
    strMobile: mobile(),
    ddRoleType: { iNumber: roleType },
    ...over,
  });
  const changePassword = (token: string, body: Record<string, unknown>) =>
    api.post('userManage/updateUserPassword', body, { token });

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  describe('the own-account form', () => {
    it('saves a doctor’s own details and answers the updated user', async () => {
      const { user, token } = await someone();
      const form = ownForm(user.id, 3, {
        strEmail: 'me@example.com',
        strIdentityNumber: '11010519491231002x',
        ddSex: { iNumber: 1 },
        dtBirthdayDate: '1949/12/31',
        strProvince: '浙江省',
        strCity: '杭州市',
        strAddress: '西湖区 1 号',
        strSpecialty: 'not an expert',
      });
      const a = await api.post<UserDto>('userManage/updateUser', form, { token });
      expect(a.body.objData).toMatchObject({
        iUserId: user.id,
        strUserName: user.userName,
        strRealName: '新名字',
        strMobile: form.strMobile,
        strEmail: 'me@example.com',
        strIdentityNumber: '11010519491231002X',
        ddSex: { iNumber: 1 },
        dtBirthdayDate: '1949/12/31',
        strProvince: '浙江省',
        strCity: '杭州市',
        strAddress: '西湖区 1 号',
        strSpecialty: null,
      });
      const info = await api.get<UserDto>('userManage/getUserInfo', {}, { token });
      expect(info.body.objData).toEqual(a.body.objData);
    });

    it('keeps an expert’s specialty and introduction', async () => {
      const { user, token } = await someone({ roleType: 4 });
      const a = await api.post<UserDto>(
        'userManage/updateUser',
        ownForm(user.id, 4, { strSpecialty: '神经病理', strIntro: '擅长脑肿瘤' }),
        { token },
      );
      expect(a.body.objData).toMatchObject({ strSpecialty: '神经病理', strIntro: '擅长脑肿瘤' });
    });

    it('does not let anyone change their own role', async () => {
      for (const [roleType, other] of [
        [3, 4],
        [4, 3],
        [2, 1],
      ] as const) {
        const { user, token } = await someone({ roleType });
        const before = await rowOf(user.id);
        const a = await api.post('userManage/updateUser', ownForm(user.id, other), { token });
        expectRefused(a, 'CANNOT_OPERATE_SELF');
        expect(await rowOf(user.id)).toEqual(before);
      }
    });

    it('does not reset one’s own password to the default, but takes an empty field as no reset', async () => {
      const { user, token } = await someone({ roleType: 2 });
      const reset = await api.post(
        'userManage/updateUser',
        ownForm(user.id, 2, { strUserPassword: '123456' }),
        { token },
      );
      expectRefused(reset, 'CANNOT_OPERATE_SELF');
      expect((await rowOf(user.id))?.passwordHash).toBe(user.passwordHash);
      const empty = await api.post(
        'userManage/updateUser',
        ownForm(user.id, 2, { strUserPassword: '' }),
        { token },
      );
      expect(empty.body.iCode).toBe(0);
      expect(await api.login(user.userName, TEST_PASSWORD)).toBeTruthy();
    });

    it('keeps doctors and experts off other people’s accounts, like missing ones', async () => {
      for (const roleType of [3, 4]) {
        const { user, token, hospital } = await someone({ roleType });
        const colleague = await createUser(t.database.db, { hospitalId: hospital.id });
        const before = await rowOf(colleague.id);
        const a = await api.post('userManage/updateUser', ownForm(colleague.id, 3), { token });
        const missing = await api.post('userManage/updateUser', ownForm(999_999, 3), { token });
        expect(a.status).toBe(404);
        expect(a.body).toEqual(missing.body);
        expect(await rowOf(colleague.id)).toEqual(before);
        expect(user.id).not.toBe(colleague.id);
      }
    });
  });

  describe('password change', () => {
    it('refuses a wrong old password and changes nothing', async () => {
      const { user, token } = await someone();
      const a = await changePassword(token, {
        iUserId: user.id,
        strOldUserPassword: 'not-my-password',
        strNewUserPassword: NEW_PASSWORD,
      });
      expectRefused(a, 'OLD_PASSWORD_WRONG');
      expect((await rowOf(user.id))?.passwordHash).toBe(user.passwordHash);
      expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(200);
    });

    it('refuses a new password equal to the old one', async () => {
      const { user, token } = await someone();
      const a = await changePassword(token, {
        iUserId: user.id,
        strOldUserPassword: TEST_PASSWORD,
        strNewUserPassword: TEST_PASSWORD,
      });
      expectRefused(a, 'PASSWORD_SAME_AS_OLD');
      expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(200);
    });

    it('applies the configured password pattern', async () => {
      const admin = await api.login('admin', ADMIN_PASSWORD);
      await api.post('configinfo/update', { pwdRules: '^\\S*[^A-Za-z0-9]\\S*$' }, { token: admin });
      try {
        const { user, token } = await someone();
        const a = await changePassword(token, {
          iUserId: user.id,
          strOldUserPassword: TEST_PASSWORD,
          strNewUserPassword: 'OnlyLetters1',
        });
        expectRefused(a, 'PASSWORD_PATTERN');
        expect((await rowOf(user.id))?.passwordHash).toBe(user.passwordHash);
      } finally {
        await api.post('configinfo/update', { pwdRules: '' }, { token: admin });
      }
    });

    it('ends every session of the account, and only the new password opens it', async () => {
      const { user, token } = await someone();
      const second = await api.login(user.userName, TEST_PASSWORD);
      const a = await changePassword(token, {
        iUserId: user.id,
        strOldUserPassword: TEST_PASSWORD,
        strNewUserPassword: NEW_PASSWORD,
      });
      expect(a.body).toMatchObject({ iCode: 0, objData: {} });
      const open = await t.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      expect(open).toEqual([]);
      for (const old of [token, second]) {
        expect((await api.get('userManage/getUserInfo', {}, { token: old })).status).toBe(401);
      }
      const withOld = await api.post('user/login', {
        strUserName: user.userName,
        strUserPassword: TEST_PASSWORD,
      });
      expect(withOld.body.strErrorCode).toBe('LOGIN_FAILED');
      expect(await api.login(user.userName, NEW_PASSWORD)).toBeTruthy();
      const records = await t.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'userManage/updateUserPassword'));
      const mine = records.filter((r) => r.targetId === String(user.id));
      expect(mine.map((r) => r.outcome)).toEqual(['success']);
      expect(JSON.stringify(records)).not.toContain(NEW_PASSWORD);
    });

    it('answers another account’s id like a missing one, for every role', async () => {
      const elsewhere = await createUser(t.database.db, {
        hospitalId: (await createHospital(t.database.db)).id,
      });
      for (const roleType of [1, 2, 3, 4]) {
        const { token, hospital } = await someone({ roleType });
        const colleague = await createUser(t.database.db, { hospitalId: hospital.id });
        const attempt = (iUserId: number) =>
          changePassword(token, {
            iUserId,
            strOldUserPassword: TEST_PASSWORD,
            strNewUserPassword: NEW_PASSWORD,
          });
        const missing = await attempt(999_999);
        expect(missing.status).toBe(404);
        for (const target of [colleague, elsewhere]) {
          const a = await attempt(target.id);
          expect(a.status, `role ${roleType}`).toBe(404);
          expect(a.body).toEqual(missing.body);
          expect(await rowOf(target.id)).toEqual(target);
        }
      }
    });

    it('counts wrong old passwords with the login throttle', async () => {
      const { user, token } = await someone();
      const wrong = () =>
        changePassword(token, {
          iUserId: user.id,
          strOldUserPassword: 'guessing-again',
          strNewUserPassword: NEW_PASSWORD,
        });
      for (let i = 0; i < 10; i++) {
        expectRefused(await wrong(), 'OLD_PASSWORD_WRONG');
      }
      const locked = await wrong();
      expect(locked.status).toBe(429);
      expect(locked.body.strErrorCode).toBe('LOGIN_LOCKED');
      const right = await changePassword(token, {
        iUserId: user.id,
        strOldUserPassword: TEST_PASSWORD,
        strNewUserPassword: NEW_PASSWORD,
      });
      expect(right.status).toBe(429);
      expect((await rowOf(user.id))?.passwordHash).toBe(user.passwordHash);
    });
  });
});
