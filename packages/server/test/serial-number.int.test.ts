import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  datePartOf,
  type HospitalOption,
  type SerialNumberDto,
  type SerialNumberUpdateInput,
} from '@pathconsult/shared';
import { patients, serialNumberRules, userPrivileges, users } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { allocatePathologyNumber } from '../src/modules/serial-number/allocate';
import { testDatabases } from './helpers/databases';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient } from './helpers/http';
import { expectFieldError, expectForbidden, expectNotFound, expectOk } from './helpers/assertions';
import { demoCallers, logInDemoAccounts } from './helpers/demo-accounts';
import {
  tenancyMatrixFailures,
  type HospitalKind,
  type MatrixRoute,
} from './helpers/tenancy-matrix';
import { MISSING_ID, unique } from './helpers/test-values';

type Rule = Omit<SerialNumberUpdateInput, 'iHospitalId'>;
const DAILY: Rule = {
  strPrefix: 'BL',
  strDatePart: 'YYYYMMDD',
  iSeqWidth: 4,
  strResetPeriod: 'day',
};

describe.each(await testDatabases())('pathology numbers on $name', (testDb) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: string;
  let hadmin: string;
  let doctor: string;
  let expert: string;
  let applicantId: number;
  let centerId: number;
  let doctorId: number;

  const db = () => t.database.db;
  const select = (token: string, iHospitalId?: number, lang?: 'en') =>
    api.get<SerialNumberDto>(
      'serialNumber/select',
      iHospitalId === undefined ? {} : { iHospitalId },
      { token, lang },
    );
  const update = (token: string, iHospitalId: number | undefined, rule: Rule, lang?: 'en') =>
    api.post<SerialNumberDto>('serialNumber/update', { iHospitalId, ...rule }, { token, lang });
  /** A new hospital with this rule (set by the platform administrator). */
  async function hospitalWith(rule: Rule): Promise<number> {
    const h = await createHospital(db(), { name: unique('编号医院') });
    expectOk(await update(admin, h.id, rule));
    return h.id;
  }
  /**
   * Creates a case without a typed number the way the case module does: the next number is taken
   * inside the transaction that inserts the case. Returns the number (null: no rule).
   */
  const allocate = (hospitalId: number, now = t.clock.now()) =>
    db().transaction(async (tx) => {
      const diagnosisNum = await allocatePathologyNumber(tx, hospitalId, now);
      if (diagnosisNum !== null) {
        await tx
          .insert(patients)
          .values({ hospitalId, ownerId: doctorId, diagnosisNum, name: '自动编号' });
      }
      return diagnosisNum;
    });
  /** A case whose number was typed by hand. */
  const typeIn = (hospitalId: number, diagnosisNum: string) =>
    db()
      .insert(patients)
      .values({ hospitalId, ownerId: doctorId, diagnosisNum, name: '手输病理号' });
  const storedRule = async (hospitalId: number) =>
    (
      await db()
        .select()
        .from(serialNumberRules)
        .where(eq(serialNumberRules.hospitalId, hospitalId))
    )[0];
  const today = () => datePartOf('YYYYMMDD', t.clock.now());

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const demoUsers = await db().select().from(users);
    const byName = (name: string) => {
      const u = demoUsers.find((row) => row.userName === name);
      if (!u) {
        throw new Error(`${name} missing`);
      }
      return u;
    };
    applicantId = byName('demo_doctor').hospitalId as number;
    centerId = byName('demo_expert').hospitalId as number;
    doctorId = byName('demo_doctor').id;
    // The demo hospital administrator holds the "pathology numbers" privilege from the starting
    // set of hospital administrators (DEFAULT_HOSPITAL_ADMIN_PRIVILEGES).
  });
  afterAll(() => t.close());

  describe('reading a rule', () => {
    it('shows a hospital without a rule the defaults, and no next number', async () => {
      const h = await createHospital(db());
      const dto = expectOk(await select(admin, h.id));
      expect(dto).toEqual({
        iHospitalId: h.id,
        strHospitalName: h.name,
        bHasRule: false,
        strPrefix: '',
        strDatePart: 'YYYYMMDD',
        iSeqWidth: 4,
        strResetPeriod: 'day',
        iNextSeq: 1,
        strNextNumber: null,
        dtUpdateTime: null,
      });
    });

    it('previews the next number without taking it; a case then takes exactly that one', async () => {
      const id = await hospitalWith(DAILY);
      const first = expectOk(await select(admin, id));
      expect(first).toMatchObject({
        bHasRule: true,
        iNextSeq: 1,
        strNextNumber: `BL${today()}0001`,
      });
      expect(expectOk(await select(admin, id)).strNextNumber).toBe(`BL${today()}0001`);
      expect(await allocate(id)).toBe(`BL${today()}0001`);
      expect(expectOk(await select(admin, id))).toMatchObject({
        iNextSeq: 2,
        strNextNumber: `BL${today()}0002`,
      });
    });

    it('gives doctors and experts their own hospital’s rule, read-only, and nobody else’s', async () => {
      expectOk(await update(admin, applicantId, DAILY));
      expect(expectOk(await select(doctor)).iHospitalId).toBe(applicantId);
      expect(expectOk(await select(expert)).iHospitalId).toBe(centerId);
      const other = await hospitalWith(DAILY);
      expectNotFound(await select(doctor, other));
      expectForbidden(await update(doctor, applicantId, { ...DAILY, strPrefix: 'X' }));
      expectForbidden(await update(expert, centerId, { ...DAILY, strPrefix: 'X' }));
      expect((await storedRule(applicantId))?.prefix).toBe('BL');
    });

    it('answers 404 to a platform administrator who names no hospital (it has none)', async () => {
      expectNotFound(await select(admin));
    });
  });

  describe('setting a rule', () => {
    it('stores the rule and says who set it when', async () => {
      const h = await createHospital(db());
      const dto = expectOk(
        await update(admin, h.id, {
          strPrefix: 'XS-',
          strDatePart: 'YYYYMM',
          iSeqWidth: 5,
          strResetPeriod: 'month',
        }),
      );
      expect(dto).toMatchObject({
        bHasRule: true,
        strPrefix: 'XS-',
        strDatePart: 'YYYYMM',
        iSeqWidth: 5,
        strResetPeriod: 'month',
        iNextSeq: 1,
        strNextNumber: `XS-${today().slice(0, 6)}00001`,
        dtUpdateTime: t.clock.now().toISOString(),
      });
      const [superadmin] = await db().select().from(users).where(eq(users.userName, 'admin'));
      expect((await storedRule(h.id))?.updatedBy).toBe(superadmin?.id);
    });

    it('lets a hospital administrator set the own hospital’s rule (no hospital named)', async () => {
      const dto = expectOk(await update(hadmin, undefined, { ...DAILY, strPrefix: 'SQ' }));
      expect(dto).toMatchObject({ iHospitalId: applicantId, strPrefix: 'SQ' });
      expectOk(await update(hadmin, undefined, DAILY));
    });

    it('keeps counting when the rule changes; a new reset period restarts only from the next period', async () => {
      const id = await hospitalWith(DAILY);
      const now = t.clock.now();
      for (let i = 0; i < 4; i++) {
        await allocate(id, now);
      }
      // Monthly now: the count goes on this month, and starts again next month.
      const monthly = expectOk(
        await update(admin, id, { ...DAILY, strDatePart: 'YYYYMM', strResetPeriod: 'month' }),
      );
      const month = datePartOf('YYYYMM', now);
      expect(monthly).toMatchObject({ iNextSeq: 5, strNextNumber: `BL${month}0005` });
      expect(await allocate(id, now)).toBe(`BL${month}0005`);
      // A new prefix keeps the count too.
      const monthlyNb: Rule = {
        ...DAILY,
        strPrefix: 'NB',
        strDatePart: 'YYYYMM',
        strResetPeriod: 'month',
      };
      expect(expectOk(await update(admin, id, monthlyNb)).iNextSeq).toBe(6);
      expect(await allocate(id, now)).toBe(`NB${month}0006`);
      const nextMonth = new Date(now.getTime() + 35 * 86_400_000);
      expect(await allocate(id, nextMonth)).toBe(`NB${datePartOf('YYYYMM', nextMonth)}0001`);
    });

    it('sets the next sequence number by hand, never below 1', async () => {
      const id = await hospitalWith(DAILY);
      await allocate(id);
      const set = expectOk(await update(admin, id, { ...DAILY, iNextSeq: 120 }));
      expect(set).toMatchObject({ iNextSeq: 120, strNextNumber: `BL${today()}0120` });
      expect(await allocate(id)).toBe(`BL${today()}0120`);
      // Back to 1: numbers already given are skipped, never given twice.
      expectOk(await update(admin, id, { ...DAILY, iNextSeq: 1 }));
      expect(await allocate(id)).toBe(`BL${today()}0002`);
      expectFieldError(
        await update(admin, id, { ...DAILY, iNextSeq: 0 }, 'en'),
        'iNextSeq',
        'validation.serial.nextSeq',
      );
    });

    it('refuses each bad rule with its own message on its field, and changes nothing', async () => {
      const id = await hospitalWith(DAILY);
      const before = await storedRule(id);
      const cases: [
        Rule,
        string,
        Parameters<typeof expectFieldError>[2],
        Record<string, number>?,
      ][] = [
        [{ ...DAILY, strPrefix: 'B_L' }, 'strPrefix', 'validation.serial.prefix'],
        [{ ...DAILY, strPrefix: '病理' }, 'strPrefix', 'validation.serial.prefix'],
        [{ ...DAILY, strPrefix: 'ABCDEFGHI' }, 'strPrefix', 'validation.tooLong', { max: 8 }],
        [{ ...DAILY, iSeqWidth: 1 }, 'iSeqWidth', 'validation.serial.seqWidth'],
        [{ ...DAILY, iSeqWidth: 9 }, 'iSeqWidth', 'validation.serial.seqWidth'],
        [{ ...DAILY, strDatePart: 'YYYYMM' }, 'strResetPeriod', 'validation.serial.resetPeriod'],
        [
          { ...DAILY, strDatePart: '', strResetPeriod: 'year' },
          'strResetPeriod',
          'validation.serial.resetPeriod',
        ],
        // 7 + 8 + 4 = 19 characters: longer than a pathology number may be.
        [{ ...DAILY, strPrefix: 'ABCDEFG' }, 'strPrefix', 'validation.serial.tooLong'],
        // 4 + 8 + 5 digits of the sequence set by hand = 17.
        [
          { ...DAILY, strPrefix: 'ABCD', iNextSeq: 10_000 },
          'iNextSeq',
          'validation.serial.tooLong',
        ],
      ];
      for (const [rule, field, key, params] of cases) {
        expectFieldError(await update(admin, id, rule, 'en'), field, key, params);
      }
      const bad = await update(admin, id, { ...DAILY, strDatePart: 'YYMMDD' as 'YYYYMMDD' });
      expect(bad.status).toBe(400);
      expect(await storedRule(id)).toEqual(before);
    });

    it('accepts a rule of exactly 16 characters, and says when its sequence has run out', async () => {
      const id = await hospitalWith({
        ...DAILY,
        strPrefix: 'ABCD',
        strResetPeriod: 'never',
        iNextSeq: 9999,
      });
      expect(await allocate(id)).toBe(`ABCD${today()}9999`);
      expect(expectOk(await select(admin, id)).strNextNumber).toBeNull();
      const refusal = await allocate(id).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('PATHOLOGY_NUMBER_EXHAUSTED');
    });

    it('answers 404 for a missing hospital and for another hospital of a hospital administrator', async () => {
      expectNotFound(await update(admin, MISSING_ID, DAILY));
      const other = await createHospital(db());
      expectNotFound(await update(hadmin, other.id, DAILY));
      expect(await storedRule(other.id)).toBeUndefined();
    });

    it('refuses hospital administrators without the "pathology numbers" privilege', async () => {
      const plain = await createUser(db(), {
        userName: unique('hadmin'),
        roleType: 2,
        hospitalId: applicantId,
      });
      // Hospital administrators start with the privilege: this one has it taken away.
      await db()
        .delete(userPrivileges)
        .where(
          and(eq(userPrivileges.userId, plain.id), eq(userPrivileges.code, 'menu.medicalNum')),
        );
      const token = await api.login(plain.userName, TEST_PASSWORD);
      expectForbidden(await select(token));
      expectForbidden(await update(token, undefined, DAILY));
      expectForbidden(await api.get('serialNumber/selectHospital', {}, { token }));
    });
  });

  describe('taking numbers', () => {
    it('gives 10 concurrent cases 10 distinct consecutive numbers', async () => {
      const id = await hospitalWith(DAILY);
      const numbers = await Promise.all(Array.from({ length: 10 }, () => allocate(id)));
      expect([...numbers].sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `BL${today()}${String(i + 1).padStart(4, '0')}`),
      );
    });

    it('starts again on a new day in China time, not UTC', async () => {
      const id = await hospitalWith(DAILY);
      // 23:59 and 00:00 in Shanghai are 15:59 and 16:00 UTC.
      expect(await allocate(id, new Date('2026-03-10T15:59:00Z'))).toBe('BL202603100001');
      expect(await allocate(id, new Date('2026-03-10T15:59:30Z'))).toBe('BL202603100002');
      expect(await allocate(id, new Date('2026-03-10T16:00:00Z'))).toBe('BL202603110001');
    });

    it('starts again on a new month and a new year', async () => {
      const monthly = await hospitalWith({
        ...DAILY,
        strDatePart: 'YYYYMM',
        strResetPeriod: 'month',
      });
      expect(await allocate(monthly, new Date('2026-03-31T15:00:00Z'))).toBe('BL2026030001');
      expect(await allocate(monthly, new Date('2026-03-31T15:30:00Z'))).toBe('BL2026030002');
      expect(await allocate(monthly, new Date('2026-03-31T16:30:00Z'))).toBe('BL2026040001');
      const yearly = await hospitalWith({ ...DAILY, strDatePart: 'YYYY', strResetPeriod: 'year' });
      expect(await allocate(yearly, new Date('2026-12-31T15:59:00Z'))).toBe('BL20260001');
      expect(await allocate(yearly, new Date('2026-12-31T16:00:00Z'))).toBe('BL20270001');
    });

    it('never starts again with the "never" reset, whatever the date part shows', async () => {
      const id = await hospitalWith({ ...DAILY, strResetPeriod: 'never' });
      expect(await allocate(id, new Date('2026-05-01T02:00:00Z'))).toBe('BL202605010001');
      expect(await allocate(id, new Date('2026-05-02T02:00:00Z'))).toBe('BL202605020002');
    });

    it('moves the preview to the new day when the clock passes midnight in China', async () => {
      const id = await hospitalWith(DAILY);
      await allocate(id);
      await allocate(id);
      expect(expectOk(await select(admin, id)).iNextSeq).toBe(3);
      t.clock.advanceMinutes(24 * 60);
      // A day without use ends the sessions: everyone logs in again.
      ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
      expect(expectOk(await select(admin, id))).toMatchObject({
        iNextSeq: 1,
        strNextNumber: `BL${today()}0001`,
      });
    });

    it('skips numbers already typed by hand, in any case', async () => {
      const id = await hospitalWith(DAILY);
      await typeIn(id, `bl${today()}0001`);
      await typeIn(id, `BL${today()}0002`);
      await typeIn(id, `BL${today()}0004`);
      expect(expectOk(await select(admin, id)).strNextNumber).toBe(`BL${today()}0003`);
      expect(await allocate(id)).toBe(`BL${today()}0003`);
      expect(await allocate(id)).toBe(`BL${today()}0005`);
      // A long typed run (more than one lookup's worth) is skipped too.
      for (let seq = 6; seq <= 45; seq++) {
        await typeIn(id, `BL${today()}${String(seq).padStart(4, '0')}`);
      }
      expect(await allocate(id)).toBe(`BL${today()}0046`);
    });

    it('does not number cases of a hospital without a rule', async () => {
      const h = await createHospital(db());
      expect(await allocate(h.id)).toBeNull();
      expect(await storedRule(h.id)).toBeUndefined();
    });
  });

  describe('the hospital picker', () => {
    it('lists every hospital to the platform administrator and the own one to a hospital administrator', async () => {
      const h = await createHospital(db(), { name: unique('选择医院') });
      const all = expectOk(
        await api.get<HospitalOption[]>('serialNumber/selectHospital', {}, { token: admin }),
      );
      expect(all.map((o) => o.iHospitalId)).toContain(h.id);
      const own = expectOk(
        await api.get<HospitalOption[]>('serialNumber/selectHospital', {}, { token: hadmin }),
      );
      expect(own.map((o) => o.iHospitalId)).toEqual([applicantId]);
    });
  });

  /*
   * Every serialNumber route, for each role, against the caller's own hospital (the superadmin
   * has none: the demo applicant hospital stands in), another hospital, and a missing id.
   */
  describe('cross-tenant matrix', () => {
    const MATRIX_RULE: Rule = {
      strPrefix: 'MX',
      strDatePart: 'YYYYMMDD',
      iSeqWidth: 3,
      strResetPeriod: 'day',
    };
    /** What a call that must be refused would set: seen in a rule, it slipped through. */
    const REFUSED_PREFIX = 'NO';
    const routes: MatrixRoute<number>[] = [
      {
        name: 'select',
        roles: [1, 2, 3, 4],
        call: (token, id) => select(token, id),
      },
      {
        name: 'update',
        roles: [1, 2],
        call: (token, id, { role, kind }) => {
          const mayChange = (role === 1 || role === 2) && (kind === 'own' || role === 1);
          return update(token, id, {
            ...MATRIX_RULE,
            strPrefix: mayChange ? 'MX' : REFUSED_PREFIX,
          });
        },
      },
      {
        name: 'selectHospital',
        roles: [1, 2],
        listed: (a, id) => (a.body.objData as HospitalOption[]).some((h) => h.iHospitalId === id),
        call: (token) => api.get('serialNumber/selectHospital', {}, { token }),
      },
    ];

    it('answers 403 to a wrong role, 404 for another or a missing hospital, else 200', async () => {
      const other = await hospitalWith({ ...MATRIX_RULE, strPrefix: 'OT' });
      const own = (role: number) => (role === 4 ? centerId : applicantId);
      const failures = await tenancyMatrixFailures<number>({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        target: (kind: HospitalKind, caller) =>
          kind === 'own' ? own(caller.role) : kind === 'other' ? other : MISSING_ID,
        unchanged: async (id) => (await storedRule(id))?.prefix !== REFUSED_PREFIX,
      });
      expect(failures).toEqual([]);
      // Refused callers left the other hospital's rule alone; only the platform administrator set it.
      expect((await storedRule(other))?.prefix).toBe('MX');
      expect((await storedRule(applicantId))?.prefix).toBe('MX');
    });
  });
});
