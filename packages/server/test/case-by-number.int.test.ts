import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseState, type CaseByNumber } from '@pathconsult/shared';
import { slideDocuments } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import { testDatabases } from './helpers/databases';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { logInDemoAccounts, type DemoTokens } from './helpers/demo-accounts';
import { expectFieldError, expectForbidden, expectOk } from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  doctorElsewhere,
  loggedInUser,
  setCaseState,
  userHospital,
} from './helpers/case-fixtures';

/*
 * slideDocument/getCaseByNumber: "upload by pathology number" asks it before queueing slides, so
 * that slides of a case that exists go to the case (and its name rule applies at once).
 */
const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);

describe.each(await testDatabases())('the case of a pathology number on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let tokens: DemoTokens;
  let owner: { id: number; token: string };
  let colleague: { id: number; token: string };
  let outsider: { id: number; token: string };

  const ask = (strDiagnosistNum: string, token = owner.token) =>
    api.get<CaseByNumber>(
      'slideDocument/getCaseByNumber',
      { strDiagnosistNum },
      { token, lang: 'en' },
    );

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    tokens = await logInDemoAccounts(api);
    const hospital = await userHospital(t.database.db, 'demo_doctor');
    owner = await loggedInUser(t.database.db, api, hospital);
    colleague = await loggedInUser(t.database.db, api, hospital);
    outsider = await doctorElsewhere(t.database.db, api);
  });
  afterAll(() => t.close());

  const caseOf = async (id: number) => {
    const [row] = await t.database.db
      .select({ patientId: slideDocuments.patientId, diagnosisNum: slideDocuments.diagnosisNum })
      .from(slideDocuments)
      .where(eq(slideDocuments.id, id));
    return row;
  };

  it('finds the caller’s own case, whatever the letters’ case, and says whether it takes slides', async () => {
    const num = `Bn-${Date.now() % 1_000_000}`;
    const c = await addCase(api, owner.token, { strDiagnosistNum: num, strPatientName: '赵敏' });
    expect(expectOk(await ask(` ${num.toLowerCase()} `))).toEqual({
      patient: {
        iPatientId: c.iPatientId,
        strDiagnosistNum: num,
        strPatientName: '赵敏',
        bTakesSlides: true,
      },
    });
    // The answer names the patient: its read is audited.
    expect(await latestAuditRecord(t.database.db, 'slideDocument/getCaseByNumber')).toMatchObject({
      targetType: 'patient',
      targetId: String(c.iPatientId),
      outcome: 'success',
    });

    await setCaseState(t.database.db, c.iPatientId, CaseState.Submitted);
    expect(expectOk(await ask(num)).patient?.bTakesSlides).toBe(false);
    await setCaseState(t.database.db, c.iPatientId, CaseState.Returned);
    expect(expectOk(await ask(num)).patient?.bTakesSlides).toBe(true);
  });

  it('answers null for no case, a colleague’s case and another hospital’s', async () => {
    const num = `BN2-${Date.now() % 1_000_000}`;
    expect(expectOk(await ask(num))).toEqual({ patient: null });
    await addCase(api, colleague.token, { strDiagnosistNum: num });
    expect(expectOk(await ask(num))).toEqual({ patient: null });
    const far = `BN3-${Date.now() % 1_000_000}`;
    await addCase(api, outsider.token, { strDiagnosistNum: far });
    expect(expectOk(await ask(far))).toEqual({ patient: null });
    // A prefix is not the number.
    const c = await addCase(api, owner.token, { strDiagnosistNum: `${num}-X` });
    expect(expectOk(await ask(num))).toEqual({ patient: null });
    expect(expectOk(await ask(`${num}-x`)).patient?.iPatientId).toBe(c.iPatientId);
  });

  it('registers a slide by the number of the caller’s own case into that case; others stay unmatched', async () => {
    // A batch by number registers each slide when its turn comes: the case may exist by then.
    const num = `BU-${Date.now() % 1_000_000}`;
    const c = await addCase(api, owner.token, { strDiagnosistNum: num });
    const joined = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { strDiagnosistNum: num.toLowerCase() },
      'joined.tiff',
      BOXES,
    );
    expect(await caseOf(joined)).toEqual({ patientId: c.iPatientId, diagnosisNum: num });
    // A colleague's case of a number is not the caller's to fill: the slide waits unmatched.
    const other = `BU2-${Date.now() % 1_000_000}`;
    await addCase(api, colleague.token, { strDiagnosistNum: other });
    const waiting = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { strDiagnosistNum: other },
      'waiting.tiff',
      BOXES,
    );
    expect(await caseOf(waiting)).toEqual({ patientId: null, diagnosisNum: other });
    // Nor does a case of the caller's that no longer takes slides.
    const sent = `BU3-${Date.now() % 1_000_000}`;
    const locked = await addCase(api, owner.token, { strDiagnosistNum: sent });
    await setCaseState(t.database.db, locked.iPatientId, CaseState.Submitted);
    const later = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { strDiagnosistNum: sent },
      'later.tiff',
      BOXES,
    );
    expect(await caseOf(later)).toEqual({ patientId: null, diagnosisNum: sent });
    await t.app.slideIngest.idle();
  });

  it('refuses an empty number and callers who do not upload', async () => {
    expectFieldError(await ask('  '), 'strDiagnosistNum', 'validation.case.diagnosisNum');
    expectForbidden(await ask('ANY-1', tokens.expert));
  });
});
