import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { OutboxPage, SendCodeResponse } from '@pathconsult/shared';
import { auditLogs, outboxMessages, users, verificationCodes } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type CallOptions } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { expectRefused } from './helpers/assertions';

const NEW_PASSWORD = 'Fresh-Pass-2026';
/** The six digits of a code in a text (never part of a longer number). */
const CODE_IN_TEXT = /(?<!\d)\d{6}(?!\d)/;

describe.each(await testDatabases())('forgot password by SMS code on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let mobileSeq = 0;
  let ipSeq = 0;
  /** Fresh numbers and addresses per test: no test meets another's limits. */
  const newMobile = () => `166${String(++mobileSeq).padStart(8, '0')}`;
  const newIp = () => `10.77.${Math.floor(++ipSeq / 200)}.${(ipSeq % 200) + 1}`;
  const from = (ip: string, o: CallOptions = {}): CallOptions => ({
    ...o,
    headers: { 'x-forwarded-for': ip },
  });

  const adminToken = () => api.login('admin', ADMIN_PASSWORD, from('10.250.0.1'));
  async function setConfig(body: Record<string, unknown>) {
    const a = await api.post('configinfo/update', body, { token: await adminToken() });
    expect(a.body.iCode).toBe(0);
  }
  const sendCode = (strMobile: string, ip = newIp(), o: CallOptions = {}) =>
    api.post<SendCodeResponse>('user/sendCode', { strMobile }, from(ip, o));
  const reset = (body: Record<string, unknown>, ip = newIp()) =>
    api.post('user/forgetPwdUpdatePwd', body, from(ip));
  const resetWith = (strMobile: string, strCode: string, password = NEW_PASSWORD) =>
    reset({ strMobile, strCode, strNewPassword: password, strConfirmPassword: password });

  /** What a platform administrator sees in the outbox for a number, newest first. */
  async function outboxOf(mobile: string) {
    const a = await api.get<OutboxPage>(
      'notifier/selectOutbox',
      { strRecipient: mobile, iPageSize: 50 },
      { token: await adminToken() },
    );
    expect(a.status).toBe(200);
    return a.body.objData.listPage;
  }
  /** The code of the newest text to a number, read from the outbox as an administrator would. */
  async function codeSentTo(mobile: string): Promise<string> {
    const [newest] = await outboxOf(mobile);
    const code = newest?.strBody.match(CODE_IN_TEXT)?.[0];
    if (!code) {
      throw new Error(`no code in the outbox for ${mobile}`);
    }
    return code;
  }
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codeRows = (mobile: string) =>
    t.database.db.select().from(verificationCodes).where(eq(verificationCodes.mobile, mobile));

  /** A fresh doctor with a number of its own. */
  async function someone(over: Parameters<typeof createUser>[1] = {}) {
    const hospital = await createHospital(t.database.db);
    const mobile = newMobile();
    const user = await createUser(t.database.db, { hospitalId: hospital.id, mobile, ...over });
    return { user, mobile, hospital };
  }
  const loginAnswer = (strUserName: string, strUserPassword: string) =>
    api.post('user/login', { strUserName, strUserPassword }, from(newIp()));

  beforeAll(async () => {
    // One trusted proxy hop: each test speaks from addresses of its own via X-Forwarded-For.
    t = await startTestApp(testDb, { trustProxy: 1 });
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  describe('with the forget-password switch off', () => {
    it('answers 404 to both calls, whatever they carry, and stores nothing', async () => {
      await setConfig({ forget: false });
      const { mobile } = await someone();
      for (const a of [
        await sendCode(mobile),
        await api.post('user/sendCode', {}, from(newIp())),
        await api.post(`user/sendCode?strMobile=${mobile}`, undefined, from(newIp())),
        await resetWith(mobile, '123456'),
        await reset({}),
      ]) {
        expect(a.status).toBe(404);
        expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: 'NOT_FOUND' });
      }
      expect(await codeRows(mobile)).toEqual([]);
      expect(await outboxOf(mobile)).toEqual([]);
    });
  });

  describe('with the switch on', () => {
    beforeAll(() => setConfig({ forget: true }));

    it('refuses a missing or malformed number with a field error', async () => {
      const missing = await api.post('user/sendCode', {}, from(newIp(), { lang: 'en' }));
      expect(missing.status).toBe(400);
      expect(missing.body.objData).toEqual([
        { strField: 'strMobile', strMessage: 'This field cannot be empty' },
      ]);
      for (const bad of ['12345', '23800000000', '1380000000a', '138000000001']) {
        const a = await sendCode(bad, newIp(), { lang: 'en' });
        expect(a.status).toBe(400);
        expect(a.body.objData).toEqual([
          {
            strField: 'strMobile',
            strMessage: 'Invalid mobile number (11 digits starting with 1)',
          },
        ]);
      }
    });

    it('checks every field of the new-password form, in the caller’s language', async () => {
      const mobile = newMobile();
      const fieldsOf = async (body: Record<string, unknown>) => {
        const a = await reset(body);
        expect(a.status).toBe(400);
        return a.body.objData as { strField: string; strMessage: string }[];
      };
      const good = {
        strMobile: mobile,
        strCode: '123456',
        strNewPassword: NEW_PASSWORD,
        strConfirmPassword: NEW_PASSWORD,
      };
      expect(await fieldsOf({ ...good, strMobile: '1234' })).toEqual([
        { strField: 'strMobile', strMessage: '手机号格式不正确（11 位，以 1 开头）' },
      ]);
      expect(await fieldsOf({ ...good, strCode: '' })).toEqual([
        { strField: 'strCode', strMessage: '请输入验证码' },
      ]);
      expect(await fieldsOf({ ...good, strCode: '12ab56' })).toEqual([
        { strField: 'strCode', strMessage: '格式不正确' },
      ]);
      expect(
        await fieldsOf({ ...good, strNewPassword: 'abc12', strConfirmPassword: 'abc12' }),
      ).toEqual([{ strField: 'strNewPassword', strMessage: '密码至少 6 位' }]);
      expect(await fieldsOf({ ...good, strConfirmPassword: 'Other-Pass-2026' })).toEqual([
        { strField: 'strConfirmPassword', strMessage: '两次输入的密码不一致' },
      ]);
    });

    it('stores a hashed 6-digit code valid 5 minutes and texts it to the outbox', async () => {
      const { mobile } = await someone();
      const ip = newIp();
      const a = await sendCode(mobile, ip);
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({
        iCode: 0,
        objData: { iResendSeconds: 60, iExpiresMinutes: 5 },
      });
      const [message, ...older] = await outboxOf(mobile);
      expect(older).toEqual([]);
      expect(message).toMatchObject({
        strChannel: 'sms',
        strRecipient: mobile,
        strStatus: 'stored',
        strError: null,
      });
      expect(message?.strBody).toMatch(
        /^【PathConsult】您正在找回 PathConsult 账号密码，验证码 \d{6}/,
      );
      const code = await codeSentTo(mobile);
      const [row] = await codeRows(mobile);
      expect(row).toMatchObject({
        purpose: 'forget-password',
        ip,
        usedAt: null,
        failedAttempts: 0,
      });
      expect(row?.codeHash).not.toContain(code);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60_000);
    });

    it('takes the number from the query string too, as the spec sends it', async () => {
      const { mobile } = await someone();
      const a = await api.post(`user/sendCode?strMobile=${mobile}`, undefined, from(newIp()));
      expect(a.body.iCode).toBe(0);
      expect(await outboxOf(mobile)).toHaveLength(1);
    });

    it('writes the text in English for an English page, under the hospital’s SMS signature', async () => {
      const hospital = await createHospital(t.database.db, { smsSignature: '华东病理中心' });
      const mobile = newMobile();
      await createUser(t.database.db, { hospitalId: hospital.id, mobile });
      await sendCode(mobile, newIp(), { lang: 'en' });
      const [message] = await outboxOf(mobile);
      expect(message?.strBody).toMatch(
        /^【华东病理中心】Your PathConsult password reset code is \d{6}, valid for 5 minutes\./,
      );
    });

    it('sets the new password with the right code, ends the old sessions, consumes the code', async () => {
      const { user, mobile } = await someone();
      const oldToken = await api.login(user.userName, TEST_PASSWORD, from(newIp()));
      await sendCode(mobile);
      const code = await codeSentTo(mobile);
      const done = await resetWith(mobile, code);
      expect(done.body).toMatchObject({ iCode: 0, objData: {} });

      expectRefused(await loginAnswer(user.userName, TEST_PASSWORD), 'LOGIN_FAILED');
      expect(await api.login(user.userName, NEW_PASSWORD, from(newIp()))).toBeTruthy();
      const stale = await api.get('userManage/getUserInfo', {}, { token: oldToken });
      expect(stale.status).toBe(401);

      // Single use: the same code does nothing the second time.
      expectRefused(await resetWith(mobile, code, 'Another-Pass-1'), 'VERIFICATION_CODE_WRONG');
      expect(await api.login(user.userName, NEW_PASSWORD, from(newIp()))).toBeTruthy();
    });

    it('refuses a wrong code and counts it, leaving the password and the code usable', async () => {
      const { user, mobile } = await someone();
      await sendCode(mobile);
      const code = await codeSentTo(mobile);
      const before = (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0];
      const wrong = await resetWith(mobile, wrongCodeFor(code));
      expectRefused(wrong, 'VERIFICATION_CODE_WRONG');
      expect(wrong.body.strMessage).toBe('验证码错误或已过期');
      const after = (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0];
      expect(after?.passwordHash).toBe(before?.passwordHash);
      expect((await codeRows(mobile))[0]?.failedAttempts).toBe(1);
      expect((await resetWith(mobile, code)).body.iCode).toBe(0);
    });

    it('burns the code at the 5th wrong entry', async () => {
      const { user, mobile } = await someone();
      await sendCode(mobile);
      const code = await codeSentTo(mobile);
      for (let i = 0; i < 4; i++) {
        expectRefused(await resetWith(mobile, wrongCodeFor(code)), 'VERIFICATION_CODE_WRONG');
      }
      expect((await codeRows(mobile))[0]?.usedAt).toBeNull();
      expectRefused(await resetWith(mobile, wrongCodeFor(code)), 'VERIFICATION_CODE_WRONG');
      expect((await codeRows(mobile))[0]).toMatchObject({ failedAttempts: 5 });
      expect((await codeRows(mobile))[0]?.usedAt).not.toBeNull();
      expectRefused(await resetWith(mobile, code), 'VERIFICATION_CODE_WRONG');
      expect(await api.login(user.userName, TEST_PASSWORD, from(newIp()))).toBeTruthy();
    });

    it('takes a code until 5 minutes after it was sent, then refuses it', async () => {
      const early = await someone();
      const late = await someone();
      await sendCode(early.mobile);
      await sendCode(late.mobile);
      t.clock.advanceMinutes(4.9);
      expect((await resetWith(early.mobile, await codeSentTo(early.mobile))).body.iCode).toBe(0);
      t.clock.advanceMinutes(0.1);
      expectRefused(
        await resetWith(late.mobile, await codeSentTo(late.mobile)),
        'VERIFICATION_CODE_WRONG',
      );
      expect(await api.login(late.user.userName, TEST_PASSWORD, from(newIp()))).toBeTruthy();
    });

    it('lets a new code replace the older one', async () => {
      const { mobile } = await someone();
      await sendCode(mobile);
      const first = await codeSentTo(mobile);
      t.clock.advanceMinutes(1);
      expect((await sendCode(mobile)).body.iCode).toBe(0);
      const second = await codeSentTo(mobile);
      if (first !== second) {
        expectRefused(await resetWith(mobile, first), 'VERIFICATION_CODE_WRONG');
      }
      expect((await resetWith(mobile, second)).body.iCode).toBe(0);
    });

    it('sends one code per number a minute, with the seconds left', async () => {
      const { mobile } = await someone();
      expect((await sendCode(mobile)).body.iCode).toBe(0);
      t.clock.advanceMinutes(0.5);
      const soon = await sendCode(mobile, newIp(), { lang: 'en' });
      expectRefused(soon, 'CODE_TOO_FREQUENT');
      expect(soon.body.strMessage).toBe('Codes are sent too often; try again in 30 seconds');
      expect(await outboxOf(mobile)).toHaveLength(1);
      t.clock.advanceMinutes(0.5);
      expect((await sendCode(mobile)).body.iCode).toBe(0);
      expect(await outboxOf(mobile)).toHaveLength(2);
    });

    it('counts parallel requests for one number one after another', async () => {
      const { mobile } = await someone();
      const answers = await Promise.all(Array.from({ length: 6 }, () => sendCode(mobile)));
      const codes = answers.map((a) => a.body.strErrorCode ?? 'OK');
      expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
      expect(codes.filter((c) => c === 'CODE_TOO_FREQUENT')).toHaveLength(5);
      expect(await outboxOf(mobile)).toHaveLength(1);
    });

    it('sends at most 10 codes per number in 24 hours', async () => {
      const { mobile } = await someone();
      for (let i = 0; i < 10; i++) {
        expect((await sendCode(mobile)).body.iCode, `code ${i + 1}`).toBe(0);
        t.clock.advanceMinutes(1);
      }
      const eleventh = await sendCode(mobile);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.strErrorCode).toBe('TOO_MANY_REQUESTS');
      expect(await outboxOf(mobile)).toHaveLength(10);
      t.clock.advanceMinutes(24 * 60 - 10);
      expect((await sendCode(mobile)).body.iCode).toBe(0);
    });

    it('sends at most 20 codes an hour to one address, whatever the numbers', async () => {
      const ip = newIp();
      for (let i = 0; i < 20; i++) {
        expect((await sendCode(newMobile(), ip)).body.iCode, `code ${i + 1}`).toBe(0);
      }
      const { mobile } = await someone();
      const refused = await sendCode(mobile, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.strErrorCode).toBe('TOO_MANY_REQUESTS');
      expect(await outboxOf(mobile)).toEqual([]);
      expect((await sendCode(mobile, newIp())).body.iCode).toBe(0);
      t.clock.advanceMinutes(60);
      expect((await sendCode(newMobile(), ip)).body.iCode).toBe(0);
    });

    it('answers a number without accounts exactly alike but sends nothing', async () => {
      const known = (await someone()).mobile;
      const unknown = newMobile();
      const a = await sendCode(known);
      const b = await sendCode(unknown);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect(await outboxOf(unknown)).toEqual([]);
      expect(await codeRows(unknown)).toHaveLength(1);
      // The limits hold alike too: a second request at once is refused for both.
      expectRefused(await sendCode(known), 'CODE_TOO_FREQUENT');
      expectRefused(await sendCode(unknown), 'CODE_TOO_FREQUENT');
      expectRefused(await resetWith(unknown, '000000'), 'VERIFICATION_CODE_WRONG');
    });

    it('applies the configured password pattern without spending the code', async () => {
      const { user, mobile } = await someone();
      await sendCode(mobile);
      const code = await codeSentTo(mobile);
      await setConfig({ pwdRules: '^(?=.*[A-Z])(?=.*\\d).{8,}$' });
      try {
        expectRefused(await resetWith(mobile, code, 'lowercase-only'), 'PASSWORD_PATTERN');
        expect((await codeRows(mobile))[0]).toMatchObject({ failedAttempts: 0, usedAt: null });
        expect((await resetWith(mobile, code, NEW_PASSWORD)).body.iCode).toBe(0);
      } finally {
        await setConfig({ pwdRules: '' });
      }
      expect(await api.login(user.userName, NEW_PASSWORD, from(newIp()))).toBeTruthy();
    });

    it('changes every account of the number and lifts their login locks', async () => {
      const mobile = newMobile();
      const clinic = await createHospital(t.database.db);
      const center = await createHospital(t.database.db, { isDiagnosis: 2 });
      const doctor = await createUser(t.database.db, { hospitalId: clinic.id, mobile });
      const expert = await createUser(t.database.db, {
        hospitalId: center.id,
        mobile,
        roleType: 4,
      });
      const other = await createUser(t.database.db, { hospitalId: clinic.id, mobile: newMobile() });
      const expertToken = await api.login(expert.userName, TEST_PASSWORD, from(newIp()));
      // Ten wrong passwords lock the doctor's account.
      for (let i = 0; i < 10; i++) {
        await loginAnswer(doctor.userName, `wrong-${i}`);
      }
      const locked = await loginAnswer(doctor.userName, TEST_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body.strErrorCode).toBe('LOGIN_LOCKED');

      await sendCode(mobile);
      expect((await resetWith(mobile, await codeSentTo(mobile))).body.iCode).toBe(0);

      for (const u of [doctor, expert]) {
        expect(await api.login(u.userName, NEW_PASSWORD, from(newIp())), u.userName).toBeTruthy();
      }
      expect((await api.get('userManage/getUserInfo', {}, { token: expertToken })).status).toBe(
        401,
      );
      expect(await api.login(other.userName, TEST_PASSWORD, from(newIp()))).toBeTruthy();
    });

    it('audits both calls with the masked number, never the code or the password', async () => {
      const { user, mobile } = await someone();
      await sendCode(mobile);
      const code = await codeSentTo(mobile);
      await resetWith(mobile, wrongCodeFor(code));
      await resetWith(mobile, code);
      const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
      const records = await t.database.db
        .select()
        .from(auditLogs)
        .where(
          inArray(auditLogs.action, [
            'user/sendCode',
            'user/forgetPwdUpdatePwd',
            'notifier/selectOutbox',
          ]),
        );
      const mine = records.filter((r) => JSON.stringify(r.detail ?? {}).includes(masked));
      expect(mine.map((r) => [r.action, r.outcome])).toEqual([
        ['user/sendCode', 'success'],
        ['user/forgetPwdUpdatePwd', 'failure'],
        ['user/forgetPwdUpdatePwd', 'success'],
      ]);
      expect(mine[0]?.detail).toEqual({ strMobile: masked, strDelivery: 'stored' });
      expect(mine[2]).toMatchObject({ targetType: 'user', targetId: String(user.id) });
      const everything = JSON.stringify(records);
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(NEW_PASSWORD);
      expect(everything).not.toContain(mobile);
      // Reading the outbox is itself on the record.
      expect(records.some((r) => r.action === 'notifier/selectOutbox')).toBe(true);
    });
  });

  describe('the outbox list', () => {
    it('pages newest first and filters by number, for platform administrators', async () => {
      await setConfig({ forget: true });
      const { mobile } = await someone();
      await sendCode(mobile);
      t.clock.advanceMinutes(1);
      await sendCode(mobile, newIp(), { lang: 'en' });
      const token = await adminToken();
      const page = await api.get<OutboxPage>(
        'notifier/selectOutbox',
        { strRecipient: mobile, iCurPage: 1, iPageSize: 1 },
        { token },
      );
      expect(page.body.objData.iTotalCount).toBe(2);
      expect(page.body.objData.listPage).toHaveLength(1);
      expect(page.body.objData.listPage[0]?.strBody).toContain('password reset code');
      const second = await api.get<OutboxPage>(
        'notifier/selectOutbox',
        { strRecipient: mobile, iCurPage: 2, iPageSize: 1 },
        { token },
      );
      expect(second.body.objData.listPage[0]?.strBody).toContain('验证码');
      const all = await api.get<OutboxPage>('notifier/selectOutbox', {}, { token });
      expect(all.body.objData.iTotalCount).toBeGreaterThan(2);
      const times = all.body.objData.listPage.map((m) => m.dtCreateTime);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('is refused to hospital administrators, doctors and experts (403) and without login (401)', async () => {
      for (const [name, password] of [
        ['demo_hadmin', 'Hadmin@2026'],
        ['demo_doctor', 'Doctor@2026'],
        ['demo_expert', 'Expert@2026'],
      ] as const) {
        const token = await api.login(name, password, from(newIp()));
        const a = await api.get('notifier/selectOutbox', {}, { token });
        expect(a.status, name).toBe(403);
        expect(a.body.strErrorCode).toBe('FORBIDDEN');
      }
      expect((await api.get('notifier/selectOutbox')).status).toBe(401);
    });
  });
});

