import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  REQUIRED_PATIENT_FIELDS,
  translate,
  type AuditLogPage,
  type ConfigDto,
  type FieldError,
  type FrozenHeadDto,
  type MessageKey,
  type PatientCollected,
  type PatientDto,
  type PatientEventDto,
  type PatientPage,
} from '@pathconsult/shared';
import { patientCollections, patientComments, patientEvents, patients } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer, type ApiClient } from './helpers/http';
import { logInDemoAccounts, type DemoTokens } from './helpers/demo-accounts';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { MISSING_ID } from './helpers/test-values';
import {
  addCase,
  addNumberRule,
  caseNumber,
  caseRow,
  doctorElsewhere,
  HUMAN_FORM,
  loggedInUser,
  setCaseState,
  setReportView,
  userHospital,
  VET_FORM,
} from './helpers/case-fixtures';

const S = { New: 0, Submitted: 1, Completed: 2, Returned: 3, Withdrawn: 4 } as const;

describe.each(await testDatabases())('cases on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let tokens: DemoTokens;
  /** The demo applicant hospital (no numbering rule) and its doctor, the owner of most cases. */
  let hospitalA: number;
  let doctor: string;
  /** Another doctor of hospital A. */
  let colleague: { id: number; token: string };
  /** A doctor of another hospital. */
  let outsider: { hospitalId: number; id: number; token: string };

  const db = () => t.database.db;
  const post = <T = unknown>(path: string, body: unknown, token: string, lang?: 'en' | 'zh') =>
    api.post<T>(path, body, { token, lang });
  const get = <T = unknown>(path: string, query: Record<string, string | number>, token: string) =>
    api.get<T>(path, query, { token });
  const info = (id: number, token = doctor) =>
    get<PatientDto>('patient/getPatientInfo', { iPatientId: id }, token);
  const list = (query: Record<string, string | number>, token = doctor) =>
    get<PatientPage>('patient/selectPatient', query, token);
  const events = (id: number, token = doctor, strLogType?: string) =>
    get<PatientEventDto[]>(
      'back/selectBackByLogType',
      strLogType ? { iPatientId: id, strLogType } : { iPatientId: id },
      token,
    );
  const setVariant = async (caseVariant: 1 | 2) =>
    expectOk(await post('configinfo/update', { caseVariant }, tokens.admin));
  const countCases = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    tokens = await logInDemoAccounts(api);
    doctor = tokens.doctor;
    hospitalA = await userHospital(db(), 'demo_doctor');
    colleague = await loggedInUser(db(), api, hospitalA);
    outsider = await doctorElsewhere(db(), api);
  });
  afterAll(() => t.close());

  describe('configuration: the case variant', () => {
    it('is public, human by default, and changed by platform administrators only', async () => {
      expect((await api.get<ConfigDto>('configinfo/get')).body.objData.caseVariant).toBe(1);
      expectForbidden(await post('configinfo/update', { caseVariant: 2 }, tokens.hadmin));
      const bad = await post('configinfo/update', { caseVariant: 3 }, tokens.admin, 'en');
      expect(bad.status).toBe(400);
      expect((bad.body.objData as FieldError[])[0]?.strField).toBe('caseVariant');
      await setVariant(2);
      try {
        expect((await api.get<ConfigDto>('configinfo/get')).body.objData.caseVariant).toBe(2);
      } finally {
        await setVariant(1);
      }
    });
  });

  describe('patient/addPatient', () => {
    it('saves a new case of the caller in its hospital, whatever the client says', async () => {
      const num = caseNumber('A');
      const dto = await addCase(api, doctor, {
        strDiagnosistNum: num,
        iHospitalId: outsider.hospitalId,
        owner: { iUserId: colleague.id },
        ddPatientState: { iNumber: 2 },
        strDepartment: '乳腺外科',
        dtSampleTime: '2026-01-04',
      });
      expect(dto).toMatchObject({
        ...HUMAN_FORM,
        strDiagnosistNum: num,
        iHospitalId: hospitalA,
        ddPatientState: { iNumber: S.New },
        ddVariant: { iNumber: 1 },
        strDepartment: '乳腺外科',
        bCollected: false,
        iClonedFromId: null,
        dtSubmitTime: null,
        dtCreateTime: t.clock.now().toISOString(),
      });
      // A plain sample date is that day in China.
      expect(dto.dtSampleTime).toBe('2026-01-03T16:00:00.000Z');
      const row = await caseRow(db(), dto.iPatientId);
      expect(row?.ownerId).not.toBe(colleague.id);
      // The saved case answers how many waiting slides joined it: none here.
      expect({ ...expectOk(await info(dto.iPatientId)), iSlidesJoined: 0 }).toEqual(dto);
      const history = expectOk(await events(dto.iPatientId));
      expect(history).toMatchObject([
        { strLogType: 'create', ddFromState: null, ddToState: { iNumber: 0 } },
      ]);
      expect(history[0]?.user?.strRealName).toBe('李医生');
    });

    it('gives every empty required field its own message, in Chinese and English', async () => {
      const rules = REQUIRED_PATIENT_FIELDS.human;
      for (const [name, key] of Object.entries(rules) as [string, MessageKey][]) {
        const form: Record<string, unknown> = { ...HUMAN_FORM, strDiagnosistNum: caseNumber() };
        const field = name === 'age' ? 'iAgeYear' : name;
        if (name === 'age') {
          form.iAgeYear = null;
        } else {
          form[name] = typeof form[name] === 'string' ? '   ' : null;
        }
        const before = await countCases();
        const en = await post('patient/addPatient', form, doctor, 'en');
        expectFieldError(en, field, key);
        const zh = await post('patient/addPatient', form, doctor, 'zh');
        expect(zh.body.objData).toEqual([{ strField: field, strMessage: translate(key, 'zh') }]);
        expect(await countCases()).toBe(before);
      }
    });

    it('lists every empty field at once for an empty form', async () => {
      const a = await post('patient/addPatient', {}, doctor, 'en');
      expect(a.status).toBe(400);
      expect((a.body.objData as FieldError[]).map((e) => e.strField)).toEqual([
        'strPatientName',
        'strDiagnosistNum',
        'iAgeYear',
        'ddSex',
        'ddClassification',
        'strSamplingSite',
        'ddSampleType',
        'strClinicalData',
        'strInitialOpinion',
        'strTissueDescription',
        'strPhone',
      ]);
    });

    it('takes months or days alone as the age, and refuses ages out of range', async () => {
      const baby = await addCase(api, doctor, { iAgeYear: null, iAgeMonth: 3, iAgeDay: 12 });
      expect(baby).toMatchObject({ iAgeYear: null, iAgeMonth: 3, iAgeDay: 12 });
      for (const age of [{ iAgeYear: 151 }, { iAgeYear: 0 }, { iAgeMonth: 12 }, { iAgeDay: 32 }]) {
        const a = await post('patient/addPatient', { ...HUMAN_FORM, ...age }, doctor, 'en');
        expect(a.status, JSON.stringify(age)).toBe(400);
        expect(a.body.objData).toContainEqual({
          strField: Object.keys(age)[0],
          strMessage: translate('validation.case.age', 'en'),
        });
      }
    });

    it('ignores veterinary fields in a human deployment', async () => {
      const dto = await addCase(api, doctor, { strSpecies: '犬', strOwnerTel: '13900000000' });
      expect(dto).toMatchObject({ strSpecies: '', strOwnerTel: '', ddVariant: { iNumber: 1 } });
    });

    it('refuses a pathology number the hospital already has, in any letter case', async () => {
      const num = caseNumber('Dup');
      await addCase(api, doctor, { strDiagnosistNum: num });
      const before = await countCases();
      for (const again of [num, num.toLowerCase(), num.toUpperCase()]) {
        const a = await post(
          'patient/addPatient',
          { ...HUMAN_FORM, strDiagnosistNum: again },
          colleague.token,
          'en',
        );
        expectRefused(a, 'PATHOLOGY_NUMBER_TAKEN');
        expect(a.body.strMessage).toBe('Pathology number taken');
      }
      expect(await countCases()).toBe(before);
      // Numbers are unique per hospital: another hospital may use it.
      await addCase(api, outsider.token, { strDiagnosistNum: num });
    });

    it('needs a typed number when the hospital has no numbering rule', async () => {
      const form = { ...HUMAN_FORM, strDiagnosistNum: '' };
      const a = await post('patient/addPatient', form, doctor, 'en');
      expectFieldError(a, 'strDiagnosistNum', 'validation.case.diagnosisNum');
    });
  });

  describe('pathology numbers from the hospital’s rule', () => {
    let ruled: { hospitalId: number; id: number; token: string };
    const today = () => {
      const cst = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString();
      return cst.slice(0, 10).replaceAll('-', '');
    };

    beforeAll(async () => {
      ruled = await doctorElsewhere(db(), api);
      await addNumberRule(db(), ruled.hospitalId);
    });

    it('gives an empty number the next one of the rule', async () => {
      const a = await addCase(api, ruled.token, { strDiagnosistNum: '' });
      expect(a.strDiagnosistNum).toBe(`BL${today()}0001`);
      // A typed number is kept as typed, even with a rule.
      const typed = await addCase(api, ruled.token, { strDiagnosistNum: 'HAND-1' });
      expect(typed.strDiagnosistNum).toBe('HAND-1');
    });

    it('gives 10 concurrent cases 10 distinct consecutive numbers', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post<PatientDto>(
            'patient/addPatient',
            { ...HUMAN_FORM, strDiagnosistNum: '' },
            ruled.token,
          ),
        ),
      );
      const nums = answers.map((a) => expectOk(a).strDiagnosistNum).sort();
      expect(nums).toEqual(
        Array.from({ length: 10 }, (_, i) => `BL${today()}${String(i + 2).padStart(4, '0')}`),
      );
    });

    it('does not spend a number on a refused form', async () => {
      const refused = await post(
        'patient/addPatient',
        { ...HUMAN_FORM, strDiagnosistNum: '', strPhone: '' },
        ruled.token,
        'en',
      );
      expectFieldError(refused, 'strPhone', 'validation.case.phone');
      const next = await addCase(api, ruled.token, { strDiagnosistNum: '' });
      expect(next.strDiagnosistNum).toBe(`BL${today()}0012`);
    });

    it('numbers a clone from the rule', async () => {
      const original = await addCase(api, ruled.token, { strDiagnosistNum: 'ORIG-9' });
      const clone = expectOk(
        await post<PatientDto>('patient/clone', { iPatientId: original.iPatientId }, ruled.token),
      );
      expect(clone.strDiagnosistNum).toBe(`BL${today()}0013`);
    });
  });

  describe('the veterinary variant', () => {
    afterAll(() => setVariant(1));

    it('requires the veterinary fields, each with its own message', async () => {
      await setVariant(2);
      const rules = REQUIRED_PATIENT_FIELDS.veterinary;
      for (const [name, key] of Object.entries(rules) as [string, MessageKey][]) {
        const form: Record<string, unknown> = { ...VET_FORM, strDiagnosistNum: caseNumber() };
        const field = name === 'age' ? 'iAgeYear' : name;
        if (name === 'age') {
          form.iAgeYear = null;
        } else {
          form[name] = typeof form[name] === 'string' && name !== 'dtCollectedDate' ? '' : null;
        }
        const en = await post('patient/addPatient', form, doctor, 'en');
        expectFieldError(en, field, key);
        const zh = await post('patient/addPatient', form, doctor, 'zh');
        expect(zh.body.objData).toEqual([{ strField: field, strMessage: translate(key, 'zh') }]);
      }
    });

    it('creates a pet case without the human-only required fields; it stays veterinary', async () => {
      await setVariant(2);
      const pet = expectOk(
        await post<PatientDto>(
          'patient/addPatient',
          { ...VET_FORM, strDiagnosistNum: caseNumber('V'), strOwnerEmail: 'owner@example.com' },
          doctor,
        ),
      );
      expect(pet).toMatchObject({
        ...VET_FORM,
        ddVariant: { iNumber: 2 },
        ddClassification: null,
        strOwnerEmail: 'owner@example.com',
      });
      await setVariant(1);
      // Edited in a human deployment, the case keeps the veterinary model and its rules.
      const edited = await post<PatientDto>(
        'patient/updatePatient',
        { ...VET_FORM, strDiagnosistNum: pet.strDiagnosistNum, iPatientId: pet.iPatientId },
        doctor,
      );
      expect(expectOk(edited)).toMatchObject({ strSpecies: '犬', ddVariant: { iNumber: 2 } });
      const refused = await post(
        'patient/updatePatient',
        {
          ...VET_FORM,
          strSpecies: '',
          strDiagnosistNum: pet.strDiagnosistNum,
          iPatientId: pet.iPatientId,
        },
        doctor,
        'en',
      );
      expectFieldError(refused, 'strSpecies', 'validation.case.species');
    });
  });

  describe('patient/updatePatient and deletePatient', () => {
    it('saves the whole form again, with an edit event', async () => {
      const c = await addCase(api, doctor);
      const num = caseNumber('U');
      const a = await post<PatientDto>(
        'patient/updatePatient',
        { ...HUMAN_FORM, strPatientName: '李四', strDiagnosistNum: num, iPatientId: c.iPatientId },
        doctor,
      );
      expect(expectOk(a)).toMatchObject({ strPatientName: '李四', strDiagnosistNum: num });
      expect(expectOk(await events(c.iPatientId)).map((e) => e.strLogType)).toEqual([
        'edit',
        'create',
      ]);
    });

    it('refuses another case’s number and changes nothing', async () => {
      const a = await addCase(api, doctor);
      const b = await addCase(api, doctor);
      const r = await post(
        'patient/updatePatient',
        { ...HUMAN_FORM, strDiagnosistNum: a.strDiagnosistNum, iPatientId: b.iPatientId },
        doctor,
      );
      expectRefused(r, 'PATHOLOGY_NUMBER_TAKEN');
      // The saved case answers how many waiting slides joined it: none here.
      expect({ ...expectOk(await info(b.iPatientId)), iSlidesJoined: 0 }).toEqual(b);
    });

    it('brings a returned or withdrawn case back to the new list', async () => {
      for (const state of [S.Returned, S.Withdrawn]) {
        const c = await addCase(api, doctor);
        await setCaseState(db(), c.iPatientId, state);
        const a = await post<PatientDto>(
          'patient/updatePatient',
          { ...HUMAN_FORM, strDiagnosistNum: c.strDiagnosistNum, iPatientId: c.iPatientId },
          doctor,
        );
        expect(expectOk(a).ddPatientState.iNumber).toBe(S.New);
        expect(expectOk(await events(c.iPatientId, doctor, 'edit'))).toMatchObject([
          { ddFromState: { iNumber: state }, ddToState: { iNumber: S.New } },
        ]);
      }
    });

    it('deletes a case with its events, comments and collections', async () => {
      const c = await addCase(api, doctor);
      expectOk(await post('collection/add', { iPatientId: c.iPatientId }, doctor));
      await db().insert(patientComments).values({
        patientId: c.iPatientId,
        userId: colleague.id,
        content: '请补充切片',
        createdAt: t.clock.now(),
      });
      expectOk(await post('patient/deletePatient', { iPatientId: c.iPatientId }, doctor));
      expectNotFound(await info(c.iPatientId));
      for (const table of [patientEvents, patientComments, patientCollections]) {
        const rows = await db().select().from(table).where(eq(table.patientId, c.iPatientId));
        expect(rows).toEqual([]);
      }
    });
  });

  describe('the state machine through the API', () => {
    type Outcome = number | 'CASE_STATE_CHANGED';
    const C = 'CASE_STATE_CHANGED' as const;
    /** action → outcome per state New, Submitted, Completed, Returned, Withdrawn (not viewed). */
    const TABLE: Record<string, Outcome[]> = {
      edit: [S.New, C, C, S.New, S.New],
      frozenHead: [S.New, C, C, S.New, S.New],
      delete: [-1, C, C, -1, -1],
      withdraw: [C, S.Withdrawn, C, C, C],
      clone: [S.New, S.New, S.New, S.New, S.New],
    };
    const act = (action: string, c: PatientDto): Promise<Answer> => {
      const iPatientId = c.iPatientId;
      switch (action) {
        case 'edit':
          return post(
            'patient/updatePatient',
            { ...HUMAN_FORM, strDiagnosistNum: c.strDiagnosistNum, iPatientId },
            doctor,
          );
        case 'frozenHead':
          return post(
            'patient/updatePatientFrozenHeadNum',
            { iPatientId, iFrozenHeadNum: 3 },
            doctor,
          );
        case 'delete':
          return post('patient/deletePatient', { iPatientId }, doctor);
        case 'withdraw':
          return post('back/withdrawPatient', { iPatientId, strReason: '补充资料' }, doctor);
        default:
          return post('patient/clone', { iPatientId }, doctor);
      }
    };

    it('allows exactly the moves of case-states.ts, and a refusal changes nothing', async () => {
      const failures: string[] = [];
      for (const [action, outcomes] of Object.entries(TABLE)) {
        for (const [state, expected] of outcomes.entries()) {
          const c = await addCase(api, doctor);
          await setCaseState(db(), c.iPatientId, state);
          const before = await caseRow(db(), c.iPatientId);
          const a = await act(action, c);
          const after = await caseRow(db(), c.iPatientId);
          const where = `${action} from ${state}`;
          if (expected === C) {
            if (a.body.strErrorCode !== C) {
              failures.push(`${where}: ${a.status}/${a.body.strErrorCode}, expected ${C}`);
            }
            if (JSON.stringify(after) !== JSON.stringify(before)) {
              failures.push(`${where}: the case changed`);
            }
          } else if (a.status !== 200 || a.body.iCode !== 0) {
            failures.push(`${where}: ${a.status}/${a.body.strErrorCode}, expected success`);
          } else if (expected === -1) {
            if (after) {
              failures.push(`${where}: not deleted`);
            }
          } else if (action === 'clone') {
            const clone = a.body.objData as PatientDto;
            if (clone.ddPatientState.iNumber !== expected || after?.state !== state) {
              failures.push(`${where}: clone in ${clone.ddPatientState.iNumber}`);
            }
          } else if (after?.state !== expected) {
            failures.push(`${where}: now ${after?.state}, expected ${expected}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('back/withdrawPatient', () => {
    it('withdraws a submitted case no expert opened, keeping the reason', async () => {
      const c = await addCase(api, doctor);
      await setCaseState(db(), c.iPatientId, S.Submitted);
      const a = await post<PatientDto>(
        'back/withdrawPatient',
        { iPatientId: c.iPatientId, strReason: '需补充免疫组化' },
        doctor,
      );
      expect(expectOk(a).ddPatientState.iNumber).toBe(S.Withdrawn);
      expect(expectOk(await events(c.iPatientId, doctor, 'withdraw'))).toMatchObject([
        {
          strLogType: 'withdraw',
          strReason: '需补充免疫组化',
          ddFromState: { iNumber: S.Submitted },
          ddToState: { iNumber: S.Withdrawn },
        },
      ]);
      const withdrawn = expectOk(await list({ strList: 'withdrawn', iPageSize: 100 }));
      expect(withdrawn.listPage.map((r) => r.iPatientId)).toContain(c.iPatientId);
    });

    it('refuses once an expert viewed it, and changes nothing', async () => {
      const c = await addCase(api, doctor);
      await setCaseState(db(), c.iPatientId, S.Submitted, true);
      const a = await post(
        'back/withdrawPatient',
        { iPatientId: c.iPatientId, strReason: '撤回' },
        doctor,
        'en',
      );
      expectRefused(a, 'CASE_ALREADY_VIEWED');
      expect((await caseRow(db(), c.iPatientId))?.state).toBe(S.Submitted);
      expect(expectOk(await events(c.iPatientId, doctor, 'withdraw'))).toEqual([]);
    });

    it('needs a reason', async () => {
      const c = await addCase(api, doctor);
      await setCaseState(db(), c.iPatientId, S.Submitted);
      const a = await post(
        'back/withdrawPatient',
        { iPatientId: c.iPatientId, strReason: ' ' },
        doctor,
        'en',
      );
      expectFieldError(a, 'strReason', 'validation.required');
    });

    it('lets only one of several concurrent withdrawals through', async () => {
      const c = await addCase(api, doctor);
      await setCaseState(db(), c.iPatientId, S.Submitted);
      const body = { iPatientId: c.iPatientId, strReason: '并发' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post('back/withdrawPatient', body, doctor)),
      );
      expect(answers.map((a) => a.body.strErrorCode ?? 'OK').sort()).toEqual([
        ...Array<string>(5).fill('CASE_STATE_CHANGED'),
        'OK',
      ]);
      expect(expectOk(await events(c.iPatientId, doctor, 'withdraw'))).toHaveLength(1);
    });
  });

  describe('patient/clone', () => {
    it('copies the fields into a new case of the owner, not state, dates or marks', async () => {
      const num = caseNumber('C');
      const c = await addCase(api, doctor, { strDiagnosistNum: num, strRemarks: '原病例' });
      expectOk(await post('collection/add', { iPatientId: c.iPatientId }, doctor));
      await setCaseState(db(), c.iPatientId, S.Completed);
      const clone = expectOk(
        await post<PatientDto>('patient/clone', { iPatientId: c.iPatientId }, doctor),
      );
      const {
        iPatientId: _a,
        strDiagnosistNum: _b,
        ...copied
      } = HUMAN_FORM as Record<string, unknown>;
      expect(clone).toMatchObject({
        ...copied,
        strRemarks: '原病例',
        strDiagnosistNum: `${num}-1`,
        ddPatientState: { iNumber: S.New },
        iClonedFromId: c.iPatientId,
        bCollected: false,
      });
      expect(clone.iPatientId).not.toBe(c.iPatientId);
      expect(expectOk(await events(clone.iPatientId)).map((e) => e.strLogType)).toEqual(['clone']);
    });

    it('takes the first free -k suffix without a rule, within 16 characters', async () => {
      const num = caseNumber('K');
      const c = await addCase(api, doctor, { strDiagnosistNum: num });
      await addCase(api, colleague.token, { strDiagnosistNum: `${num}-2`.toLowerCase() });
      const nums = [];
      for (let i = 0; i < 2; i++) {
        const a = await post<PatientDto>('patient/clone', { iPatientId: c.iPatientId }, doctor);
        nums.push(expectOk(a).strDiagnosistNum);
      }
      expect(nums).toEqual([`${num}-1`, `${num}-3`]);

      const long = await addCase(api, doctor, {
        strDiagnosistNum: `L${Date.now()}`.padEnd(15, '0'),
      });
      const before = await countCases();
      const refused = await post('patient/clone', { iPatientId: long.iPatientId }, doctor);
      expectRefused(refused, 'PATHOLOGY_NUMBER_TAKEN');
      expect(await countCases()).toBe(before);
    });
  });

  describe('frozen head count', () => {
    it('is read by whoever reads the case and set by the owner while editable', async () => {
      const c = await addCase(api, doctor, { ddDiagnosticType: { iNumber: 2 }, iFrozenHeadNum: 2 });
      const read = (token = doctor) =>
        get<FrozenHeadDto>('patient/getPatientFrozenHeadNum', { iPatientId: c.iPatientId }, token);
      expect(expectOk(await read())).toEqual({ iPatientId: c.iPatientId, iFrozenHeadNum: 2 });
      expect(expectOk(await read(tokens.hadmin)).iFrozenHeadNum).toBe(2);
      const set = (n: unknown) =>
        post(
          'patient/updatePatientFrozenHeadNum',
          { iPatientId: c.iPatientId, iFrozenHeadNum: n },
          doctor,
          'en',
        );
      expectOk(await set(5));
      expect(expectOk(await read()).iFrozenHeadNum).toBe(5);
      for (const bad of [-1, 1000, 1.5, 'x']) {
        expectFieldError(await set(bad), 'iFrozenHeadNum', 'validation.invalid');
      }
      await setCaseState(db(), c.iPatientId, S.Submitted);
      expectRefused(await set(6), 'CASE_STATE_CHANGED');
      expect(expectOk(await read()).iFrozenHeadNum).toBe(5);
    });
  });

  describe('who may use a case', () => {
    /** Each route, called on a case prepared for it; its answer for the owner must be success. */
    const ROUTES: {
      name: string;
      state?: number;
      call: (token: string, id: number, num: string) => Promise<Answer>;
    }[] = [
      { name: 'getPatientInfo', call: (tk, id) => info(id, tk) },
      {
        name: 'updatePatient',
        call: (tk, id, num) =>
          post(
            'patient/updatePatient',
            { ...HUMAN_FORM, strDiagnosistNum: num, iPatientId: id },
            tk,
          ),
      },
      {
        name: 'deletePatient',
        call: (tk, id) => post('patient/deletePatient', { iPatientId: id }, tk),
      },
      { name: 'clone', call: (tk, id) => post('patient/clone', { iPatientId: id }, tk) },
      {
        name: 'withdrawPatient',
        state: S.Submitted,
        call: (tk, id) => post('back/withdrawPatient', { iPatientId: id, strReason: '撤回' }, tk),
      },
      { name: 'selectBackByLogType', call: (tk, id) => events(id, tk) },
      {
        name: 'getPatientFrozenHeadNum',
        call: (tk, id) => get('patient/getPatientFrozenHeadNum', { iPatientId: id }, tk),
      },
      {
        name: 'updatePatientFrozenHeadNum',
        call: (tk, id) =>
          post('patient/updatePatientFrozenHeadNum', { iPatientId: id, iFrozenHeadNum: 1 }, tk),
      },
      { name: 'collection/add', call: (tk, id) => post('collection/add', { iPatientId: id }, tk) },
      {
        name: 'collection/delete',
        call: (tk, id) => post('collection/delete', { iPatientId: id }, tk),
      },
    ];

    it('owner 200, same-hospital doctor CASE_NOT_OWNED, other hospital 404, missing 404', async () => {
      const failures: string[] = [];
      for (const route of ROUTES) {
        for (const who of ['owner', 'colleague', 'outsider', 'missing'] as const) {
          const c = await addCase(api, doctor);
          await setCaseState(db(), c.iPatientId, route.state ?? S.New);
          const before = await caseRow(db(), c.iPatientId);
          const token =
            who === 'colleague' ? colleague.token : who === 'outsider' ? outsider.token : doctor;
          const id = who === 'missing' ? MISSING_ID : c.iPatientId;
          const a = await route.call(token, id, c.strDiagnosistNum);
          const got =
            a.status === 200 && a.body.iCode === 0 ? 'OK' : `${a.status}/${a.body.strErrorCode}`;
          const expected =
            who === 'owner' ? 'OK' : who === 'colleague' ? '200/CASE_NOT_OWNED' : '404/NOT_FOUND';
          if (got !== expected) {
            failures.push(`${route.name} as ${who}: ${got}, expected ${expected}`);
          }
          if (who === 'colleague' || who === 'outsider') {
            const after = await caseRow(db(), c.iPatientId);
            if (JSON.stringify(after) !== JSON.stringify(before)) {
              failures.push(`${route.name} as ${who}: the case changed`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('lets administrators with report view read within its scope, never change', async () => {
      const c = await addCase(api, doctor);
      const elsewhere = await addCase(api, outsider.token);
      const noReport = await loggedInUser(db(), api, hospitalA, 2);
      await setReportView(db(), noReport.id, null);
      const allHospitals = await loggedInUser(db(), api, outsider.hospitalId, 2);
      await setReportView(db(), allHospitals.id, 2);

      expect(expectOk(await info(c.iPatientId, tokens.hadmin)).iPatientId).toBe(c.iPatientId);
      expectNotFound(await info(elsewhere.iPatientId, tokens.hadmin));
      expectRefused(await info(c.iPatientId, noReport.token), 'CASE_NOT_OWNED');
      expect(expectOk(await info(c.iPatientId, allHospitals.token)).iPatientId).toBe(c.iPatientId);
      expect(expectOk(await info(elsewhere.iPatientId, tokens.admin)).iPatientId).toBe(
        elsewhere.iPatientId,
      );
      // The demo expert works at another hospital; issue 7 lets it read the cases sent to it.
      expectNotFound(await info(c.iPatientId, tokens.expert));
      const body = {
        ...HUMAN_FORM,
        strDiagnosistNum: c.strDiagnosistNum,
        iPatientId: c.iPatientId,
      };
      for (const token of [tokens.hadmin, tokens.admin, tokens.expert]) {
        expectForbidden(await post('patient/updatePatient', body, token));
        expectForbidden(await post('patient/deletePatient', { iPatientId: c.iPatientId }, token));
        expectForbidden(await post('patient/addPatient', HUMAN_FORM, token));
      }
      // The saved case answers how many waiting slides joined it: none here.
      expect({ ...expectOk(await info(c.iPatientId)), iSlidesJoined: 0 }).toEqual(c);
    });

    it('audits every read of a case, refused ones too', async () => {
      const c = await addCase(api, doctor);
      await info(c.iPatientId, tokens.hadmin);
      await info(c.iPatientId, colleague.token);
      const page = expectOk(
        await get<AuditLogPage>(
          'log/GetAuditLogs',
          { strAction: 'patient/getPatientInfo', iPageSize: 100 },
          tokens.admin,
        ),
      );
      const mine = page.listPage.filter((r) => r.strTargetId === String(c.iPatientId));
      expect(mine.map((r) => [r.strUserName, r.strOutcome, r.strTargetType])).toEqual([
        [expect.stringMatching(/^user_/), 'failure', 'patient'],
        ['demo_hadmin', 'success', 'patient'],
      ]);
      const lists = expectOk(
        await get<AuditLogPage>(
          'log/GetAuditLogs',
          { strAction: 'patient/selectPatient', iPageSize: 5 },
          tokens.admin,
        ),
      );
      await list({ strList: 'new', strPatientName: '张' });
      const after = expectOk(
        await get<AuditLogPage>(
          'log/GetAuditLogs',
          { strAction: 'patient/selectPatient', iPageSize: 5 },
          tokens.admin,
        ),
      );
      expect(after.iTotalCount).toBe(lists.iTotalCount + 1);
      // The search itself is patient data: the record names the filters, not their values.
      expect(after.listPage[0]?.objDetail).toEqual({
        strList: 'new',
        iCurPage: 1,
        filters: ['strPatientName'],
      });
    });
  });

  describe('patient/selectPatient', () => {
    /** A doctor of its own, so that its lists hold only what a test puts there. */
    let me: { id: number; token: string };
    const ids = (p: PatientPage) => p.listPage.map((r) => r.iPatientId);
    const mine = (q: Record<string, string | number>) => list(q, me.token).then(expectOk);

    beforeAll(async () => {
      me = await loggedInUser(db(), api, hospitalA);
    });

    it('lists the caller’s own cases by state, newest first, with bCollected', async () => {
      const byState: number[][] = [[], [], [], [], []];
      for (const state of [0, 1, 2, 3, 4, 0, 1]) {
        const c = await addCase(api, me.token);
        await setCaseState(db(), c.iPatientId, state);
        byState[state]?.push(c.iPatientId);
      }
      // Newest first: the same creation time, so the later id comes first.
      const names = ['new', 'waiting', 'completed', 'returned', 'withdrawn'];
      for (const [state, name] of names.entries()) {
        const page = await mine({ strList: name });
        expect(ids(page), name).toEqual([...(byState[state] ?? [])].reverse());
        expect(page.iTotalCount).toBe(byState[state]?.length);
        expect(page.bTotalCapped).toBe(false);
      }
      // Another doctor's cases of the same hospital never show.
      await addCase(api, colleague.token);
      expect((await mine({ strList: 'new' })).iTotalCount).toBe(2);
      const first = byState[0]?.[0] ?? 0;
      expectOk(await post('collection/add', { iPatientId: first }, me.token));
      const page = await mine({ strList: 'new' });
      expect(page.listPage.map((r) => [r.iPatientId, r.bCollected])).toEqual([
        [byState[0]?.[1], false],
        [first, true],
      ]);
      expect(page.listPage[0]).toMatchObject({
        strPatientName: HUMAN_FORM.strPatientName,
        strAge: '45岁',
        ddSex: { iNumber: 1 },
        ddClassification: { iNumber: 11 },
        ddEmergency: { iNumber: 0 },
        ddDiagnosticType: { iNumber: 1 },
        owner: { iUserId: me.id },
      });
    });

    it('filters by name prefix or part, number prefix, state, classification and China days', async () => {
      const other = await loggedInUser(db(), api, hospitalA);
      const add = (over: Record<string, unknown>) => addCase(api, other.token, over);
      const alice = await add({ strPatientName: 'Alice Wang', strDiagnosistNum: caseNumber('XA') });
      const bob = await add({ strPatientName: 'Bob 50%', ddClassification: { iNumber: 3 } });
      const wang = await add({ strPatientName: '王小明' });
      const q = (query: Record<string, string | number>) =>
        list({ strList: 'new', ...query }, other.token)
          .then(expectOk)
          .then(ids);
      expect(await q({ strPatientName: 'ali' })).toEqual([alice.iPatientId]);
      expect(await q({ strPatientName: 'wang' })).toEqual([]);
      expect(await q({ strPatientName: 'wang', strNameMatch: 'contains' })).toEqual([
        alice.iPatientId,
      ]);
      expect(await q({ strPatientName: '小明', strNameMatch: 'contains' })).toEqual([
        wang.iPatientId,
      ]);
      // Wildcards are text: '%' matches only a name holding a percent sign.
      expect(await q({ strPatientName: '%', strNameMatch: 'contains' })).toEqual([bob.iPatientId]);
      expect(await q({ strPatientName: '_', strNameMatch: 'contains' })).toEqual([]);
      expect(
        await q({ strDiagnosistNum: alice.strDiagnosistNum.slice(0, 4).toLowerCase() }),
      ).toEqual([alice.iPatientId]);
      expect(await q({ iClassification: 3 })).toEqual([bob.iPatientId]);
      expect(await q({ iPatientState: 1 })).toEqual([]);

      // 23:30 and 00:30 China time on either side of midnight.
      await db()
        .update(patients)
        .set({ createdAt: new Date('2026-01-05T15:30:00Z') })
        .where(eq(patients.id, alice.iPatientId));
      await db()
        .update(patients)
        .set({ createdAt: new Date('2026-01-05T16:30:00Z') })
        .where(eq(patients.id, bob.iPatientId));
      await db()
        .update(patients)
        .set({ createdAt: new Date('2026-01-07T04:00:00Z') })
        .where(eq(patients.id, wang.iPatientId));
      expect(await q({ dtStart: '2026-01-06', dtEnd: '2026-01-06' })).toEqual([bob.iPatientId]);
      expect(await q({ dtEnd: '2026-01-05' })).toEqual([alice.iPatientId]);
      expect(await q({ dtStart: '2026-01-06' })).toEqual([wang.iPatientId, bob.iPatientId]);

      expect(await q({ strSort: 'createdAsc' })).toEqual([
        alice.iPatientId,
        bob.iPatientId,
        wang.iPatientId,
      ]);
      const byNum = [alice, bob, wang]
        .sort((x, y) =>
          x.strDiagnosistNum.toLowerCase() < y.strDiagnosistNum.toLowerCase() ? -1 : 1,
        )
        .map((c) => c.iPatientId);
      expect(await q({ strSort: 'numAsc' })).toEqual(byNum);
      expect(await q({ strSort: 'numDesc' })).toEqual([...byNum].reverse());

      const page2 = await list({ strList: 'new', iPageSize: 2, iCurPage: 2 }, other.token).then(
        expectOk,
      );
      expect(page2.iTotalCount).toBe(3);
      expect(ids(page2)).toEqual([alice.iPatientId]);
    });

    it('stops counting at 10,000 and says so', async () => {
      const busy = await loggedInUser(db(), api, hospitalA);
      await db().execute(sql`
        insert into patients (hospital_id, owner_id, state, diagnosis_num, name, created_at, updated_at)
        select ${hospitalA}, ${busy.id}, 0, 'CAP' || ${busy.id} || '-' || g, '批量' || g, now(), now()
        from generate_series(1, 10001) g`);
      const page = expectOk(await list({ strList: 'new', iPageSize: 5 }, busy.token));
      expect(page).toMatchObject({ iTotalCount: 10_000, bTotalCapped: true });
      expect(page.listPage).toHaveLength(5);
    });
  });

  describe('collection', () => {
    const collect = (id: number, token: string, add = true) =>
      post<PatientCollected>(
        add ? 'collection/add' : 'collection/delete',
        { iPatientId: id },
        token,
      );
    const collection = (token: string) =>
      list({ strList: 'collection', iPageSize: 100 }, token).then(expectOk);

    it('is idempotent both ways and lists collected cases of any state', async () => {
      const c = await addCase(api, doctor);
      await setCaseState(db(), c.iPatientId, S.Completed);
      for (let i = 0; i < 2; i++) {
        expect(expectOk(await collect(c.iPatientId, doctor))).toEqual({
          iPatientId: c.iPatientId,
          bCollected: true,
        });
      }
      const rows = await db()
        .select()
        .from(patientCollections)
        .where(eq(patientCollections.patientId, c.iPatientId));
      expect(rows).toHaveLength(1);
      const page = await collection(doctor);
      expect(page.listPage.find((r) => r.iPatientId === c.iPatientId)).toMatchObject({
        bCollected: true,
        ddPatientState: { iNumber: S.Completed },
      });
      expect(expectOk(await info(c.iPatientId)).bCollected).toBe(true);
      for (let i = 0; i < 2; i++) {
        expect(expectOk(await collect(c.iPatientId, doctor, false)).bCollected).toBe(false);
      }
      expect(ids(await collection(doctor))).not.toContain(c.iPatientId);
    });

    it('is for cases the user may read; a lost privilege hides them again', async () => {
      const c = await addCase(api, doctor);
      expectRefused(await collect(c.iPatientId, colleague.token), 'CASE_NOT_OWNED');
      expectNotFound(await collect(c.iPatientId, outsider.token));
      const reader = await loggedInUser(db(), api, hospitalA, 2);
      expectOk(await collect(c.iPatientId, reader.token));
      expect(ids(await collection(reader.token))).toEqual([c.iPatientId]);
      await setReportView(db(), reader.id, null);
      expect(ids(await collection(reader.token))).toEqual([]);
      expectRefused(await collect(c.iPatientId, reader.token), 'CASE_NOT_OWNED');
    });

    const ids = (p: PatientPage) => p.listPage.map((r) => r.iPatientId);
  });
});
