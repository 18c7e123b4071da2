import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleType, UserState } from '@pathconsult/shared';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';

describe.each(await testDatabases())('authentication on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  it('logs the admin in and answers the token with the spec’s user shape', async () => {
    const a = await api.post<{ token: string; user: Record<string, unknown> }>('user/login', {
      strUserName: 'admin',
      strUserPassword: ADMIN_PASSWORD,
    });
    expect(a.status).toBe(200);
    expect(a.body.iCode).toBe(0);
    expect(a.body.objData.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(a.body.objData.user).toMatchObject({
      strUserName: 'admin',
      ddRoleType: { iNumber: 1 },
      ddUserState: { iNumber: 1 },
      bIsSuperAdmin: true,
      hospital: null,
    });
    expect(JSON.stringify(a.body)).not.toMatch(/password|hash/i);
  });

  it('accepts the mobile number in place of the user name', async () => {
    const h = await createHospital(t.database.db);
    await createUser(t.database.db, { hospitalId: h.id, mobile: '13712345678' });
    const token = await api.login('13712345678', TEST_PASSWORD);
    expect(token).toBeTruthy();
  });

  it('refuses an unknown user and a wrong password with the very same answer', async () => {
    const unknown = await api.post('user/login', {
      strUserName: 'nobody_here',
      strUserPassword: 'x1234567',
    });
    const wrong = await api.post('user/login', {
      strUserName: 'demo_doctor',
      strUserPassword: 'x1234567',
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toMatchObject({ iCode: 1000, strErrorCode: 'LOGIN_FAILED' });
  });

  it('localizes messages by the lang header', async () => {
    const zh = await api.post(
      'user/login',
      { strUserName: 'nobody', strUserPassword: 'x' },
      { lang: 'zh' },
    );
    const en = await api.post(
      'user/login',
      { strUserName: 'nobody', strUserPassword: 'x' },
      { lang: 'en' },
    );
    expect(zh.body.strMessage).toBe('用户名或密码错误');
    expect(en.body.strMessage).toBe('Incorrect username or password');
  });

  it('answers 400 with localized field errors for a malformed request', async () => {
    const a = await api.post(
      'user/login',
      { strUserName: '', strUserPassword: '' },
      { lang: 'en' },
    );
    expect(a.status).toBe(400);
    expect(a.body.strErrorCode).toBe('VALIDATION_FAILED');
    expect(a.body.objData).toEqual([
      { strField: 'strUserName', strMessage: 'Please enter a user name or mobile number' },
      { strField: 'strUserPassword', strMessage: 'Please enter the password' },
    ]);
  });

  it('refuses a frozen account with its own message, only once the password is right', async () => {
    const h = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: h.id, state: UserState.Frozen });
    const wrong = await api.post('user/login', {
      strUserName: u.userName,
      strUserPassword: 'nope-nope',
    });
    expect(wrong.body.strErrorCode).toBe('LOGIN_FAILED');
    const right = await api.post('user/login', {
      strUserName: u.userName,
      strUserPassword: TEST_PASSWORD,
    });
    expect(right.body).toMatchObject({ iCode: 1000, strErrorCode: 'ACCOUNT_FROZEN' });
  });

  it('refuses users of a hospital past its validity date', async () => {
    const h = await createHospital(t.database.db, { validUntil: '2026-01-04' }); // clock: 2026-01-05
    const u = await createUser(t.database.db, { hospitalId: h.id });
    const a = await api.post('user/login', {
      strUserName: u.userName,
      strUserPassword: TEST_PASSWORD,
    });
    expect(a.body.strErrorCode).toBe('HOSPITAL_EXPIRED');
    const stillValid = await createHospital(t.database.db, { validUntil: '2026-01-05' });
    const v = await createUser(t.database.db, { hospitalId: stillValid.id });
    expect(await api.login(v.userName, TEST_PASSWORD)).toBeTruthy();
  });

  it('refuses doctors of a non-consultation hospital but not its experts', async () => {
    const h = await createHospital(t.database.db, { isConsultation: false });
    const doctor = await createUser(t.database.db, { hospitalId: h.id, roleType: RoleType.Doctor });
    const expert = await createUser(t.database.db, { hospitalId: h.id, roleType: RoleType.Expert });
    const a = await api.post('user/login', {
      strUserName: doctor.userName,
      strUserPassword: TEST_PASSWORD,
    });
    expect(a.body.strErrorCode).toBe('NOT_CONSULTATION_HOSPITAL');
    expect(await api.login(expert.userName, TEST_PASSWORD)).toBeTruthy();
  });

  it('refuses a login from an address outside the hospital’s allowed list', async () => {
    const closed = await createHospital(t.database.db, { allowedLoginIps: '10.0.0.0/8' });
    const open = await createHospital(t.database.db, { allowedLoginIps: '127.0.0.1, 10.1.2.3' });
    const u = await createUser(t.database.db, { hospitalId: closed.id });
    const v = await createUser(t.database.db, { hospitalId: open.id });
    const a = await api.post('user/login', {
      strUserName: u.userName,
      strUserPassword: TEST_PASSWORD,
    });
    expect(a.body.strErrorCode).toBe('IP_NOT_AUTHORIZED');
    expect(await api.login(v.userName, TEST_PASSWORD)).toBeTruthy();
  });

  it('locks an account after 10 failures in 15 minutes, even against the right password', async () => {
    const h = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: h.id });
    for (let i = 0; i < 10; i++) {
      const a = await api.post('user/login', {
        strUserName: u.userName,
        strUserPassword: `wrong-${i}`,
      });
      expect(a.body.strErrorCode).toBe('LOGIN_FAILED');
    }
    const locked = await api.post(
      'user/login',
      { strUserName: u.userName, strUserPassword: TEST_PASSWORD },
      { lang: 'en' },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.strErrorCode).toBe('LOGIN_LOCKED');
    expect(locked.body.strMessage).toContain('15 minutes');
    t.clock.advanceMinutes(16);
    expect(await api.login(u.userName, TEST_PASSWORD)).toBeTruthy();
  });

  it('revokes the token at once on logout', async () => {
    const token = await api.login('demo_doctor', 'Doctor@2026');
    expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(200);
    expect((await api.post('user/logout', {}, { token })).body.iCode).toBe(0);
    const after = await api.get('userManage/getUserInfo', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.strErrorCode).toBe('SESSION_EXPIRED');
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const token = await api.login('demo_expert', 'Expert@2026');
    const a = await api.get(
      'userManage/getUserInfo',
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(a.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const a = await api.get('userManage/getUserInfo');
    expect(a.status).toBe(401);
    expect(a.body.strErrorCode).toBe('NOT_LOGGED_IN');
  });

  it('expires a session after 30 idle minutes and renews it on use', async () => {
    const token = await api.login('demo_doctor', 'Doctor@2026');
    t.clock.advanceMinutes(25);
    expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(200);
    t.clock.advanceMinutes(25); // 50 minutes after login, 25 after last use
    expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(200);
    t.clock.advanceMinutes(31);
    expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(401);
  });

  it('renews a session only as far as the last use its tab reports', async () => {
    const token = await api.login('demo_doctor', 'Doctor@2026');
    const poll = (idle: string) =>
      api.get('userManage/getUserInfo', {}, { token, headers: { 'x-idle-seconds': idle } });
    // A tab left open polls every minute, saying how long nobody has used it: the session still
    // ends 30 minutes after the last use, not 30 minutes after the last poll.
    for (let minute = 1; minute <= 29; minute += 1) {
      t.clock.advanceMinutes(1);
      expect((await poll(String(minute * 60))).status).toBe(200);
    }
    t.clock.advanceMinutes(1);
    expect((await poll('1800')).status).toBe(401);

    // Use reported by a poll (a slide panned 10 seconds ago) renews it from then; an unreadable
    // figure counts as use now, like a call without it (an upload's chunks).
    const used = await api.login('demo_doctor', 'Doctor@2026');
    const pollUsed = (idle: string) =>
      api.get('userManage/getUserInfo', {}, { token: used, headers: { 'x-idle-seconds': idle } });
    t.clock.advanceMinutes(20);
    expect((await pollUsed('10')).status).toBe(200);
    t.clock.advanceMinutes(25);
    expect((await pollUsed('1500')).status).toBe(200);
    t.clock.advanceMinutes(4);
    expect((await pollUsed('-5')).status).toBe(200);
    t.clock.advanceMinutes(29);
    expect((await pollUsed('1740')).status).toBe(200);
    t.clock.advanceMinutes(1);
    expect((await pollUsed('1800')).status).toBe(401);
  });

  it('ends a session 12 hours after login however busy it is', async () => {
    const token = await api.login('demo_doctor', 'Doctor@2026');
    for (let elapsed = 0; elapsed < 11 * 60 + 40; elapsed += 20) {
      t.clock.advanceMinutes(20);
      expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(200);
    }
    t.clock.advanceMinutes(20);
    expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(401);
  });

  it('ends the sessions of an account that gets frozen', async () => {
    const h = await createHospital(t.database.db);
    const u = await createUser(t.database.db, { hospitalId: h.id });
    const token = await api.login(u.userName, TEST_PASSWORD);
    const { users } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ state: UserState.Frozen }).where(eq(users.id, u.id));
    expect((await api.get('userManage/getUserInfo', {}, { token })).status).toBe(401);
  });
});
