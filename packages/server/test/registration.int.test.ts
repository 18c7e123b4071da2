import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  RegistrationRules,
  UserState,
  type CaptchaDto,
  type MessageKey,
  type RegistrationDto,
  type RegistrationHospital,
  type RegistrationResult,
} from '@pathconsult/shared';
import { captchas, userPrivileges, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { latestAuditRecord } from './helpers/audit-records';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { expectFieldError, expectNotFound, expectRefused } from './helpers/assertions';
import { demoCallers, logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import { tenancyMatrixFailures, type MatrixRoute } from './helpers/tenancy-matrix';
import { MISSING_ID, type Page } from './helpers/test-values';
const PASSWORD = 'Apply#2026';
/** A resident ID number with a valid check character. */
const ID_NUMBER = '11010519491231002X';

describe.each(await testDatabases())('registration on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;
  let applicantId: number;
  let centerId: number;
  let seq = 0;

  /*
   * Every captcha gets a new known text, and every call its own client address (the app trusts
   * one proxy hop), so the per-address captcha allowance only bites where a test wants it to.
   */
  let captchaCount = 0;
  let lastText = '';
  const nextCaptchaText = () => {
    lastText = `K${String(++captchaCount).padStart(4, '0')}`;
    return lastText;
  };
  let addressSeq = 0;
  const freshAddress = () => `10.77.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;
  const from = (ip = freshAddress()) => ({ headers: { 'x-forwarded-for': ip } });

  const getCaptcha = (ip?: string) => api.get<CaptchaDto>('user/getCaptcha', {}, from(ip));
  /** A captcha and its answer. */
  async function captcha(ip?: string) {
    const a = await getCaptcha(ip);
    expect(a.body.iCode).toBe(0);
    return { strCaptchaId: a.body.objData.strCaptchaId, strCaptcha: lastText };
  }

  /** A valid registration: a doctor of the demo applicant hospital unless told otherwise. */
  function applicant(over: Record<string, unknown> = {}) {
    const n = ++seq;
    return {
      ddRoleType: { iNumber: 3 },
      strUserName: `applicant_${n}`,
      strUserPassword: PASSWORD,
      strConfirmPassword: PASSWORD,
      strRealName: '申请人',
      ddSex: { iNumber: 1 },
      dtBirthdayDate: '1985/06/15',
      strIdentityNumber: ID_NUMBER,
      strProvince: '浙江省',
      strCity: '杭州市',
      iHospitalId: applicantId,
      strUnitName: '',
      strJobTitle: '主治医师',
      strDepartment: '病理科',
      strMobile: `1370${String(n).padStart(7, '0')}`,
      strEmail: '',
      ...over,
    };
  }
  /** Posts a registration with a fresh, correctly answered captcha (unless `withCaptcha` says). */
  async function register(
    body: Record<string, unknown>,
    lang?: 'en',
    withCaptcha?: { strCaptchaId: string; strCaptcha: string },
  ) {
    const c = withCaptcha ?? (await captcha());
    return api.post<RegistrationResult>('user/register', { ...body, ...c }, { ...from(), lang });
  }
  async function registered(over: Record<string, unknown> = {}) {
    const body = applicant(over);
    const a = await register(body);
    expect(a.body.iCode, a.body.strMessage).toBe(0);
    return { ...a.body.objData, body };
  }
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const rowNamed = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.userName}) = lower(${name})`)
    )[0];
  const login = (name: string, password = PASSWORD, lang?: 'en') =>
    api.post<{ token: string }>(
      'user/login',
      { strUserName: name, strUserPassword: password },
      { lang },
    );
  const approve = (body: Record<string, unknown>, token = admin) =>
    api.post<RegistrationDto>('userManage/approveRegistration', body, { token });
  const reject = (body: Record<string, unknown>, token = admin) =>
    api.post<RegistrationDto>('userManage/rejectRegistration', body, { token });
  const list = (query: Record<string, string | number>, token = admin) =>
    api.get<Page<RegistrationDto>>('userManage/selectRegistration', query, { token });
  /** A pending registration made directly in the database (the matrix needs many). */
  const pendingAt = (hospitalId: number | null, role = 3) =>
    createUser(t.database.db, {
      roleType: role,
      registeredRole: role,
      state: UserState.PendingReview,
      hospitalId,
      unitName: hospitalId == null ? '未列出的医院' : null,
      jobTitle: '医师',
    });

  beforeAll(async () => {
    t = await startTestApp(testDb, { trustProxy: 1, captchaText: nextCaptchaText });
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    applicantId = (await rowNamed('demo_hadmin'))?.hospitalId ?? 0;
    centerId = (await rowNamed('demo_expert'))?.hospitalId ?? 0;
  });
  afterAll(() => t.close());

  describe('captcha', () => {
    it('is a PNG image with an id, and only a digest of its answer is stored', async () => {
      const a = await getCaptcha();
      expect(a.body.iCode).toBe(0);
      const { strCaptchaId, strImage } = a.body.objData;
      expect(strImage.startsWith('data:image/png;base64,')).toBe(true);
      const png = Buffer.from(strImage.slice('data:image/png;base64,'.length), 'base64');
      expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 300, height: 100 });
      const [row] = await t.database.db
        .select()
        .from(captchas)
        .where(eq(captchas.id, strCaptchaId));
      expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(lastText);
      expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);
    });

    it('accepts the answer in any case, once', async () => {
      const c = await captcha();
      const first = await register(applicant(), undefined, {
        ...c,
        strCaptcha: ` ${c.strCaptcha.toLowerCase()} `,
      });
      expect(first.body.iCode, first.body.strMessage).toBe(0);
      const again = applicant();
      expectRefused(await register(again, undefined, c), 'CAPTCHA_WRONG');
      expect(await rowNamed(again.strUserName)).toBeUndefined();
    });

    it('refuses a wrong answer and uses the captcha up, so it cannot be guessed twice', async () => {
      const c = await captcha();
      const body = applicant();
      const wrong = await register(body, 'en', { ...c, strCaptcha: 'WRONG' });
      expectRefused(wrong, 'CAPTCHA_WRONG');
      expect(wrong.body.strMessage).toBe('The captcha is wrong or has expired');
      // The right answer afterwards is too late.
      expectRefused(await register(body, undefined, c), 'CAPTCHA_WRONG');
      expectRefused(
        await register(body, undefined, { strCaptchaId: 'no-such-captcha', strCaptcha: 'K0001' }),
        'CAPTCHA_WRONG',
      );
      expect(await rowNamed(body.strUserName)).toBeUndefined();
    });

    it('refuses an expired captcha, and purges expired ones when new ones are made', async () => {
      const c = await captcha();
      t.clock.advanceMinutes(5);
      const body = applicant();
      expectRefused(await register(body, undefined, c), 'CAPTCHA_WRONG');
      expect(await rowNamed(body.strUserName)).toBeUndefined();
      t.clock.advanceMinutes(1);
      await captcha();
      const expired = await t.database.db
        .select()
        .from(captchas)
        .where(sql`${captchas.expiresAt} < ${t.clock.now().toISOString()}`);
      expect(expired).toEqual([]);
    });

    it('leaves the captcha unused when the form itself is refused (400)', async () => {
      const c = await captcha();
      const body = applicant();
      expect((await register({ ...body, strRealName: '' }, undefined, c)).status).toBe(400);
      expect((await register(body, undefined, c)).body.iCode).toBe(0);
    });

    it(`gives one address ${RegistrationRules.captchasPerIpPerTtl} captchas in 5 minutes`, async () => {
      const ip = '10.99.0.1';
      for (let i = 0; i < RegistrationRules.captchasPerIpPerTtl; i++) {
        expect((await getCaptcha(ip)).status).toBe(200);
      }
      const refused = await getCaptcha(ip);
      expect(refused.status).toBe(429);
      expect(refused.body.strErrorCode).toBe('TOO_MANY_REQUESTS');
      expect((await getCaptcha('10.99.0.2')).status).toBe(200);
      t.clock.advanceMinutes(5);
      expect((await getCaptcha(ip)).status).toBe(200);
    });
  });

  describe('registering', () => {
    it('lists the consultation hospitals still valid, without login', async () => {
      const expired = await createHospital(t.database.db, { validUntil: '2020-01-01' });
      const lastDay = await createHospital(t.database.db, { validUntil: '2026-01-05' });
      const noConsult = await createHospital(t.database.db, { isConsultation: false });
      const a = await api.get<RegistrationHospital[]>('hospitalManage/selectRegistrationHospital');
      expect(a.body.iCode).toBe(0);
      const ids = a.body.objData.map((h) => h.iHospitalId);
      expect(ids).toEqual(expect.arrayContaining([applicantId, centerId, lastDay.id]));
      expect(ids).not.toContain(expired.id);
      expect(ids).not.toContain(noConsult.id);
      expect(a.body.objData.find((h) => h.iHospitalId === centerId)).toEqual({
        iHospitalId: centerId,
        strHospitalName: '演示诊断中心 (Demo Diagnostic Center)',
        ddIsDiagnosis: { iNumber: 2 },
      });
    });

    it('creates a pending account at the chosen hospital and says review takes 3 working days', async () => {
      const body = applicant({ strEmail: 'doc@example.com' });
      const a = await register(body);
      expect(a.body.iCode).toBe(0);
      expect(a.body.strMessage).toBe('注册成功。身份认证需要 3 个工作日，审核通过后即可登录');
      expect(a.body.objData).toMatchObject({
        strUserName: body.strUserName,
        iReviewWorkingDays: 3,
      });
      const row = await rowOf(a.body.objData.iUserId);
      expect(row).toMatchObject({
        state: UserState.PendingReview,
        roleType: 3,
        registeredRole: 3,
        hospitalId: applicantId,
        unitName: null,
        jobTitle: '主治医师',
        department: '病理科',
        realName: '申请人',
        sex: 1,
        birthday: '1985-06-15',
        idNumber: ID_NUMBER,
        province: '浙江省',
        city: '杭州市',
        mobile: body.strMobile,
        email: 'doc@example.com',
        createdBy: null,
        reviewedBy: null,
      });
      expect(row?.passwordHash).not.toContain(PASSWORD);
      const en = await register(applicant(), 'en');
      expect(en.body.strMessage).toBe(
        'Registration submitted. Authentication verification takes 3 working days; you can log in once approved',
      );
    });

    it('keeps the typed unit when the hospital is not listed', async () => {
      const { iUserId } = await registered({ iHospitalId: null, strUnitName: '某县人民医院' });
      expect(await rowOf(iUserId)).toMatchObject({ hospitalId: null, unitName: '某县人民医院' });
    });

    it('writes an audit record without caller and without the password', async () => {
      const { iUserId, body } = await registered();
      const record = await latestAuditRecord(t.database.db, 'user/register');
      expect(record).toMatchObject({
        userId: null,
        outcome: 'success',
        targetType: 'user',
        targetId: String(iUserId),
        detail: { strUserName: body.strUserName, iRoleType: 3, iHospitalId: applicantId },
      });
      expect(JSON.stringify(record)).not.toContain(PASSWORD);
    });

    it('refuses each rule of spec §5 with its field error, and creates nothing', async () => {
      type Case = [Record<string, unknown>, string, MessageKey];
      const cases: (Case | [...Case, Record<string, number>])[] = [
        [{ ddRoleType: undefined }, 'ddRoleType', 'validation.invalid'],
        [{ ddRoleType: { iNumber: 1 } }, 'ddRoleType.iNumber', 'validation.invalid'],
        [{ strUserName: 'abc' }, 'strUserName', 'validation.userName'],
        [
          { strUserPassword: '12345', strConfirmPassword: '12345' },
          'strUserPassword',
          'validation.passwordMin',
          { min: 6 },
        ],
        [{ strConfirmPassword: 'Other#2026' }, 'strConfirmPassword', 'validation.passwordMismatch'],
        [{ strRealName: ' ' }, 'strRealName', 'validation.required'],
        [{ ddSex: null }, 'ddSex', 'validation.required'],
        [{ ddSex: undefined }, 'ddSex', 'validation.required'],
        [{ dtBirthdayDate: '' }, 'dtBirthdayDate', 'validation.required'],
        [{ dtBirthdayDate: '1985-06-15' }, 'dtBirthdayDate', 'validation.date'],
        [{ dtBirthdayDate: '2026/02/31' }, 'dtBirthdayDate', 'validation.date'],
        [{ strIdentityNumber: '' }, 'strIdentityNumber', 'validation.required'],
        [{ strIdentityNumber: '110105194912310021' }, 'strIdentityNumber', 'validation.idNumber'],
        [{ strProvince: '' }, 'strProvince', 'validation.required'],
        [{ strCity: undefined }, 'strCity', 'validation.required'],
        [{ iHospitalId: null, strUnitName: '' }, 'strUnitName', 'validation.required'],
        [{ strJobTitle: '' }, 'strJobTitle', 'validation.required'],
        [{ strJobTitle: 'x'.repeat(33) }, 'strJobTitle', 'validation.tooLong', { max: 32 }],
        [{ strMobile: '' }, 'strMobile', 'validation.required'],
        [{ strMobile: '2391234567' }, 'strMobile', 'validation.mobile'],
        [{ strEmail: 'not-mail' }, 'strEmail', 'validation.email'],
        [{ strCaptcha: '' }, 'strCaptcha', 'validation.captcha'],
      ];
      for (const [over, field, key, params] of cases) {
        const body = applicant();
        const c = await captcha();
        const a = await api.post(
          'user/register',
          { ...body, ...c, ...over },
          { ...from(), lang: 'en' },
        );
        expectFieldError(a, field, key, params);
        expect(await rowNamed(body.strUserName), field).toBeUndefined();
      }
    });

    it('refuses a hospital one cannot register with, and an expert at one that does not diagnose', async () => {
      const expired = await createHospital(t.database.db, { validUntil: '2020-01-01' });
      const clinic = await createHospital(t.database.db, { isDiagnosis: 0 });
      for (const id of [expired.id, MISSING_ID]) {
        const body = applicant({ iHospitalId: id });
        expectFieldError(await register(body, 'en'), 'iHospitalId', 'validation.invalid');
        expect(await rowNamed(body.strUserName)).toBeUndefined();
      }
      const asExpert = applicant({ iHospitalId: clinic.id, ddRoleType: { iNumber: 4 } });
      expectFieldError(await register(asExpert, 'en'), 'iHospitalId', 'ROLE_NOT_ALLOWED');
      // A doctor may apply there, and an expert at the diagnostic center.
      await registered({ iHospitalId: clinic.id });
      await registered({ iHospitalId: centerId, ddRoleType: { iNumber: 4 } });
    });

    it('applies the configured password pattern', async () => {
      await api.post(
        'configinfo/update',
        { pwdRules: '^(?=.*\\d)(?=.*[A-Z]).{8,}$' },
        { token: admin },
      );
      try {
        const weak = applicant({ strUserPassword: 'simple#pw', strConfirmPassword: 'simple#pw' });
        expectRefused(await register(weak), 'PASSWORD_PATTERN');
        expect(await rowNamed(weak.strUserName)).toBeUndefined();
        await registered();
      } finally {
        await api.post('configinfo/update', { pwdRules: '' }, { token: admin });
      }
    });

    it('refuses a user name taken in any case and a mobile number taken in the role', async () => {
      const taken = await registered();
      expectRefused(await register(applicant({ strUserName: 'DEMO_DOCTOR' })), 'USER_NAME_EXISTS');
      expectRefused(
        await register(applicant({ strUserName: taken.body.strUserName.toUpperCase() })),
        'USER_NAME_EXISTS',
      );
      const sameMobile = applicant({ strMobile: taken.body.strMobile });
      expectRefused(await register(sameMobile), 'MOBILE_EXISTS');
      expect(await rowNamed(sameMobile.strUserName)).toBeUndefined();
      // The same person may apply as an expert with the same number.
      await registered({
        strMobile: taken.body.strMobile,
        ddRoleType: { iNumber: 4 },
        iHospitalId: centerId,
      });
    });

    it('uses the captcha up on a taken name too, so names cannot be probed with one captcha', async () => {
      const c = await captcha();
      expectRefused(
        await register(applicant({ strUserName: 'demo_expert' }), undefined, c),
        'USER_NAME_EXISTS',
      );
      expectRefused(await register(applicant(), undefined, c), 'CAPTCHA_WRONG');
    });
  });

  describe('logging in after registering', () => {
    it('refuses a pending account after the right password only', async () => {
      const { body } = await registered();
      expectRefused(await login(body.strUserName), 'ACCOUNT_NOT_ACTIVE');
      expectRefused(await login(body.strUserName, 'Wrong#2026'), 'LOGIN_FAILED');
    });

    it('lets an approved account in, at the hospital of the review', async () => {
      const { iUserId, body } = await registered();
      const a = await approve({ iUserId });
      expect(a.body.iCode).toBe(0);
      expect(a.body.objData).toMatchObject({
        ddUserState: { iNumber: UserState.Approved },
        hospital: { iHospitalId: applicantId },
        reviewUser: { strUserName: 'admin' },
        strReviewReason: null,
      });
      expect(a.body.objData.dtReviewTime).toBe(t.clock.now().toISOString());
      const token = await api.login(body.strUserName, PASSWORD);
      const info = await api.get<{ ddRoleType: { iNumber: number } }>(
        'userManage/getUserInfo',
        {},
        { token },
      );
      expect(info.body.objData.ddRoleType).toEqual({ iNumber: 3 });
    });

    it('shows a refused applicant the reason, in either language, after the right password', async () => {
      const { iUserId, body } = await registered();
      const a = await reject({ iUserId, strReason: '执业证书信息不完整' });
      expect(a.body.objData).toMatchObject({
        ddUserState: { iNumber: UserState.NotApproved },
        strReviewReason: '执业证书信息不完整',
      });
      const zh = await login(body.strUserName);
      expectRefused(zh, 'REGISTRATION_REJECTED');
      expect(zh.body.strMessage).toBe('注册申请未通过审核：执业证书信息不完整');
      const en = await login(body.strUserName, PASSWORD, 'en');
      expect(en.body.strMessage).toBe('Your registration was not approved: 执业证书信息不完整');
      const wrong = await login(body.strUserName, 'Wrong#2026');
      expectRefused(wrong, 'LOGIN_FAILED');
      expect(wrong.body.strMessage).not.toContain('执业证书');
    });
  });

  describe('reviewing', () => {
    it('lists registrations newest first, by state and by part of a name', async () => {
      const tag = `list${++seq}`;
      const first = await registered({ strUserName: `${tag}_one`, strRealName: '王一' });
      const second = await registered({ strUserName: `${tag}_two`, strRealName: '王二' });
      await reject({ iUserId: first.iUserId, strReason: '资料不全' });
      const all = await list({ strName: tag });
      expect(all.body.objData.listPage.map((r) => r.iUserId)).toEqual([
        second.iUserId,
        first.iUserId,
      ]);
      expect(all.body.objData.iTotalCount).toBe(2);
      const pending = await list({ strName: tag.toUpperCase(), iUserState: 3 });
      expect(pending.body.objData.listPage.map((r) => r.iUserId)).toEqual([second.iUserId]);
      const byRealName = await list({ strName: '王一' });
      expect(byRealName.body.objData.listPage.map((r) => r.iUserId)).toContain(first.iUserId);
      const row = byRealName.body.objData.listPage.find((r) => r.iUserId === first.iUserId);
      expect(row).toMatchObject({
        strUserName: `${tag}_one`,
        ddRoleType: { iNumber: 3 },
        ddUserState: { iNumber: 5 },
        strReviewReason: '资料不全',
        strJobTitle: '主治医师',
        strIdentityNumber: ID_NUMBER,
        dtBirthdayDate: '1985/06/15',
        hospital: { iHospitalId: applicantId },
      });
      expect(JSON.stringify(row)).not.toContain('argon2');
      // Accounts made by administrators are no registrations.
      const names = (await list({ strName: 'demo_' })).body.objData.listPage;
      expect(names).toEqual([]);
      expect((await list({ iUserState: 1 })).status).toBe(400);
    });

    it('refuses to review a registration twice', async () => {
      const a = await registered();
      expect((await approve({ iUserId: a.iUserId })).body.iCode).toBe(0);
      expectRefused(await approve({ iUserId: a.iUserId }), 'REGISTRATION_NOT_PENDING');
      expectRefused(
        await reject({ iUserId: a.iUserId, strReason: 'x' }),
        'REGISTRATION_NOT_PENDING',
      );
      const b = await registered();
      expect((await reject({ iUserId: b.iUserId, strReason: '不符' })).body.iCode).toBe(0);
      expectRefused(await approve({ iUserId: b.iUserId }), 'REGISTRATION_NOT_PENDING');
      expect((await rowOf(b.iUserId))?.state).toBe(UserState.NotApproved);
    });

    it('keeps the account states of a review out of freezing and enabling', async () => {
      const pending = await registered();
      const refused = await registered();
      await reject({ iUserId: refused.iUserId, strReason: '资料不全' });
      for (const { iUserId } of [pending, refused]) {
        for (const state of [1, 2]) {
          expectRefused(
            await api.post(
              'userManage/updateUserState',
              { iUserId, ddUserState: { iNumber: state } },
              { token: admin },
            ),
            'USER_UNDER_REVIEW',
          );
        }
      }
      expect((await rowOf(pending.iUserId))?.state).toBe(UserState.PendingReview);
      expect((await rowOf(refused.iUserId))?.state).toBe(UserState.NotApproved);
      // Once approved, the account is frozen and enabled like any other.
      const approved = await registered();
      await approve({ iUserId: approved.iUserId });
      const frozen = await api.post(
        'userManage/updateUserState',
        { iUserId: approved.iUserId, ddUserState: { iNumber: 2 } },
        { token: admin },
      );
      expect(frozen.body.iCode).toBe(0);
      expect((await rowOf(approved.iUserId))?.state).toBe(UserState.Frozen);
    });

    it('lets only one of two reviews racing on a registration through', async () => {
      const { iUserId } = await registered();
      const answers = await Promise.all([
        approve({ iUserId }),
        reject({ iUserId, strReason: '并发' }),
      ]);
      expect(answers.map((a) => a.body.iCode).sort()).toEqual([0, 1000]);
      const refused = answers.find((a) => a.body.iCode === 1000);
      expect(refused?.body.strErrorCode).toBe('REGISTRATION_NOT_PENDING');
    });

    it('needs a reason of at most 200 characters to refuse', async () => {
      const { iUserId } = await registered();
      expectFieldError(
        await api.post(
          'userManage/rejectRegistration',
          { iUserId, strReason: ' ' },
          { token: admin, lang: 'en' },
        ),
        'strReason',
        'validation.required',
      );
      const long = await api.post(
        'userManage/rejectRegistration',
        { iUserId, strReason: 'x'.repeat(201) },
        { token: admin },
      );
      expect(long.status).toBe(400);
      expect((await rowOf(iUserId))?.state).toBe(UserState.PendingReview);
    });

    it('places an unlisted unit’s applicant at a hospital the reviewer picks', async () => {
      const { iUserId } = await registered({ iHospitalId: null, strUnitName: '某县医院' });
      expectFieldError(
        await api.post('userManage/approveRegistration', { iUserId }, { token: admin, lang: 'en' }),
        'iHospitalId',
        'validation.required',
      );
      expectNotFound(await approve({ iUserId, iHospitalId: MISSING_ID }));
      const a = await approve({ iUserId, iHospitalId: centerId });
      expect(a.body.objData.hospital?.iHospitalId).toBe(centerId);
      expect(await rowOf(iUserId)).toMatchObject({ hospitalId: centerId, state: 4 });
    });

    it('places an expert only at a hospital that diagnoses', async () => {
      const clinic = await createHospital(t.database.db, { isDiagnosis: 0 });
      const { iUserId } = await registered({
        iHospitalId: null,
        strUnitName: '某诊所',
        ddRoleType: { iNumber: 4 },
      });
      expectRefused(await approve({ iUserId, iHospitalId: clinic.id }), 'ROLE_NOT_ALLOWED');
      expect((await rowOf(iUserId))?.state).toBe(UserState.PendingReview);
      expect((await approve({ iUserId, iHospitalId: centerId })).body.iCode).toBe(0);
    });

    it('keeps a hospital administrator to its hospitals, and unlisted units to platform administrators', async () => {
      const own = await pendingAt(applicantId);
      const unlisted = await pendingAt(null);
      const ids = (await list({ iPageSize: 100 }, hadmin)).body.objData.listPage.map(
        (r) => r.iUserId,
      );
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(unlisted.id);
      expectNotFound(await approve({ iUserId: unlisted.id, iHospitalId: applicantId }, hadmin));
      // Its own applicant cannot be moved to a hospital outside its scope.
      expectNotFound(await approve({ iUserId: own.id, iHospitalId: centerId }, hadmin));
      expect((await rowOf(own.id))?.state).toBe(UserState.PendingReview);
      expect((await approve({ iUserId: own.id }, hadmin)).body.iCode).toBe(0);

      // With user management for all hospitals it sees the others, still not unlisted units.
      const wide = await createUser(t.database.db, { roleType: 2, hospitalId: applicantId });
      await t.database.db
        .update(userPrivileges)
        .set({ scope: 2 })
        .where(and(eq(userPrivileges.userId, wide.id), eq(userPrivileges.code, 'userManage')));
      const wideToken = await api.login(wide.userName, TEST_PASSWORD);
      const atCenter = await pendingAt(centerId);
      const seen = (await list({ iPageSize: 100 }, wideToken)).body.objData.listPage.map(
        (r) => r.iUserId,
      );
      expect(seen).toContain(atCenter.id);
      expect(seen).not.toContain(unlisted.id);
      expectNotFound(await reject({ iUserId: unlisted.id, strReason: 'x' }, wideToken));
      expect(
        (await reject({ iUserId: atCenter.id, strReason: '不符' }, wideToken)).body.iCode,
      ).toBe(0);

      // Without the privilege, none of the review calls.
      const bare = await createUser(t.database.db, { roleType: 2, hospitalId: applicantId });
      await t.database.db
        .delete(userPrivileges)
        .where(and(eq(userPrivileges.userId, bare.id), eq(userPrivileges.code, 'userManage')));
      const bareToken = await api.login(bare.userName, TEST_PASSWORD);
      const target = await pendingAt(applicantId);
      expect((await list({}, bareToken)).status).toBe(403);
      expect((await approve({ iUserId: target.id }, bareToken)).status).toBe(403);
      expect((await reject({ iUserId: target.id, strReason: 'x' }, bareToken)).status).toBe(403);
      expect((await rowOf(target.id))?.state).toBe(UserState.PendingReview);
    });
  });

  describe('cross-tenant matrix', () => {
    const ADMINS = [1, 2];
    const routes: MatrixRoute<number>[] = [
      {
        name: 'selectRegistration',
        roles: ADMINS,
        listed: (a, id) =>
          (a.body.objData as Page<RegistrationDto>).listPage.some((r) => r.iUserId === id),
        call: (token) => list({ iPageSize: 100, iUserState: 3 }, token),
      },
      {
        name: 'approveRegistration',
        roles: ADMINS,
        call: (token, iUserId) => approve({ iUserId }, token),
      },
      {
        name: 'rejectRegistration',
        roles: ADMINS,
        call: (token, iUserId) => reject({ iUserId, strReason: '矩阵' }, token),
      },
    ];

    it('answers 403 to doctors and experts, 404 for another hospital or a missing id, else 200', async () => {
      const failures = await tenancyMatrixFailures({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        // A fresh pending registration each time: an allowed review changes its target.
        target: async (kind) =>
          kind === 'missing'
            ? MISSING_ID
            : (await pendingAt(kind === 'own' ? applicantId : centerId)).id,
        // What the caller may not review is still pending afterwards.
        unchanged: async (id) => (await rowOf(id))?.state === UserState.PendingReview,
      });
      expect(failures).toEqual([]);
    });
  });
});
