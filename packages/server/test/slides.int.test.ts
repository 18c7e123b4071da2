import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  CaseState,
  SlideUploadState,
  type DocumentStatusList,
  type PatientDto,
  type PatientSavedDto,
  type SlideStatisticsReport,
  type SlideDocumentDto,
  type SlideDocumentList,
  type SlideMatchResult,
  type SlidePage,
  type SlideStatistics,
} from '@pathconsult/shared';
import { slideDocuments, slideFiles, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer, type ApiClient } from './helpers/http';
import { logInDemoAccounts, type DemoTokens } from './helpers/demo-accounts';
import { expectFieldError, expectNotFound, expectOk, expectRefused } from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import { MISSING_ID } from './helpers/test-values';
import { tenancyMatrixFailures } from './helpers/tenancy-matrix';
import {
  addCase,
  caseNumber,
  doctorElsewhere,
  loggedInUser,
  setCaseState,
  userHospital,
} from './helpers/case-fixtures';
import { createHospital } from './helpers/factories';
import {
  insertSlide,
  receiveChunks,
  setClearSlide,
  setGrant,
  slideFolderExists,
  slideRow,
  storageUsed,
  type SlideValues,
} from './helpers/slide-fixtures';

type User = { id: number; token: string };

describe.each(await testDatabases())('slide management on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let tokens: DemoTokens;
  /** The demo doctor's hospital. */
  let hospitalA: number;
  let demoDoctorId: number;
  /** A fresh doctor of hospital A, whose cases and slides the tests make. */
  let owner: User;
  /** Another doctor of hospital A. */
  let colleague: User;
  let outsider: User & { hospitalId: number };
  /** A hospital administrator of hospital A holding "clear slide" for its own hospital. */
  let slideAdmin: User;

  const db = () => t.database.db;
  const slide = (v: SlideValues) => insertSlide(db(), t.dataDir, v);
  /** An unmatched slide of hospital A uploaded by `who` (the owner by default). */
  const ownSlide = (over: Partial<SlideValues> = {}, who: User = owner) =>
    slide({ hospitalId: hospitalA, uploadUserId: who.id, diagnosisNum: caseNumber('S'), ...over });

  const byPatient = (iPatientId: number, token = owner.token) =>
    api.get<SlideDocumentList>(
      'slideDocument/selectSlideDocumentByPatient',
      { iPatientId },
      { token },
    );
  const list = (token: string, q: Record<string, string | number> = {}) =>
    api.get<SlidePage>(
      'slideDocument/selectSlideDocumentByType',
      { iPageSize: 100, ...q },
      { token },
    );
  const listIds = async (token: string, q: Record<string, string | number> = {}) =>
    expectOk(await list(token, q)).listPage.map((s) => s.iSlideDocumentId);
  const remove = (ids: number[], token = owner.token, lang?: 'en' | 'zh') =>
    api.post(
      'slideDocument/deleteSlideDocument',
      { listSlideDocument: ids.map((iSlideDocumentId) => ({ iSlideDocumentId })) },
      { token, lang },
    );
  const update = (body: Record<string, unknown>, token = owner.token, lang?: 'en' | 'zh') =>
    api.post<SlideDocumentDto>('slideDocument/updateSlideDocument', body, { token, lang });
  const match = (ids: number[], token = owner.token, lang?: 'en' | 'zh') =>
    api.post<SlideMatchResult>(
      'slideDocument/matchPatient',
      { listSlideDocument: ids.map((iSlideDocumentId) => ({ iSlideDocumentId })) },
      { token, lang },
    );
  const matchCase = (iPatientId: number, token = owner.token) =>
    api.post<SlideMatchResult>('patient/matchSlideDocument', { iPatientId }, { token });
  const statistics = (token: string, q: Record<string, number> = {}) =>
    api.get<SlideStatistics>('slideDocument/statisticsSlide', q, { token });
  const statuses = (ids: string, token = owner.token) =>
    api.get<DocumentStatusList>(
      'slideDocument/getDocumentStatus',
      { listSlideDocumentId: ids },
      { token },
    );

  /** Until a query of the test database waits for a row lock (another transaction's). */
  async function waitForLockWait() {
    for (let tries = 0; tries < 500; tries += 1) {
      const waiting = (await db().execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0]?.n) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no query waited for the lock');
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    tokens = await logInDemoAccounts(api);
    hospitalA = await userHospital(db(), 'demo_doctor');
    owner = await loggedInUser(db(), api, hospitalA);
    colleague = await loggedInUser(db(), api, hospitalA);
    outsider = await doctorElsewhere(db(), api);
    slideAdmin = await loggedInUser(db(), api, hospitalA, 2);
    await setClearSlide(db(), slideAdmin.id, 1);
    const [demoDoctor] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'demo_doctor'));
    demoDoctorId = demoDoctor?.id ?? 0;
  });
  afterAll(() => t.close());

  it('lists a case’s live slides newest first, with every field, for the case’s readers', async () => {
    const c = await addCase(api, owner.token);
    const older = await ownSlide({
      patientId: c.iPatientId,
      diagnosisNum: c.strDiagnosistNum,
      name: 'older.svs',
      createdAt: new Date('2026-01-02T08:00:00Z'),
    });
    const newer = await ownSlide({
      patientId: c.iPatientId,
      diagnosisNum: c.strDiagnosistNum,
      name: 'newer.svs',
      state: SlideUploadState.Uploading,
      totalBytes: 3 * 1024 * 1024,
      createdAt: new Date('2026-01-03T08:00:00Z'),
    });
    await receiveChunks(db(), newer.id, [0, 2]);
    const gone = await ownSlide({ patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum });
    expectOk(await remove([gone.id]));
    await ownSlide(); // unmatched: not the case's

    const slides = expectOk(await byPatient(c.iPatientId)).listSlideDocument;
    expect(slides.map((s) => s.iSlideDocumentId)).toEqual([newer.id, older.id]);
    expect(slides[1]).toEqual({
      iSlideDocumentId: older.id,
      strFileName: 'older.svs',
      strOriginalName: 'older.svs',
      strFileType: 'svs',
      lSize: older.totalBytes,
      lProgress: older.totalBytes,
      iUploadType: 0,
      ddUploadState: { iNumber: SlideUploadState.Uploaded },
      iUpdateState: 1,
      bStalled: false,
      strFailReason: null,
      ddMatchState: { iNumber: 1 },
      // A new case still takes slide changes.
      bCaseLocked: false,
      iPatientId: c.iPatientId,
      // The case's doctor, who alone removes the slide from it.
      iCaseOwnerId: owner.id,
      bNumberHasCase: false,
      strPatientName: c.strPatientName,
      strDiagnosistNum: c.strDiagnosistNum,
      iHospitalId: hospitalA,
      strHospitalName: '演示申请医院 (Demo Applicant Hospital)',
      iUploadUserId: owner.id,
      strUploadUserName: expect.stringMatching(/^用户/),
      iFileCount: 1,
      strChecksum: 'ab'.repeat(16),
      dObjectiveMagnification: null,
      strThumbnailBase64: null,
      dtUploadTime: '2026-01-02T08:00:00.000Z',
      dtCompleteTime: '2026-01-05T08:05:00.000Z',
      dtDeleteTime: null,
      strDeleteUserName: null,
    });
    // Chunks 0 and 2 of three 1 MB chunks received.
    expect(slides[0]).toMatchObject({
      ddUploadState: { iNumber: 0 },
      iUpdateState: 0,
      lProgress: 2 * 1024 * 1024,
      dtCompleteTime: null,
    });

    // Readers of the case: its owner, report-view administrators of the hospital, the platform.
    expectOk(await byPatient(c.iPatientId, tokens.hadmin));
    expectOk(await byPatient(c.iPatientId, tokens.admin));
    expectRefused(await byPatient(c.iPatientId, colleague.token), 'CASE_NOT_OWNED');
    expectNotFound(await byPatient(c.iPatientId, outsider.token));
    expectNotFound(await byPatient(c.iPatientId, tokens.expert));
    expectNotFound(await byPatient(MISSING_ID));
    expectOk(await byPatient(c.iPatientId, tokens.hadmin));

    const audit = await latestAuditRecord(db(), 'slideDocument/selectSlideDocumentByPatient');
    expect(audit).toMatchObject({
      targetType: 'patient',
      targetId: String(c.iPatientId),
      outcome: 'success',
    });
  });

  describe('the management lists', () => {
    let hospitalH: number;
    let d1: User;
    let d2: User;
    let hAdmin: User;
    const ids: Record<string, number> = {};
    const at = (day: number) => new Date(`2026-02-${String(day).padStart(2, '0')}T08:00:00Z`);

    beforeAll(async () => {
      hospitalH = (await createHospital(db(), { storageTotalGb: '10' })).id;
      d1 = await loggedInUser(db(), api, hospitalH);
      d2 = await loggedInUser(db(), api, hospitalH);
      hAdmin = await loggedInUser(db(), api, hospitalH, 2);
      await setClearSlide(db(), hAdmin.id, 1);
      const c1 = await addCase(api, d1.token, { strDiagnosistNum: 'LA-200' });
      const c2 = await addCase(api, d2.token, {
        strDiagnosistNum: 'LA-400',
        strPatientName: '李_四',
      });
      const put = async (key: string, v: Partial<SlideValues> & { uploadUserId: number }) => {
        ids[key] = (
          await slide({ hospitalId: hospitalH, diagnosisNum: 'LA-000', name: key, ...v })
        ).id;
      };
      await put('S1.svs', {
        uploadUserId: d1.id,
        diagnosisNum: 'LN-100',
        createdAt: at(1),
        totalBytes: 5000,
      });
      await put('Alpha_x.svs', {
        uploadUserId: d1.id,
        diagnosisNum: 'LA-200',
        patientId: c1.iPatientId,
        createdAt: at(2),
        totalBytes: 3000,
      });
      await put('Beta.svs', {
        uploadUserId: d2.id,
        diagnosisNum: 'LN-300',
        createdAt: at(3),
        totalBytes: 9000,
      });
      await put('Gamma.svs', {
        uploadUserId: d2.id,
        diagnosisNum: 'LA-400',
        patientId: c2.iPatientId,
        createdAt: at(4),
        totalBytes: 1000,
      });
      await put('Delta.svs', {
        uploadUserId: d2.id,
        diagnosisNum: 'LN-500',
        state: SlideUploadState.Uploading,
        createdAt: at(4),
        totalBytes: 7000,
      });
    });

    it('shows a doctor its uploads, its cases’ slides and the hospital’s unmatched ones', async () => {
      // Same upload time: the higher id first.
      expect(await listIds(d1.token)).toEqual([
        ids['Delta.svs'],
        ids['Beta.svs'],
        ids['Alpha_x.svs'],
        ids['S1.svs'],
      ]);
      const page = expectOk(await list(d1.token, { iPageSize: 2, iCurPage: 2 }));
      expect(page.iTotalCount).toBe(4);
      // The sizes of all four found, not of the page's two.
      expect(page.lTotalBytes).toBe(7000 + 9000 + 3000 + 5000);
      expect(page.listPage.map((s) => s.strFileName)).toEqual(['Alpha_x.svs', 'S1.svs']);
      const found = expectOk(await list(d1.token, { strFileName: 'ta' }));
      expect(found.listPage.map((s) => s.strFileName)).toEqual(['Delta.svs', 'Beta.svs']);
      expect(found.lTotalBytes).toBe(7000 + 9000);
      const none = expectOk(await list(d1.token, { strFileName: 'no such slide' }));
      expect(none).toMatchObject({ iTotalCount: 0, lTotalBytes: 0 });
      expect(page.listPage[0]).toMatchObject({
        strPatientName: '张三',
        ddMatchState: { iNumber: 1 },
      });
      // d2 sees its own matched slide, not d1's.
      expect(await listIds(d2.token)).not.toContain(ids['Alpha_x.svs']);
      expect(await listIds(d2.token)).toContain(ids['Gamma.svs']);
    });

    it('filters by match state, upload state, number prefix, name part and upload days', async () => {
      const names = async (q: Record<string, string | number>) =>
        expectOk(await list(hAdmin.token, q)).listPage.map((s) => s.strFileName);
      expect(await names({ iMatchState: 0 })).toEqual(['Delta.svs', 'Beta.svs', 'S1.svs']);
      expect(await names({ iMatchState: 1 })).toEqual(['Gamma.svs', 'Alpha_x.svs']);
      expect(await names({ iUploadState: 0 })).toEqual(['Delta.svs']);
      expect(await names({ strDiagnosistNum: 'ln-1' })).toEqual(['S1.svs']);
      expect(await names({ strDiagnosistNum: 'LN' })).toEqual(['Delta.svs', 'Beta.svs', 'S1.svs']);
      // LIKE wildcards are plain characters: "_" finds names holding one, "%" none.
      expect(await names({ strFileName: '_' })).toEqual(['Alpha_x.svs']);
      expect(await names({ strFileName: '%' })).toEqual([]);
      expect(await names({ strFileName: 'ETA' })).toEqual(['Beta.svs']);
      expect(await names({ dtStart: '2026-02-02', dtEnd: '2026-02-03' })).toEqual([
        'Beta.svs',
        'Alpha_x.svs',
      ]);
      expect(await names({ iMatchState: 0, strDiagnosistNum: 'LN-3' })).toEqual(['Beta.svs']);
      // Exactly a number (a case's waiting slides), without regard to case: not its prefix.
      expect(await names({ strDiagnosistNum: 'ln-300', iNumMatch: 1 })).toEqual(['Beta.svs']);
      expect(await names({ strDiagnosistNum: 'LN-3', iNumMatch: 1 })).toEqual([]);
      expect(await names({ strDiagnosistNum: 'LN-%', iNumMatch: 1 })).toEqual([]);
      const bad = await list(hAdmin.token, { strDiagnosistNum: 'LN', iNumMatch: 2 });
      expect(bad.status).toBe(400);
      expect(bad.body.objData).toMatchObject([{ strField: 'iNumMatch' }]);
    });

    it('finds slides by a part of their case’s patient name, matched slides only', async () => {
      const names = async (q: Record<string, string | number>) =>
        expectOk(await list(hAdmin.token, q)).listPage.map((s) => s.strFileName);
      expect(await names({ strPatientName: '张' })).toEqual(['Alpha_x.svs']);
      expect(await names({ strPatientName: '四' })).toEqual(['Gamma.svs']);
      // LIKE wildcards are plain characters here too.
      expect(await names({ strPatientName: '_' })).toEqual(['Gamma.svs']);
      expect(await names({ strPatientName: '%' })).toEqual([]);
      expect(await names({ strPatientName: '王' })).toEqual([]);
      // Within what the caller sees: d1 does not see d2's case's slide.
      expect(
        expectOk(await list(d1.token, { strPatientName: '四' })).listPage.map((s) => s.strFileName),
      ).toEqual([]);
      const tooLong = await list(hAdmin.token, { strPatientName: '名'.repeat(17) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.objData).toMatchObject([{ strField: 'strPatientName' }]);
      // A number no case can have (16 at most) is refused like one too long to be a name.
      const numberTooLong = await list(hAdmin.token, { strDiagnosistNum: 'N'.repeat(17) });
      expect(numberTooLong.status).toBe(400);
      expect(numberTooLong.body.objData).toMatchObject([{ strField: 'strDiagnosistNum' }]);
    });

    it('sorts by upload time, name, pathology number or size, either way', async () => {
      const names = async (strSort: string) =>
        expectOk(await list(hAdmin.token, { strSort })).listPage.map((s) => s.strFileName);
      const byTime = ['Delta.svs', 'Gamma.svs', 'Beta.svs', 'Alpha_x.svs', 'S1.svs'];
      expect(await names('timeDesc')).toEqual(byTime);
      // Oldest first; Gamma and Delta share a time: the lower id first, as its opposite reverses.
      expect(await names('timeAsc')).toEqual([...byTime].reverse());
      // Names without regard to case.
      expect(await names('nameAsc')).toEqual([
        'Alpha_x.svs',
        'Beta.svs',
        'Delta.svs',
        'Gamma.svs',
        'S1.svs',
      ]);
      expect(await names('nameDesc')).toEqual([
        'S1.svs',
        'Gamma.svs',
        'Delta.svs',
        'Beta.svs',
        'Alpha_x.svs',
      ]);
      expect(await names('numAsc')).toEqual([
        'Alpha_x.svs', // LA-200
        'Gamma.svs', // LA-400
        'S1.svs', // LN-100
        'Beta.svs', // LN-300
        'Delta.svs', // LN-500
      ]);
      expect(await names('numDesc')).toEqual([
        'Delta.svs',
        'Beta.svs',
        'S1.svs',
        'Gamma.svs',
        'Alpha_x.svs',
      ]);
      // Sizes in neither the order of upload nor of id.
      expect(await names('sizeAsc')).toEqual([
        'Gamma.svs', // 1000 bytes
        'Alpha_x.svs', // 3000
        'S1.svs', // 5000
        'Delta.svs', // 7000
        'Beta.svs', // 9000
      ]);
      expect(await names('sizeDesc')).toEqual([
        'Beta.svs',
        'Delta.svs',
        'S1.svs',
        'Alpha_x.svs',
        'Gamma.svs',
      ]);
      // The order holds across pages: the second page goes on where the first stopped.
      const page2 = expectOk(
        await list(hAdmin.token, { strSort: 'nameAsc', iPageSize: 2, iCurPage: 2 }),
      );
      expect(page2.listPage.map((s) => s.strFileName)).toEqual(['Delta.svs', 'Gamma.svs']);
      const bad = await list(hAdmin.token, { strSort: 'patientAsc' });
      expect(bad.status).toBe(400);
      expect(bad.body.objData).toMatchObject([{ strField: 'strSort' }]);
    });

    it('finds slides still being read (processing) and uploads no data reaches (interrupted)', async () => {
      const names = async (q: Record<string, string | number>) =>
        expectOk(await list(hAdmin.token, q)).listPage.map((s) => s.strFileName);
      const read = [ids['S1.svs']!, ids['Alpha_x.svs']!, ids['Gamma.svs']!];
      await db()
        .update(slideDocuments)
        .set({ ingestedAt: t.clock.now() })
        .where(inArray(slideDocuments.id, read));
      const delta = eq(slideDocuments.id, ids['Delta.svs']!);
      await db().update(slideDocuments).set({ activeAt: t.clock.now() }).where(delta);
      try {
        expect(await names({ iUploadState: 3 })).toEqual(['Beta.svs']);
        // Uploaded, read or not; Delta is still sending.
        expect(await names({ iUploadState: 1 })).toHaveLength(4);
        expect(await names({ iUploadState: 4 })).toEqual([]);
        t.clock.advanceMinutes(10);
        expect(await names({ iUploadState: 4 })).toEqual(['Delta.svs']);
        // Interrupted is no longer uploading: nothing is being sent.
        expect(await names({ iUploadState: 0 })).toEqual([]);
        expect((await list(hAdmin.token, { iUploadState: 5 })).status).toBe(400);
      } finally {
        await db()
          .update(slideDocuments)
          .set({ ingestedAt: null })
          .where(inArray(slideDocuments.id, read));
      }
    });

    it('scopes administrators to their clear-slide hospitals', async () => {
      expect(await listIds(hAdmin.token)).toHaveLength(5);
      expect(await listIds(hAdmin.token, { iHospitalId: hospitalA })).toEqual([]);
      expect(await listIds(tokens.admin, { iHospitalId: hospitalH })).toHaveLength(5);
      const hospitalsOfAll = expectOk(await list(tokens.admin)).listPage.map((s) => s.iHospitalId);
      expect(new Set(hospitalsOfAll)).toEqual(new Set([hospitalA, hospitalH]));
      // All hospitals once the privilege is held for all of them.
      await setClearSlide(db(), hAdmin.id, 2);
      expect(await listIds(hAdmin.token, { iHospitalId: hospitalA })).not.toEqual([]);
      await setClearSlide(db(), hAdmin.id, 1);
      // Without the privilege: refused, like the menu.
      await setClearSlide(db(), hAdmin.id, null);
      expect((await list(hAdmin.token)).status).toBe(403);
      await setClearSlide(db(), hAdmin.id, 1);
      expect((await list(tokens.expert)).status).toBe(403);
    });

    it('counts the slides its list shows, and the hospital’s storage', async () => {
      const expected = {
        iTotal: 5,
        iMatched: 2,
        iUnmatched: 3,
        iUploading: 1,
        iInterrupted: 0,
        iFailed: 0,
        dTotalMemory: 10,
      };
      // Delta is being sent now.
      const delta = eq(slideDocuments.id, ids['Delta.svs']!);
      await db().update(slideDocuments).set({ activeAt: t.clock.now() }).where(delta);
      const hospital = expectOk(await statistics(hAdmin.token));
      expect(hospital).toMatchObject(expected);
      // A few kilobytes: 0 GB to three decimals, but counted to the byte beside it.
      expect(hospital.dUsedMemory).toBe(0);
      expect(hospital.lUsedBytes).toBe(await storageUsed(db(), hospitalH));
      expect(hospital.lUsedBytes).toBeGreaterThan(0);
      expect(hospital.lStoredBytes).toBeGreaterThan(3000);
      expect(expectOk(await statistics(tokens.admin, { iHospitalId: hospitalH }))).toEqual(
        hospital,
      );
      expectNotFound(await statistics(hAdmin.token, { iHospitalId: hospitalA }));
      const all = expectOk(await statistics(tokens.admin));
      expect(all.iTotal).toBeGreaterThan(5);
      // A doctor counts what its list shows (not d2's slide of d2's case, Gamma), beside its
      // hospital's storage: the figures add up to the list beneath them.
      const mine = expectOk(await statistics(d1.token));
      expect(mine).toMatchObject({ ...expected, iTotal: 4, iMatched: 1 });
      expect(mine.iTotal).toBe(expectOk(await list(d1.token)).iTotalCount);
      expect(mine.lUsedBytes).toBe(hospital.lUsedBytes);
      // No sign of life for ten minutes: interrupted, not uploading any more.
      t.clock.advanceMinutes(10);
      expect(expectOk(await statistics(d1.token))).toMatchObject({
        ...expected,
        iTotal: 4,
        iMatched: 1,
        iUploading: 0,
        iInterrupted: 1,
      });
    });

    it('breaks slides down by hospital, type and China upload day for the statistics screen', async () => {
      const report = (token: string, q: Record<string, string | number> = {}) =>
        api.get<SlideStatisticsReport>('slideDocument/statisticsSlideReport', q, {
          token,
          lang: 'en',
        });
      // 20:00 UTC on 4 February is 04:00 on the 5th in China: a slide of the 5th.
      await slide({
        hospitalId: hospitalH,
        uploadUserId: d1.id,
        diagnosisNum: 'LN-600',
        name: 'Late.ndpi',
        fileType: 'ndpi',
        totalBytes: 4000,
        createdAt: new Date('2026-02-04T20:00:00Z'),
      });
      await slide({
        hospitalId: hospitalH,
        uploadUserId: d1.id,
        diagnosisNum: 'LN-700',
        name: 'Broken.svs',
        state: SlideUploadState.Failed,
        createdAt: at(1),
      });
      // TIF and TIFF are one format; uploaded before the period, so the days do not count them.
      for (const [name, fileType] of [
        ['Scan-a.tif', 'tif'],
        ['Scan-b.tiff', 'tiff'],
      ] as const) {
        await slide({
          hospitalId: hospitalH,
          uploadUserId: d1.id,
          diagnosisNum: 'LN-800',
          name,
          fileType,
          createdAt: new Date('2026-01-20T08:00:00Z'),
        });
      }
      const period = { dtStart: '2026-02-01', dtEnd: '2026-02-05' };
      // The screen needs "data statistics" (a privilege of its own, not "clear slide").
      await setGrant(db(), hAdmin.id, 'statistics', null);
      expect((await report(hAdmin.token, period)).status).toBe(403);
      await setGrant(db(), hAdmin.id, 'statistics', 1);
      const mine = expectOk(await report(hAdmin.token, period));
      expect(mine).toMatchObject({ strStart: '2026-02-01', strEnd: '2026-02-05' });
      // Begun, failed and not finished (Delta.svs, still being sent) uploads of each day.
      expect(mine.listDay.map((d) => [d.strDay, d.iUploaded, d.iFailed, d.iUnfinished])).toEqual([
        ['2026-02-01', 2, 1, 0],
        ['2026-02-02', 1, 0, 0],
        ['2026-02-03', 1, 0, 0],
        ['2026-02-04', 2, 0, 1],
        ['2026-02-05', 1, 0, 0],
      ]);
      expect(mine.listDay[4]?.lBytes).toBe(4000);
      expect(mine.listHospital).toEqual([
        expect.objectContaining({
          iHospitalId: hospitalH,
          iTotal: 9,
          iMatched: 2,
          iUnmatched: 7,
          iFailed: 1,
          iUnfinished: 1,
          lUsedBytes: await storageUsed(db(), hospitalH),
          dTotalMemory: 10,
        }),
      ]);
      // Formats count the slides the hospital's figures count (the failed Broken.svs and Delta.svs,
      // still being sent, too): they add up to them. Their data is the uploaded slides'.
      expect(mine.listType.map((r) => [r.strFileType, r.iTotal])).toEqual([
        ['SVS', 6],
        ['TIFF', 2],
        ['NDPI', 1],
      ]);
      expect(mine.listType.reduce((n, r) => n + r.iTotal, 0)).toBe(mine.listHospital[0]?.iTotal);
      expect(mine.listType[2]?.lStoredBytes).toBe(4000);
      // The slide list's upload days are China days too.
      expect(
        await listIds(hAdmin.token, { dtStart: '2026-02-05', dtEnd: '2026-02-05' }),
      ).toHaveLength(1);

      // The platform administrator: one hospital asked for, or every hospital, empty ones last.
      expect(expectOk(await report(tokens.admin, { ...period, iHospitalId: hospitalH }))).toEqual(
        mine,
      );
      const all = expectOk(await report(tokens.admin, period)).listHospital;
      expect(all.find((h) => h.iHospitalId === hospitalH)).toEqual(mine.listHospital[0]);
      expect(all.map((h) => h.iHospitalId)).toContain(hospitalA);
      const totals = all.map((h) => h.iTotal);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      // Another hospital: like a missing one; all of them with the privilege for all.
      expectNotFound(await report(hAdmin.token, { iHospitalId: hospitalA }));
      await setGrant(db(), hAdmin.id, 'statistics', 2);
      expect(expectOk(await report(hAdmin.token, period)).listHospital).toEqual(all);
      await setGrant(db(), hAdmin.id, 'statistics', 1);
      expect((await report(tokens.expert)).status).toBe(403);
      expect((await report(d1.token)).status).toBe(403);

      // By default the last 30 days up to today; a period is at most 366 days, start first.
      const recent = expectOk(await report(hAdmin.token));
      expect(recent.listDay).toHaveLength(30);
      expect(recent.strEnd).toBe(
        new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10),
      );
      expectFieldError(
        await report(hAdmin.token, { dtStart: '2026-02-05', dtEnd: '2026-02-01' }),
        'dtEnd',
        'validation.dateRange',
      );
      expectFieldError(
        await report(hAdmin.token, { dtStart: '2025-01-01', dtEnd: '2026-02-01' }),
        'dtEnd',
        'validation.statisticsSpan',
      );
      expectFieldError(
        await report(hAdmin.token, { dtStart: '0001-01-01' }),
        'dtStart',
        'validation.date',
      );
    });
  });

  describe('deleting', () => {
    it('removes slides, gives their storage back, deletes their files and lists them as removed', async () => {
      const uploaded = await ownSlide({ totalBytes: 5000 });
      const uploading = await ownSlide({ state: SlideUploadState.Uploading, totalBytes: 7000 });
      await receiveChunks(db(), uploading.id, [0]);
      const failed = await ownSlide({
        state: SlideUploadState.Failed,
        totalBytes: 9000,
        failReason: 'SLIDE_CONTENT_MISMATCH',
      });
      const before = await storageUsed(db(), hospitalA);
      const removedBytes = async () => expectOk(await list(owner.token, { iType: 1 })).lTotalBytes;
      const removedBefore = await removedBytes();
      t.clock.advanceMinutes(3);
      expectOk(await remove([uploaded.id, uploading.id, failed.id, uploaded.id]));
      // The removal log adds up the sizes of what it lists, failed and unfinished uploads too.
      expect(await removedBytes()).toBe(removedBefore + 5000 + 7000 + 9000);
      // The failed upload had already given its storage back.
      expect(await storageUsed(db(), hospitalA)).toBe(before - 12000);
      for (const doc of [uploaded, uploading]) {
        expect(slideFolderExists(t.dataDir, doc)).toBe(false);
        expect(await slideRow(db(), doc.id)).toMatchObject({
          deletedAt: t.clock.now(),
          deletedBy: owner.id,
        });
      }
      const stored = await listIds(owner.token);
      expect(stored).not.toContain(uploaded.id);
      const removed = expectOk(await list(owner.token, { iType: 1 })).listPage;
      const shown = removed.find((s) => s.iSlideDocumentId === uploaded.id);
      expect(shown).toMatchObject({
        dtDeleteTime: t.clock.now().toISOString(),
        strDeleteUserName: expect.stringMatching(/^用户/),
      });
      expect(removed.find((s) => s.iSlideDocumentId === failed.id)?.strFailReason).toContain(
        '切片',
      );
      // Gone: a second delete finds nothing.
      expectNotFound(await remove([uploaded.id]));
      const audit = await latestAuditRecord(db(), 'slideDocument/deleteSlideDocument');
      expect(audit).toMatchObject({ targetType: 'slideDocument', outcome: 'failure' });
    });

    it('lists removed slides most recently removed first, whenever they were uploaded', async () => {
      const uploaded = new Date('2025-06-01T08:00:00Z');
      const older = await ownSlide({ createdAt: uploaded });
      t.clock.advanceMinutes(1);
      const newer = await ownSlide({ createdAt: uploaded });
      t.clock.advanceMinutes(1);
      expectOk(await remove([newer.id]));
      t.clock.advanceMinutes(1);
      expectOk(await remove([older.id]));
      const removed = expectOk(await list(owner.token, { iType: 1 })).listPage.map(
        (s) => s.iSlideDocumentId,
      );
      expect(removed.indexOf(older.id)).toBeGreaterThanOrEqual(0);
      expect(removed.indexOf(older.id)).toBeLessThan(removed.indexOf(newer.id));
      // Sorted by time the other way, the removal log goes earliest removed first.
      const earliest = expectOk(
        await list(owner.token, { iType: 1, strSort: 'timeAsc' }),
      ).listPage.map((s) => s.iSlideDocumentId);
      expect(earliest.indexOf(newer.id)).toBeLessThan(earliest.indexOf(older.id));
      // Its days are those of removal, not of upload.
      const removedIds = async (dtStart: string, dtEnd: string) =>
        expectOk(await list(owner.token, { iType: 1, dtStart, dtEnd })).listPage.map(
          (s) => s.iSlideDocumentId,
        );
      const today = t.clock.now().toISOString().slice(0, 10);
      expect(await removedIds(today, today)).toEqual(expect.arrayContaining([older.id, newer.id]));
      expect(await removedIds('2025-06-01', '2025-06-01')).not.toContain(older.id);
      // Stored slides stay newest upload first.
      const again = [await ownSlide(), await ownSlide()];
      const stored = await listIds(owner.token);
      expect(stored.indexOf(again[1]!.id)).toBeLessThan(stored.indexOf(again[0]!.id));
    });

    it('refuses a selection holding matched slides, and another hospital’s slide, deleting nothing', async () => {
      const c = await addCase(api, owner.token);
      const matched = await ownSlide({ patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum });
      const loose = await ownSlide();
      const foreign = await slide({
        hospitalId: outsider.hospitalId,
        uploadUserId: outsider.id,
        diagnosisNum: 'X1',
      });
      const before = await storageUsed(db(), hospitalA);
      expectRefused(await remove([loose.id, matched.id]), 'SLIDE_OPTION_MATCHED');
      expectRefused(await remove([loose.id, matched.id], slideAdmin.token), 'SLIDE_OPTION_MATCHED');
      expectNotFound(await remove([loose.id, foreign.id]));
      expectNotFound(await remove([loose.id, MISSING_ID]));
      for (const doc of [matched, loose]) {
        expect((await slideRow(db(), doc.id))?.deletedAt).toBeNull();
        expect(slideFolderExists(t.dataDir, doc)).toBe(true);
      }
      expect(await storageUsed(db(), hospitalA)).toBe(before);
      const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
      expectFieldError(
        await remove(tooMany, owner.token, 'en'),
        'listSlideDocument',
        'validation.slideDeleteMax',
      );
    });

    it('lets a case’s owner delete one slide of an editable case; a submitted case keeps its slides', async () => {
      const c = await addCase(api, owner.token);
      const onCase = () => ownSlide({ patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum });
      // Uploaded by a colleague for the owner's case: the owner still removes it.
      const byColleague = await ownSlide(
        { patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum },
        colleague,
      );
      expectOk(await remove([byColleague.id]));
      const a = await onCase();
      const lockedOf = async (id: number) =>
        expectOk(await list(owner.token)).listPage.find((s) => s.iSlideDocumentId === id)
          ?.bCaseLocked;
      expect(await lockedOf(a.id)).toBe(false);
      // Administrators remove matched slides only with their case (refused here).
      expectRefused(await remove([a.id], slideAdmin.token), 'SLIDE_OPTION_MATCHED');
      await setCaseState(db(), c.iPatientId, CaseState.Returned);
      expectOk(await remove([a.id]));
      for (const state of [CaseState.Submitted, CaseState.Completed]) {
        await setCaseState(db(), c.iPatientId, state);
        const b = await onCase();
        // The lists say so, and the screens switch Edit and Delete off.
        expect(await lockedOf(b.id)).toBe(true);
        expectRefused(await remove([b.id]), 'SLIDE_CASE_LOCKED');
        expectRefused(await remove([b.id], slideAdmin.token), 'SLIDE_CASE_LOCKED');
        expect((await slideRow(db(), b.id))?.deletedAt).toBeNull();
      }
    });

    it('keeps doctors to their own uploads', async () => {
      const theirs = await ownSlide({}, colleague);
      expect(await listIds(owner.token)).toContain(theirs.id);
      expectRefused(await remove([theirs.id]), 'SLIDE_NOT_OWNED');
      // A colleague's slide of the colleague's own case is not the owner's to see at all.
      const c = await addCase(api, colleague.token);
      const matched = await ownSlide(
        { patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum },
        colleague,
      );
      expectNotFound(await remove([matched.id]));
      expectOk(await remove([theirs.id], slideAdmin.token));
    });
  });

  describe('renaming and renumbering', () => {
    it('keeps display names unique per hospital and number among live slides', async () => {
      const num = caseNumber('R');
      const a = await ownSlide({ diagnosisNum: num, name: 'first.svs' });
      const b = await ownSlide({ diagnosisNum: num, name: 'second.svs' });
      const renamed = expectOk(
        await update({ iSlideDocumentId: a.id, strFileName: 'Renamed.SVS' }),
      );
      expect(renamed).toMatchObject({ strFileName: 'Renamed.SVS', strOriginalName: 'first.svs' });
      const taken = await update(
        { iSlideDocumentId: b.id, strFileName: 'renamed.svs' },
        owner.token,
        'en',
      );
      expectRefused(taken, 'SLIDE_NAME_EXISTS');
      expect(taken.body.strMessage).toBe(
        'A slide named “renamed.svs” already exists for this pathology number (uploaded or uploading)',
      );
      // Another number may hold the same name; a removed slide frees its name.
      const other = await ownSlide({ name: 'renamed.svs' });
      expect(other.displayName).toBe('renamed.svs');
      expectOk(await remove([a.id]));
      expectOk(await update({ iSlideDocumentId: b.id, strFileName: 'renamed.svs' }));
      // Renumbering onto a number that holds the name is refused the same way.
      expectRefused(
        await update({ iSlideDocumentId: other.id, strDiagnosistNum: num }),
        'SLIDE_NAME_EXISTS',
      );
      // A failed slide holds its name until deleted, and the refusal says so.
      const failed = await ownSlide({
        diagnosisNum: num,
        name: 'broken.svs',
        state: SlideUploadState.Failed,
      });
      const onFailed = await update(
        { iSlideDocumentId: b.id, strFileName: 'Broken.svs' },
        owner.token,
        'en',
      );
      expectRefused(onFailed, 'SLIDE_NAME_FAILED');
      expect(onFailed.body.strMessage).toBe(
        'The slide named “Broken.svs” of this pathology number failed: delete it in slide management or the case’s slide list before using its name again',
      );
      const movedOnFailed = await ownSlide({ name: 'broken.svs' });
      expectRefused(
        await update({ iSlideDocumentId: movedOnFailed.id, strDiagnosistNum: num }),
        'SLIDE_NAME_FAILED',
      );
      expectOk(await remove([failed.id]));
      expectOk(await update({ iSlideDocumentId: b.id, strFileName: 'Broken.svs' }));
      expectFieldError(
        await update({ iSlideDocumentId: b.id, strFileName: 'a/b.svs' }, owner.token, 'en'),
        'strFileName',
        'validation.fileName',
      );
      expectFieldError(
        await update({ iSlideDocumentId: b.id, strFileName: '   ' }, owner.token, 'en'),
        'strFileName',
        'validation.required',
      );
      // The name keeps the slide's type: no other extension, and none dropped.
      for (const name of ['second.ndpi', 'second']) {
        const refused = await update(
          { iSlideDocumentId: b.id, strFileName: name },
          owner.token,
          'en',
        );
        expectRefused(refused, 'SLIDE_NAME_EXTENSION');
        expect(refused.body.strMessage).toBe('The slide’s name must keep its extension .svs');
      }
      expect((await update({ iSlideDocumentId: b.id, strFileName: 'x.tif' })).body.strMessage).toBe(
        '切片名称须保留其扩展名 .svs',
      );
    });

    it('finds a renamed slide by the name it was uploaded as, as its row shows it', async () => {
      const num = caseNumber('U');
      const doc = await ownSlide({ diagnosisNum: num, name: `boxes_${num}.svs` });
      expectOk(await update({ iSlideDocumentId: doc.id, strFileName: `Biopsy A1 ${num}.svs` }));
      const found = async (strFileName: string) =>
        listIds(owner.token, { strFileName, strDiagnosistNum: num });
      // Either name, any part of it, without regard to case.
      expect(await found('BOXES')).toEqual([doc.id]);
      expect(await found(`boxes_${num}.svs`)).toEqual([doc.id]);
      expect(await found('biopsy a1')).toEqual([doc.id]);
      // Wildcards stay plain characters in the upload name too: "_" is there, "%" is not.
      expect(await found('s_')).toEqual([doc.id]);
      expect(await found('s%')).toEqual([]);
      expect(await found('unrelated')).toEqual([]);
    });

    it('corrects the number of an unmatched slide only, and never a submitted case’s slide', async () => {
      const loose = await ownSlide();
      const fixed = expectOk(
        await update({ iSlideDocumentId: loose.id, strDiagnosistNum: 'FIX-1' }),
      );
      expect(fixed.strDiagnosistNum).toBe('FIX-1');
      const c = await addCase(api, owner.token);
      const matched = await ownSlide({ patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum });
      expectRefused(
        await update({ iSlideDocumentId: matched.id, strDiagnosistNum: 'FIX-2' }),
        'SLIDE_NUMBER_LOCKED',
      );
      // The same number is no change.
      expectOk(
        await update({ iSlideDocumentId: matched.id, strDiagnosistNum: c.strDiagnosistNum }),
      );
      expectOk(await update({ iSlideDocumentId: matched.id, strFileName: 'ok.svs' }));
      await setCaseState(db(), c.iPatientId, CaseState.Submitted);
      expectRefused(
        await update({ iSlideDocumentId: matched.id, strFileName: 'late.svs' }),
        'SLIDE_CASE_LOCKED',
      );
      // Colleagues, other hospitals.
      const theirs = await ownSlide({}, colleague);
      expectRefused(
        await update({ iSlideDocumentId: theirs.id, strFileName: 'x.svs' }),
        'SLIDE_NOT_OWNED',
      );
      expectNotFound(
        await update({ iSlideDocumentId: theirs.id, strFileName: 'x.svs' }, outsider.token),
      );
      expectOk(
        await update({ iSlideDocumentId: theirs.id, strFileName: 'x.svs' }, slideAdmin.token),
      );
      // An upload under way resumes by its name and number: they wait until it is done.
      const uploading = await ownSlide({ state: SlideUploadState.Uploading });
      expectRefused(
        await update({ iSlideDocumentId: uploading.id, strFileName: 'early.svs' }),
        'SLIDE_STILL_UPLOADING',
      );
    });
  });

  describe('matching', () => {
    it('matches selected slides to the editable cases of their numbers', async () => {
      const open = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('mA') });
      const sent = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('mB') });
      await setCaseState(db(), sent.iPatientId, CaseState.Submitted);
      const theirs = await addCase(api, colleague.token, { strDiagnosistNum: caseNumber('mC') });
      // Numbers compare without case, like the case numbers themselves.
      const s1 = await ownSlide({ diagnosisNum: open.strDiagnosistNum.toUpperCase() });
      const s2 = await ownSlide({ diagnosisNum: open.strDiagnosistNum });
      const s3 = await ownSlide({ diagnosisNum: 'NO-CASE' });
      const s4 = await ownSlide({ diagnosisNum: sent.strDiagnosistNum });
      const s5 = await ownSlide({ diagnosisNum: theirs.strDiagnosistNum });
      const result = expectOk(await match([s1.id, s2.id, s3.id, s4.id, s5.id]));
      // Each slide left says why: no case of its number, its case submitted, a colleague's case.
      expect(result).toEqual({
        iMatched: 2,
        listUnmatched: [s3.id, s4.id, s5.id],
        listUnmatchedReason: [
          { iSlideDocumentId: s3.id, strReason: 'noCase' },
          { iSlideDocumentId: s4.id, strReason: 'caseLocked' },
          { iSlideDocumentId: s5.id, strReason: 'colleagueCase' },
        ],
      });
      expect((await slideRow(db(), s1.id))?.patientId).toBe(open.iPatientId);
      expect(
        expectOk(await byPatient(open.iPatientId)).listSlideDocument.map((s) => s.iSlideDocumentId),
      ).toEqual(expect.arrayContaining([s1.id, s2.id]));
      // Nothing left to match: a failure, saying why. No case of the number; the caller's own
      // case, submitted; a colleague's case (matching is its owner's). Administrators match to
      // anyone's case.
      expectRefused(await match([s3.id]), 'SLIDE_MATCH_FAILED');
      expectRefused(await match([s3.id, s4.id]), 'SLIDE_CASE_LOCKED');
      expectRefused(await match([s5.id]), 'SLIDE_MATCH_COLLEAGUE_CASE');
      expect(expectOk(await match([s5.id], slideAdmin.token))).toEqual({
        iMatched: 1,
        listUnmatched: [],
        listUnmatchedReason: [],
      });
      const foreign = await slide({
        hospitalId: outsider.hospitalId,
        uploadUserId: outsider.id,
        diagnosisNum: open.strDiagnosistNum,
      });
      expectNotFound(await match([s3.id, foreign.id]));
      expect((await slideRow(db(), foreign.id))?.patientId).toBeNull();
    });

    it('says of an unmatched slide whether a case of its hospital has its number', async () => {
      const own = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('hA') });
      const theirs = await addCase(api, colleague.token, { strDiagnosistNum: caseNumber('hB') });
      const elsewhere = await addCase(api, outsider.token, { strDiagnosistNum: caseNumber('hC') });
      const none = caseNumber('hD');
      // Compared without case; a colleague's case counts (matching says why it cannot take it);
      // another hospital's does not; a matched slide has nothing left to look for.
      const slides = {
        own: await ownSlide({ diagnosisNum: own.strDiagnosistNum.toLowerCase() }),
        theirs: await ownSlide({ diagnosisNum: theirs.strDiagnosistNum }),
        elsewhere: await ownSlide({ diagnosisNum: elsewhere.strDiagnosistNum }),
        none: await ownSlide({ diagnosisNum: none }),
        matched: await ownSlide({ diagnosisNum: own.strDiagnosistNum, patientId: own.iPatientId }),
      };
      const hasCase = async (id: number, num: string) => {
        const page = expectOk(await list(owner.token, { strDiagnosistNum: num, iNumMatch: 1 }));
        return page.listPage.find((row) => row.iSlideDocumentId === id)?.bNumberHasCase;
      };
      expect({
        own: await hasCase(slides.own.id, own.strDiagnosistNum),
        theirs: await hasCase(slides.theirs.id, theirs.strDiagnosistNum),
        elsewhere: await hasCase(slides.elsewhere.id, elsewhere.strDiagnosistNum),
        none: await hasCase(slides.none.id, none),
        matched: await hasCase(slides.matched.id, own.strDiagnosistNum),
      }).toEqual({ own: true, theirs: true, elsewhere: false, none: false, matched: false });
    });

    it('attaches the hospital’s unmatched slides of a case’s number from the case', async () => {
      const c = await addCase(api, owner.token);
      const mine = await ownSlide({ diagnosisNum: c.strDiagnosistNum });
      const byColleague = await ownSlide({ diagnosisNum: c.strDiagnosistNum }, colleague);
      const removed = await ownSlide({ diagnosisNum: c.strDiagnosistNum });
      expectOk(await remove([removed.id]));
      const elsewhere = await slide({
        hospitalId: outsider.hospitalId,
        uploadUserId: outsider.id,
        diagnosisNum: c.strDiagnosistNum,
      });
      expectRefused(await matchCase(c.iPatientId, colleague.token), 'CASE_NOT_OWNED');
      expectNotFound(await matchCase(c.iPatientId, outsider.token));
      expect(expectOk(await matchCase(c.iPatientId))).toEqual({
        iMatched: 2,
        listUnmatched: [],
        listUnmatchedReason: [],
      });
      for (const doc of [mine, byColleague]) {
        expect((await slideRow(db(), doc.id))?.patientId).toBe(c.iPatientId);
      }
      expect((await slideRow(db(), removed.id))?.patientId).toBeNull();
      expect((await slideRow(db(), elsewhere.id))?.patientId).toBeNull();
      expect(expectOk(await matchCase(c.iPatientId)).iMatched).toBe(0);
      const audit = await latestAuditRecord(db(), 'patient/matchSlideDocument');
      expect(audit).toMatchObject({ targetId: String(c.iPatientId), detail: { iMatched: 0 } });
      await setCaseState(db(), c.iPatientId, CaseState.Completed);
      expectRefused(await matchCase(c.iPatientId), 'SLIDE_CASE_LOCKED');
    });

    it('attaches the slides waiting under its number to a new case, and to a case renumbered', async () => {
      const num = caseNumber('Wt');
      // Uploaded by pathology number before the case existed: by the owner (number written in
      // lower case) and by a colleague; one deleted since, one of another hospital.
      const mine = await ownSlide({ diagnosisNum: num.toLowerCase(), name: 'w1.svs' });
      const byColleague = await ownSlide({ diagnosisNum: num, name: 'w2.svs' }, colleague);
      const removed = await ownSlide({ diagnosisNum: num, name: 'w3.svs' });
      expectOk(await remove([removed.id]));
      const elsewhere = await slide({
        hospitalId: outsider.hospitalId,
        uploadUserId: outsider.id,
        diagnosisNum: num,
      });
      const c = (await addCase(api, owner.token, { strDiagnosistNum: num })) as PatientSavedDto;
      expect(c.iSlidesJoined).toBe(2);
      for (const doc of [mine, byColleague]) {
        expect(await slideRow(db(), doc.id)).toMatchObject({
          patientId: c.iPatientId,
          diagnosisNum: num,
        });
      }
      expect((await slideRow(db(), removed.id))?.patientId).toBeNull();
      expect((await slideRow(db(), elsewhere.id))?.patientId).toBeNull();
      expect(
        expectOk(await byPatient(c.iPatientId))
          .listSlideDocument.map((d) => d.strFileName)
          .sort(),
      ).toEqual(['w1.svs', 'w2.svs']);
      expect(await latestAuditRecord(db(), 'patient/addPatient')).toMatchObject({
        targetId: String(c.iPatientId),
        detail: { strDiagnosistNum: num, iSlidesJoined: 2 },
      });

      // A case given another number later takes that number's waiting slides too.
      const other = (await addCase(api, owner.token)) as PatientSavedDto;
      expect(other.iSlidesJoined).toBe(0);
      const later = caseNumber('Wl');
      const waiting = await ownSlide({ diagnosisNum: later, name: 'w4.svs' });
      const info = expectOk(
        await api.get<PatientDto>(
          'patient/getPatientInfo',
          { iPatientId: other.iPatientId },
          { token: owner.token },
        ),
      );
      const renumbered = expectOk(
        await api.post<PatientSavedDto>(
          'patient/updatePatient',
          { ...info, strDiagnosistNum: later },
          { token: owner.token },
        ),
      );
      expect(renumbered.iSlidesJoined).toBe(1);
      expect((await slideRow(db(), waiting.id))?.patientId).toBe(other.iPatientId);
    });

    it('gives a matched slide its case’s number as written there, and never a name the case has', async () => {
      const c = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('Mx') });
      const lower = c.strDiagnosistNum.toLowerCase();
      await ownSlide({ patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum, name: 'a.svs' });
      const sameName = await ownSlide({ diagnosisNum: lower, name: 'A.svs' });
      const fresh = await ownSlide({ diagnosisNum: lower, name: 'b.svs' });
      const twin = await ownSlide({
        diagnosisNum: c.strDiagnosistNum.toUpperCase(),
        name: 'B.SVS',
      });
      const result = expectOk(await match([sameName.id, fresh.id, twin.id]));
      // The first b.svs joins; the second, and the case's own a.svs again, stay unmatched.
      expect(result).toEqual({
        iMatched: 1,
        listUnmatched: [sameName.id, twin.id],
        listUnmatchedReason: [
          { iSlideDocumentId: sameName.id, strReason: 'nameTaken' },
          { iSlideDocumentId: twin.id, strReason: 'nameTaken' },
        ],
      });
      expect(await slideRow(db(), fresh.id)).toMatchObject({
        patientId: c.iPatientId,
        diagnosisNum: c.strDiagnosistNum,
      });
      for (const doc of [sameName, twin]) {
        expect((await slideRow(db(), doc.id))?.patientId).toBeNull();
      }
      // From the case, the same rule.
      expect(expectOk(await matchCase(c.iPatientId))).toEqual({
        iMatched: 0,
        listUnmatched: [],
        listUnmatchedReason: [],
      });
      expect((await slideRow(db(), sameName.id))?.diagnosisNum).toBe(lower);
      // Alone, its match fails saying why: the name, not a missing or submitted case.
      expectRefused(await match([sameName.id]), 'SLIDE_MATCH_NAME_TAKEN');
    });

    it('keeps a slide that failed out of cases; one still uploading joins', async () => {
      const num = caseNumber('Fm');
      const failed = await ownSlide({
        diagnosisNum: num,
        name: 'unreadable.svs',
        state: SlideUploadState.Failed,
        failReason: 'SLIDE_UNREADABLE',
      });
      const uploading = await ownSlide({
        diagnosisNum: num,
        name: 'on-its-way.svs',
        state: SlideUploadState.Uploading,
      });
      const c = (await addCase(api, owner.token, { strDiagnosistNum: num })) as PatientSavedDto;
      expect(c.iSlidesJoined).toBe(1);
      expect((await slideRow(db(), uploading.id))?.patientId).toBe(c.iPatientId);
      expect((await slideRow(db(), failed.id))?.patientId).toBeNull();
      // Asked for by hand, alone it says why; with another, the other joins.
      const refused = await match([failed.id], owner.token, 'en');
      expectRefused(refused, 'SLIDE_MATCH_UNREADABLE');
      expect(refused.body.strMessage).toBe(
        'Match failed: the slide failed to upload or could not be read, and cannot join a case; delete it and upload it again',
      );
      const fine = await ownSlide({ diagnosisNum: num, name: 'readable.svs' });
      expect(expectOk(await match([failed.id, fine.id]))).toEqual({
        iMatched: 1,
        listUnmatched: [failed.id],
        listUnmatchedReason: [{ iSlideDocumentId: failed.id, strReason: 'unreadable' }],
      });
      expect(expectOk(await matchCase(c.iPatientId)).iMatched).toBe(0);
      expect((await slideRow(db(), failed.id))?.patientId).toBeNull();
    });

    it('matches by hand only slides whose upload is complete', async () => {
      const num = caseNumber('Um');
      await addCase(api, owner.token, { strDiagnosistNum: num });
      // Uploaded under the number after the case was made, and left interrupted (not joined:
      // the case is found at registration only when the upload names it).
      const unfinished = await ownSlide({
        diagnosisNum: num,
        name: 'interrupted.svs',
        state: SlideUploadState.Uploading,
      });
      const refused = await match([unfinished.id], owner.token, 'en');
      expectRefused(refused, 'SLIDE_MATCH_UNFINISHED');
      expect(refused.body.strMessage).toBe(
        'Match failed: the slide has not finished uploading; match it once its upload is complete',
      );
      expect((await slideRow(db(), unfinished.id))?.patientId).toBeNull();
      const done = await ownSlide({ diagnosisNum: num, name: 'complete.svs' });
      expect(expectOk(await match([unfinished.id, done.id]))).toEqual({
        iMatched: 1,
        listUnmatched: [unfinished.id],
        listUnmatchedReason: [{ iSlideDocumentId: unfinished.id, strReason: 'unfinished' }],
      });
      expect((await slideRow(db(), unfinished.id))?.patientId).toBeNull();
    });

    it('says slides already in a case are matched, not that no case has their number', async () => {
      const c = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('Am') });
      const s = await ownSlide({ diagnosisNum: c.strDiagnosistNum });
      // Matched from another tab; this one's list still shows the slide unmatched.
      expect(expectOk(await match([s.id])).iMatched).toBe(1);
      const again = await match([s.id], owner.token, 'en');
      expectRefused(again, 'SLIDE_ALREADY_MATCHED');
      expect(again.body.strMessage).toBe(
        'The selected slides are all matched to cases already: nothing to match',
      );
      // Beside one that has no case, that one's reason is the refusal.
      const lone = await ownSlide({ diagnosisNum: caseNumber('Am') });
      expectRefused(await match([s.id, lone.id]), 'SLIDE_MATCH_FAILED');
      expect((await slideRow(db(), s.id))?.patientId).toBe(c.iPatientId);
    });

    // Only a server runs two transactions at once: the embedded database serves one at a time.
    it.runIf(testDb.name === 'postgres')(
      'leaves out a slide another transaction matched while this one waited for it',
      async () => {
        const c = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('Rc') });
        const s = await ownSlide({ diagnosisNum: c.strDiagnosistNum });
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let updated!: () => void;
        const held = new Promise<void>((resolve) => (updated = resolve));
        // Another tab's match, holding the slide until this call waits for it.
        const other = db().transaction(async (tx) => {
          await tx
            .update(slideDocuments)
            .set({ patientId: c.iPatientId })
            .where(eq(slideDocuments.id, s.id));
          updated();
          await gate;
        });
        await held;
        const answer = match([s.id]);
        await waitForLockWait();
        release();
        await other;
        // It was listed "name taken" by the case it had just joined.
        expectRefused(await answer, 'SLIDE_ALREADY_MATCHED');
        expect((await slideRow(db(), s.id))?.patientId).toBe(c.iPatientId);
      },
    );

    it('moves a case’s slides to its new number when the number is changed, unless a name clashes', async () => {
      const c = await addCase(api, owner.token, { strDiagnosistNum: caseNumber('Rn') });
      const a = await ownSlide({
        patientId: c.iPatientId,
        diagnosisNum: c.strDiagnosistNum,
        name: 'a.svs',
      });
      const current = () =>
        api.get<PatientDto>(
          'patient/getPatientInfo',
          { iPatientId: c.iPatientId },
          { token: owner.token },
        );
      const renumber = async (num: string) =>
        api.post(
          'patient/updatePatient',
          { ...expectOk(await current()), strDiagnosistNum: num },
          { token: owner.token, lang: 'en' },
        );
      const taken = caseNumber('Rt');
      const waiting = await ownSlide({ diagnosisNum: taken, name: 'A.svs' });
      const refused = await renumber(taken);
      expectRefused(refused, 'SLIDE_NAME_EXISTS');
      expect(refused.body.strMessage).toContain('A.svs');
      expect(expectOk(await current()).strDiagnosistNum).toBe(c.strDiagnosistNum);
      expect((await slideRow(db(), a.id))?.diagnosisNum).toBe(c.strDiagnosistNum);
      // A failed slide holding the name is named as failed.
      const failedNum = caseNumber('Rf');
      await ownSlide({ diagnosisNum: failedNum, name: 'a.SVS', state: SlideUploadState.Failed });
      expectRefused(await renumber(failedNum), 'SLIDE_NAME_FAILED');

      const next = caseNumber('Rm');
      expectOk(await renumber(next));
      expect((await slideRow(db(), a.id))?.diagnosisNum).toBe(next);
      expect((await slideRow(db(), waiting.id))?.diagnosisNum).toBe(taken);
      // The case's slides are listed under the case's number.
      const listed = expectOk(await byPatient(c.iPatientId)).listSlideDocument;
      expect(listed.map((d) => d.strDiagnosistNum)).toEqual([next]);
    });
  });

  it('tells an uploader where its uploads stand, under their names now, leaving out others’ and deleted ones', async () => {
    const uploading = await ownSlide({
      state: SlideUploadState.Uploading,
      totalBytes: 2 * 1024 * 1024 + 10,
    });
    await receiveChunks(db(), uploading.id, [0, 2]);
    const done = await ownSlide({ totalBytes: 4321, ingestedAt: new Date() });
    // Received whole, the slide engine has not read it yet.
    const received = await ownSlide({ totalBytes: 99 });
    const failed = await ownSlide({
      state: SlideUploadState.Failed,
      failReason: 'SLIDE_CONTENT_MISMATCH',
    });
    const theirs = await ownSlide({}, colleague);
    // Deleted since (in slide management, say): left out, so the upload screen can say so.
    const deleted = await ownSlide();
    expectOk(await remove([deleted.id]));
    // Renamed and renumbered since: its name and number now.
    const numberNow = caseNumber('Dn');
    expectOk(
      await update({
        iSlideDocumentId: done.id,
        strFileName: `renamed-${done.id}.svs`,
        strDiagnosistNum: numberNow,
      }),
    );
    const answer = expectOk(
      await statuses(
        `${done.id},${theirs.id}, ${uploading.id},${MISSING_ID},${failed.id},${received.id},${deleted.id}`,
      ),
    );
    expect(answer.listSlideDocument).toEqual([
      {
        iSlideDocumentId: done.id,
        strFileName: `renamed-${done.id}.svs`,
        strDiagnosistNum: numberNow,
        ddUploadState: { iNumber: 1 },
        iUpdateState: 1,
        lSize: 4321,
        lProgress: 4321,
        bProcessing: false,
        strFailReason: null,
        strSameFileAs: null,
      },
      {
        iSlideDocumentId: uploading.id,
        strFileName: uploading.displayName,
        strDiagnosistNum: uploading.diagnosisNum,
        ddUploadState: { iNumber: 0 },
        iUpdateState: 0,
        lSize: 2 * 1024 * 1024 + 10,
        lProgress: 1024 * 1024 + 10,
        bProcessing: false,
        strFailReason: null,
        strSameFileAs: null,
      },
      {
        iSlideDocumentId: failed.id,
        strFileName: failed.displayName,
        strDiagnosistNum: failed.diagnosisNum,
        ddUploadState: { iNumber: 2 },
        iUpdateState: 0,
        lSize: failed.totalBytes,
        lProgress: 0,
        bProcessing: false,
        strFailReason: `文件“${failed.displayName}”的内容不是 SVS 切片，请确认文件未被改名或损坏`,
        strSameFileAs: null,
      },
      expect.objectContaining({ iSlideDocumentId: received.id, bProcessing: true }),
    ]);
    // The key repeated works as well.
    const res = await fetch(
      `${t.baseUrl}/api/slideDocument/getDocumentStatus?listSlideDocumentId=${done.id}&listSlideDocumentId=${uploading.id}`,
      { headers: { token: owner.token } },
    );
    const repeated = (await res.json()) as Answer<DocumentStatusList>['body'];
    expect(repeated.objData.listSlideDocument.map((s) => s.iSlideDocumentId)).toEqual([
      done.id,
      uploading.id,
    ]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await statuses(many)).status).toBe(400);
    expect((await statuses('1,x')).status).toBe(400);
    expect(expectOk(await statuses(`${done.id}`, colleague.token)).listSlideDocument).toEqual([]);
    // Each answer names slides and pathology numbers: the read is in the audit trail, with the
    // ids asked about (a colleague's try at them included).
    expect(await latestAuditRecord(db(), 'slideDocument/getDocumentStatus')).toMatchObject({
      userId: colleague.id,
      outcome: 'success',
      targetType: 'slideDocument',
      detail: { listSlideDocumentId: [done.id] },
    });
  });

  it('tells an uploader that a slide repeats one already in its case (same file, another name)', async () => {
    const c = await addCase(api, owner.token);
    const inCase = (over: Partial<SlideValues>, who: User = owner) =>
      ownSlide({ patientId: c.iPatientId, diagnosisNum: c.strDiagnosistNum, ...over }, who);
    // The first copy, uploaded by a colleague of the case's hospital: still the case's slide.
    const first = await inCase(
      { name: `first-${c.iPatientId}.svs`, checksum: 'cd'.repeat(16) },
      colleague,
    );
    const other = await inCase({ checksum: 'ef'.repeat(16) });
    const again = await inCase({ checksum: 'cd'.repeat(16) });
    const third = await inCase({ checksum: 'cd'.repeat(16) });
    // The same bytes under the same number but not in the case (unmatched): not compared.
    const unmatched = await ownSlide({
      diagnosisNum: c.strDiagnosistNum,
      checksum: 'ef'.repeat(16),
    });
    const sameAs = async () =>
      Object.fromEntries(
        expectOk(
          await statuses(`${other.id},${again.id},${third.id},${unmatched.id}`),
        ).listSlideDocument.map((s) => [s.iSlideDocumentId, s.strSameFileAs]),
      );
    expect(await sameAs()).toEqual({
      [other.id]: null,
      [again.id]: first.displayName,
      [third.id]: first.displayName,
      [unmatched.id]: null,
    });
    // The first copy deleted: the second is now the one the third repeats, and repeats none.
    await db()
      .update(slideDocuments)
      .set({ deletedAt: new Date() })
      .where(eq(slideDocuments.id, first.id));
    expect(await sameAs()).toEqual({
      [other.id]: null,
      [again.id]: null,
      [third.id]: again.displayName,
      [unmatched.id]: null,
    });
    // A folder slide (several files) is not compared: its main file is a small shared index.
    await db().insert(slideFiles).values({
      documentId: again.id,
      position: 1,
      relativePath: 'Data0000.dat',
      storedPath: 'f1',
      size: 1,
      chunkCount: 1,
    });
    expect((await sameAs())[third.id]).toBeNull();

    // The owner's upload by number joined a colleague's case (the colleague created it): the
    // owner does not see that case's slides, so the colleague's copy is not named to them.
    const theirs = await addCase(api, colleague.token);
    const inTheirs = (over: Partial<SlideValues>, who: User) =>
      ownSlide(
        { patientId: theirs.iPatientId, diagnosisNum: theirs.strDiagnosistNum, ...over },
        who,
      );
    await inTheirs(
      { name: `secret-${theirs.iPatientId}.svs`, checksum: '12'.repeat(16) },
      colleague,
    );
    const joined = await inTheirs({ checksum: '12'.repeat(16) }, owner);
    const [status] = expectOk(await statuses(`${joined.id}`)).listSlideDocument;
    expect(status).toMatchObject({ iSlideDocumentId: joined.id, strSameFileAs: null });
  });

  it('keeps every route to its roles and reach (roles 1–4 × own / other hospital / missing)', async () => {
    const hadminWithSlides = slideAdmin;
    const callers = [
      { role: 1, token: tokens.admin },
      { role: 2, token: hadminWithSlides.token },
      { role: 3, token: tokens.doctor },
      { role: 4, token: tokens.expert },
    ];
    /** A fresh unmatched slide each time: own = the demo doctor's, other = another hospital's. */
    const target = async (kind: string) => {
      if (kind === 'missing') {
        return { id: MISSING_ID, num: 'NONE' };
      }
      const num = caseNumber('MX');
      const doc =
        kind === 'own'
          ? await slide({ hospitalId: hospitalA, uploadUserId: demoDoctorId, diagnosisNum: num })
          : await slide({
              hospitalId: outsider.hospitalId,
              uploadUserId: outsider.id,
              diagnosisNum: num,
            });
      return { id: doc.id, num };
    };
    const listed = (a: Answer, tg: { id: number }) =>
      (a.body.objData as SlidePage).listPage.some((s) => s.iSlideDocumentId === tg.id);
    const failures = await tenancyMatrixFailures<{ id: number; num: string }>({
      callers,
      target,
      unchanged: async (tg) => {
        const row = await slideRow(db(), tg.id);
        return row?.deletedAt === null && row.displayName.startsWith('slide-');
      },
      routes: [
        {
          name: 'selectSlideDocumentByType',
          roles: [1, 2, 3],
          listed,
          call: (tk, tg) => list(tk, { strDiagnosistNum: tg.num }),
        },
        {
          name: 'updateSlideDocument',
          roles: [1, 2, 3],
          call: (tk, tg) => update({ iSlideDocumentId: tg.id, strFileName: 'matrix.svs' }, tk),
        },
        {
          name: 'deleteSlideDocument',
          roles: [1, 2, 3],
          call: (tk, tg) => remove([tg.id], tk),
        },
        {
          name: 'matchPatient',
          roles: [1, 2, 3],
          // No case has the number: reached, then refused (SLIDE_MATCH_FAILED).
          refusedWhenReached: true,
          call: (tk, tg) => match([tg.id], tk),
        },
        {
          name: 'getDocumentStatus',
          roles: [1, 2, 3, 4],
          // The uploader's own only.
          visible: (role, kind) => role === 3 && kind === 'own',
          listed: (a, tg) =>
            (a.body.objData as DocumentStatusList).listSlideDocument.some(
              (s) => s.iSlideDocumentId === tg.id,
            ),
          call: (tk, tg) => statuses(String(tg.id), tk),
        },
      ],
    });
    expect(failures).toEqual([]);
  });

  it('audits list reads and changes', async () => {
    await list(owner.token, { strFileName: 'x', iType: 1 });
    expect(await latestAuditRecord(db(), 'slideDocument/selectSlideDocumentByType')).toMatchObject({
      userId: owner.id,
      targetType: 'slideList',
      outcome: 'success',
      detail: { iType: 1, filters: ['strFileName'] },
    });
    const doc = await ownSlide();
    expectOk(await update({ iSlideDocumentId: doc.id, strFileName: 'audited.svs' }));
    expect(await latestAuditRecord(db(), 'slideDocument/updateSlideDocument')).toMatchObject({
      targetType: 'slideDocument',
      targetId: String(doc.id),
      outcome: 'success',
    });
    expectOk(await remove([doc.id]));
    // Named by their case number and hospital, not only the id (not by the file name, free text).
    expect(await latestAuditRecord(db(), 'slideDocument/deleteSlideDocument')).toMatchObject({
      outcome: 'success',
      detail: {
        listSlideDocumentId: [doc.id],
        listSlide: [
          {
            iSlideDocumentId: doc.id,
            strDiagnosistNum: doc.diagnosisNum,
            iHospitalId: hospitalA,
          },
        ],
      },
    });
    expectRefused(await match([(await ownSlide()).id]), 'SLIDE_MATCH_FAILED');
    // As many as one deletion at most, refused with the limit named (it said "invalid").
    expectFieldError(
      await match(
        Array.from({ length: 101 }, (_, i) => i + 1),
        owner.token,
        'en',
      ),
      'listSlideDocument',
      'validation.slideMatchMax',
    );
    expect(await latestAuditRecord(db(), 'slideDocument/matchPatient')).toMatchObject({
      outcome: 'failure',
    });
  });
});