/** The same flow through an HTTP SMS gateway (SMS_GATEWAY_URL): a local server plays the gateway. */
describe.each(await testDatabases())(
  'forgot password through an SMS gateway on $name',
  (testDb) => {
    let t: TestApp;
    let api: ReturnType<typeof apiClient>;
    let gateway: http.Server;
    const texts: { mobile: string; text: string; sign: string }[] = [];
    let failing = false;

    beforeAll(async () => {
      gateway = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        req.on('end', () => {
          if (failing) {
            res.writeHead(500).end('gateway down');
            return;
          }
          texts.push(JSON.parse(raw) as (typeof texts)[number]);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
        });
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      const port = (gateway.address() as AddressInfo).port;
      t = await startTestApp(testDb, {
        sms: {
          gatewayUrl: `http://127.0.0.1:${port}/send`,
          gatewayToken: 'token-1',
          signName: '病理会诊',
          timeoutMs: 2000,
        },
      });
      api = apiClient(t.baseUrl);
      const admin = await api.login('admin', ADMIN_PASSWORD);
      await api.post('configinfo/update', { forget: true }, { token: admin });
    });
    afterAll(async () => {
      await t.close();
      gateway.closeAllConnections();
      await new Promise((resolve) => gateway.close(resolve));
    });

    it('delivers the code through the gateway and keeps only a masked record', async () => {
      const hospital = await createHospital(t.database.db);
      const user = await createUser(t.database.db, {
        hospitalId: hospital.id,
        mobile: '13712340001',
      });
      expect((await api.post('user/sendCode', { strMobile: '13712340001' })).body.iCode).toBe(0);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({ mobile: '13712340001', sign: '病理会诊' });
      const code = texts[0]?.text.match(CODE_IN_TEXT)?.[0] ?? '';
      const [record] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, '13712340001'));
      expect(record).toMatchObject({ status: 'sent', error: null });
      expect(record?.body).toContain('******');
      expect(record?.body).not.toContain(code);
      const done = await api.post('user/forgetPwdUpdatePwd', {
        strMobile: '13712340001',
        strCode: code,
        strNewPassword: NEW_PASSWORD,
        strConfirmPassword: NEW_PASSWORD,
      });
      expect(done.body.iCode).toBe(0);
      expect(await api.login(user.userName, NEW_PASSWORD)).toBeTruthy();
    });

    it('says so when the gateway refuses, and records the failure', async () => {
      const hospital = await createHospital(t.database.db);
      await createUser(t.database.db, { hospitalId: hospital.id, mobile: '13712340002' });
      failing = true;
      try {
        const a = await api.post('user/sendCode', { strMobile: '13712340002' }, { lang: 'en' });
        expect(a.body).toMatchObject({
          iCode: 1000,
          strErrorCode: 'SMS_SEND_FAILED',
          strMessage: 'The text message could not be sent; please try again later',
        });
      } finally {
        failing = false;
      }
      const [record] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.recipient, '13712340002'), eq(outboxMessages.status, 'failed')),
        );
      expect(record?.error).toBe('HTTP 500: gateway down');
    });
  },
);
