import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CaseState,
  ReceiveState,
  ReportKind,
  ReportRequestKind,
  ReportRequestState,
  ReviewState,
  RoleType,
  type DiagnosisDto,
  type HospitalDto,
  type NoticePage,
  type PatientEventDto,
  type ReceivedPage,
  type ReportDto,
  type ReportListPage,
  type ReviewListPage,
} from '@pathconsult/shared';
import { hospitals, patientReceives, reportRequests, userPrivileges } from '../src/db/schema';
import { pdfText } from '../src/modules/reports/testing/pdf-inspect';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { caseRow, loggedInUser, setReportView, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { giveSignature, screenshotPicture, sentCaseWithSlide } from './helpers/diagnosis-fixtures';
import { DEMO_ACCOUNTS } from './helpers/demo-accounts';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

type User = { id: number; token: string };

/*
 * Review before release (issue 7, spec §4 "Review: unreviewed/pending review, passed,
 * rejected"): where the expert's hospital reviews reports, a signed version waits for an
 * administrator holding "report view" over that hospital; the doctor sees it only once passed.
 */
describe.each(await testDatabases())('report review on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let center: number;
  let doctor: User;
  let expert: User;
  /** Hospital administrator of the expert's hospital holding "report view": the reviewer. */
  let reviewer: User;
  /** Administrator of the case's hospital, "report view" of all hospitals: released reports only. */
  let caseAdmin: User;
  /** Administrator of the expert's hospital without "report view". */
  let plainAdmin: User;
  let picture: string;

  const db = () => t.database.db;
  const diagnosis = (token: string, query: Record<string, number>) =>
    api.get<DiagnosisDto>('diagnosis/selectDiagnosis', query, { token });
  const confirm = (receiveId: number, result: string) =>
    api.post<DiagnosisDto>(
      'diagnosis/confirmDiagnosis',
      { iPatientReceiveId: receiveId, strResult: result, strOpinion: 'No atypia' },
      { token: expert.token },
    );
  const review = (token: string, iReportId: number, state: 1 | 2, strReason = '') =>
    api.post<ReportDto>(
      'patient/updatePatientReceiveAudit',
      { iReportId, ddReviewState: { iNumber: state }, strReason },
      { token, lang: 'en' },
    );
  const queue = (token: string, query: Record<string, number> = {}) =>
    api.get<ReviewListPage>('diagnosis/selectReviewReports', query, { token });
  const pdfOf = async (token: string, id: number) => {
    const res = await fetch(`${t.baseUrl}/api/diagnosis/ProduceReport?iReportId=${id}`, {
      headers: { token, lang: 'en' },
    });
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const pdfStatus = async (token: string, id: number) => (await pdfOf(token, id)).status;
  const print = (token: string, iReportId: number) =>
    api.post('patient/updatePatientReceivePrintState', { iReportId }, { token });
  const kindsFor = async (token: string) =>
    expectOk(
      await api.get<NoticePage>('notice/selectNotices', { iPageSize: 100 }, { token }),
    ).listPage.map((n) => n.strKind);
  const receiveState = async (id: number) =>
    (await db().select().from(patientReceives).where(eq(patientReceives.id, id)))[0]?.state;

  /** A case of the doctor with a slide and a screenshot, sent to the expert; its receive id. */
  async function sentCase() {
    const sent = await sentCaseWithSlide(t, api, doctor.token, [expert.id], picture);
    return { caseId: sent.caseId, receiveId: sent.receives[0]!.iPatientReceiveId };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    const applicant = await userHospital(db(), 'demo_doctor');
    center = await userHospital(db(), 'demo_expert');
    doctor = await loggedInUser(db(), api, applicant);
    expert = await loggedInUser(db(), api, center, RoleType.Expert);
    reviewer = await loggedInUser(db(), api, center, RoleType.HospitalAdmin);
    caseAdmin = await loggedInUser(db(), api, applicant, RoleType.HospitalAdmin);
    plainAdmin = await loggedInUser(db(), api, center, RoleType.HospitalAdmin);
    await setReportView(db(), reviewer.id, 1);
    // Report view and institution management for all hospitals: reads every hospital's released
    // reports, yet reviews none of another hospital's experts.
    await setReportView(db(), caseAdmin.id, 2);
    await db()
      .update(userPrivileges)
      .set({ scope: 2 })
      .where(
        and(eq(userPrivileges.userId, caseAdmin.id), eq(userPrivileges.code, 'medicalConsortia')),
      );
    // Administrators start with "report view" (DEFAULT_HOSPITAL_ADMIN_PRIVILEGES): taken away.
    await setReportView(db(), plainAdmin.id, null);
    await giveSignature(db(), [expert.id]);
    picture = await screenshotPicture();
  });
  afterAll(() => t.close());

  it("is the expert's hospital's setting, turned on in the hospital form", async () => {
    const admin = await api.login(DEMO_ACCOUNTS.admin.userName, DEMO_ACCOUNTS.admin.password);
    const own = expectOk(
      await api.post<HospitalDto>(
        'hospitalManage/getHospitalInfo',
        { iHospitalId: center },
        { token: admin },
      ),
    );
    expect(own.bReportReview).toBe(false);
    const { iUserCount, dUsedMemory, lUsedBytes, strGroupName, dtCreateTime, ...form } = own;
    void [iUserCount, dUsedMemory, lUsedBytes, strGroupName, dtCreateTime];
    const saved = expectOk(
      await api.post<HospitalDto>(
        'hospitalManage/updateHospital',
        { ...form, bReportReview: true },
        { token: admin },
      ),
    );
    expect(saved.bReportReview).toBe(true);
    const [row] = await db().select().from(hospitals).where(eq(hospitals.id, center));
    expect(row?.reportReviewRequired).toBe(true);
    // Another hospital's administrator, even managing every institution, does not switch it.
    expectForbidden(
      await api.post(
        'hospitalManage/updateHospital',
        { ...form, bReportReview: false },
        { token: caseAdmin.token },
      ),
    );
    const [after] = await db().select().from(hospitals).where(eq(hospitals.id, center));
    expect(after?.reportReviewRequired).toBe(true);
  });

  it('holds a signed report for review: the doctor sees nothing, the reviewer is told', async () => {
    await db()
      .update(hospitals)
      .set({ reportReviewRequired: true })
      .where(eq(hospitals.id, center));
    const { caseId, receiveId } = await sentCase();
    const signed = expectOk(await confirm(receiveId, 'Benign naevus'));
    const v1 = signed.listReport[0]!;
    expect(v1.ddReviewState).toEqual({ iNumber: ReviewState.Pending });
    // Nothing to write while the version waits.
    expect(signed).toMatchObject({ objDraft: null, iOpenKind: null });
    expect(await receiveState(receiveId)).toBe(ReceiveState.Reviewing);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);

    // Not out yet: the doctor and the case hospital's report viewer see no report, no PDF.
    for (const reader of [doctor, caseAdmin]) {
      expect(expectOk(await diagnosis(reader.token, { iPatientId: caseId })).listReport).toEqual(
        [],
      );
      expect(await pdfStatus(reader.token, v1.iReportId)).toBe(404);
    }
    const doctorReports = expectOk(
      await api.get<ReportListPage>(
        'diagnosis/selectDoctorReports',
        { iPageSize: 100 },
        { token: doctor.token },
      ),
    );
    expect(doctorReports.listPage.map((r) => r.iReportId)).not.toContain(v1.iReportId);
    // The expert finds it among their reported cases.
    const done = expectOk(
      await api.get<ReceivedPage>(
        'patient/selectPatientReceiveByUser',
        { iState: ReceiveState.Diagnosed, iPageSize: 100 },
        { token: expert.token },
      ),
    );
    expect(done.listPage.map((r) => r.iPatientReceiveId)).toContain(receiveId);
    const mine = expectOk(
      await api.get<ReportListPage>(
        'diagnosis/selectExpertReports',
        { iPageSize: 100 },
        { token: expert.token },
      ),
    );
    expect(mine.listPage.find((r) => r.iReportId === v1.iReportId)?.ddReviewState).toEqual({
      iNumber: ReviewState.Pending,
    });

    // The reviewer: told, finds it in the queue, may read the PDF.
    expect(await kindsFor(reviewer.token)).toContain('signForReview');
    const pending = expectOk(await queue(reviewer.token, { ddReviewState: ReviewState.Pending }));
    expect(pending.listPage.find((r) => r.iReportId === v1.iReportId)).toMatchObject({
      strResult: 'Benign naevus',
      ddReviewState: { iNumber: ReviewState.Pending },
      reviewer: null,
    });
    // The reviewer's copy is marked as not released; it is not printed for the patient's file.
    const copy = await pdfOf(reviewer.token, v1.iReportId);
    expect(copy.status).toBe(200);
    expect(await pdfText(copy.bytes)).toContain('UNDER REVIEW');
    expectNotFound(await print(reviewer.token, v1.iReportId));
    expectNotFound(await print(doctor.token, v1.iReportId));

    // Nobody else reviews: not the case hospital's administrator (404, like a missing report),
    // not an administrator without "report view" (403), not the doctor (403).
    expect(expectOk(await queue(caseAdmin.token)).listPage).toEqual([]);
    expectNotFound(await review(caseAdmin.token, v1.iReportId, 1));
    expectForbidden(await review(plainAdmin.token, v1.iReportId, 1));
    expectForbidden(await review(doctor.token, v1.iReportId, 1));
    expect(await receiveState(receiveId)).toBe(ReceiveState.Reviewing);
  });

  it('sends a rejected report back with its reason; the rewritten version passes and is released', async () => {
    await db()
      .update(hospitals)
      .set({ reportReviewRequired: true })
      .where(eq(hospitals.id, center));
    const { caseId, receiveId } = await sentCase();
    const v1 = expectOk(await confirm(receiveId, 'Naevus')).listReport[0]!;

    expectFieldError(
      await review(reviewer.token, v1.iReportId, 2),
      'strReason',
      'validation.required',
    );
    const rejected = expectOk(await review(reviewer.token, v1.iReportId, 2, 'State the margins'));
    expect(rejected).toMatchObject({
      ddReviewState: { iNumber: ReviewState.Rejected },
      strReviewReason: 'State the margins',
      reviewer: { iUserId: reviewer.id },
    });
    // Decided once.
    expectRefused(await review(reviewer.token, v1.iReportId, 1), 'CASE_STATE_CHANGED');
    expect(await receiveState(receiveId)).toBe(ReceiveState.Waiting);
    expect(await kindsFor(expert.token)).toContain('reviewRejected');

    // The expert writes it again, starting from the rejected text.
    const again = expectOk(await diagnosis(expert.token, { iPatientReceiveId: receiveId }));
    expect(again.iOpenKind).toBe(ReportKind.Initial);
    expect(again.objDraft).toMatchObject({ iVersion: 2, strResult: 'Naevus' });
    expect(again.listReport[0]).toMatchObject({ strReviewReason: 'State the margins' });
    const v2 = expectOk(await confirm(receiveId, 'Naevus, margins clear')).listReport[0]!;
    expect(v2).toMatchObject({ iVersion: 2, ddReviewState: { iNumber: ReviewState.Pending } });

    const passed = expectOk(await review(reviewer.token, v2.iReportId, 1));
    expect(passed.ddReviewState).toEqual({ iNumber: ReviewState.Passed });
    expect(await receiveState(receiveId)).toBe(ReceiveState.Diagnosed);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);

    // The doctor has the passed version only, and is told as when a report is signed.
    const seen = expectOk(await diagnosis(doctor.token, { iPatientId: caseId }));
    expect(seen.listReport.map((r) => r.iReportId)).toEqual([v2.iReportId]);
    expect(await pdfStatus(doctor.token, v2.iReportId)).toBe(200);
    expect(await pdfStatus(doctor.token, v1.iReportId)).toBe(404);
    expect(await kindsFor(doctor.token)).toContain('complete');
    expect(await kindsFor(expert.token)).toContain('reviewPassed');
    // The review is the diagnosing hospital's own: its steps are in the expert's history of the
    // case, never with the reason, and not in the doctor's, who sees the report completed.
    const historyOf = async (token: string) =>
      expectOk(
        await api.get<PatientEventDto[]>(
          'back/selectBackByLogType',
          { iPatientId: caseId },
          { token },
        ),
      );
    const doctorsHistory = (await historyOf(doctor.token)).map((e) => e.strLogType);
    expect(doctorsHistory).toContain('complete');
    for (const step of ['signForReview', 'reviewRejected', 'reviewPassed']) {
      expect(doctorsHistory).not.toContain(step);
    }
    const expertsHistory = await historyOf(expert.token);
    expect(expertsHistory.map((e) => e.strLogType)).toEqual(
      expect.arrayContaining(['signForReview', 'reviewRejected', 'reviewPassed', 'complete']),
    );
    expect(expertsHistory.map((e) => e.strReason).join()).not.toContain('State the margins');
    // Released: the doctor prints it; the reviewer does not count prints of the patient's file.
    expectOk(await print(doctor.token, v2.iReportId));
    expectNotFound(await print(reviewer.token, v2.iReportId));
    const decided = expectOk(await queue(reviewer.token, { ddReviewState: ReviewState.Passed }));
    expect(decided.listPage.map((r) => r.iReportId)).toContain(v2.iReportId);
  });

  it('reviews a modification before it replaces the released report', async () => {
    await db()
      .update(hospitals)
      .set({ reportReviewRequired: true })
      .where(eq(hospitals.id, center));
    const { caseId, receiveId } = await sentCase();
    const v1 = expectOk(await confirm(receiveId, 'First reading')).listReport[0]!;
    expectOk(await review(reviewer.token, v1.iReportId, 1));
    const request = expectOk(
      await api.post<{ iRequestId: number }>(
        'diagnosis/applyReportChange',
        {
          iReportId: v1.iReportId,
          ddKind: { iNumber: ReportRequestKind.Modification },
          strReason: 'Add the grade',
        },
        { token: doctor.token },
      ),
    );
    expectOk(
      await api.post(
        'diagnosis/answerReportChange',
        { iRequestId: request.iRequestId, bAgree: true, strAnswer: '' },
        { token: expert.token },
      ),
    );
    const v2 = expectOk(await confirm(receiveId, 'First reading, grade 1')).listReport[0]!;
    expect(v2).toMatchObject({ iVersion: 2, ddReviewState: { iNumber: ReviewState.Pending } });
    const requestState = async () =>
      (await db().select().from(reportRequests).where(eq(reportRequests.id, request.iRequestId)))[0]
        ?.state;
    // Until passed the doctor keeps the released version and the request stays agreed.
    const before = expectOk(await diagnosis(doctor.token, { iPatientId: caseId }));
    expect(before.listReport.map((r) => r.iReportId)).toEqual([v1.iReportId]);
    expect(await requestState()).toBe(ReportRequestState.Agreed);
    expect(await receiveState(receiveId)).toBe(ReceiveState.Diagnosed);

    expectOk(await review(reviewer.token, v2.iReportId, 1));
    const after = expectOk(await diagnosis(doctor.token, { iPatientId: caseId }));
    expect(after.listReport.map((r) => r.iReportId)).toEqual([v2.iReportId, v1.iReportId]);
    expect(await requestState()).toBe(ReportRequestState.Done);
  });

  it('tells the platform administrators when the hospital has no reviewer of its own', async () => {
    await db()
      .update(hospitals)
      .set({ reportReviewRequired: true })
      .where(eq(hospitals.id, center));
    await setReportView(db(), reviewer.id, null);
    try {
      const admin = await api.login(DEMO_ACCOUNTS.admin.userName, DEMO_ACCOUNTS.admin.password);
      const before = (await kindsFor(admin)).filter((k) => k === 'signForReview').length;
      const { receiveId } = await sentCase();
      const v1 = expectOk(await confirm(receiveId, 'Seborrhoeic keratosis')).listReport[0]!;
      expect((await kindsFor(admin)).filter((k) => k === 'signForReview')).toHaveLength(before + 1);
      // The platform administrator decides it.
      expectOk(await review(admin, v1.iReportId, 1));
    } finally {
      await setReportView(db(), reviewer.id, 1);
    }
  });

  it('releases at signing where the hospital does not review', async () => {
    await db()
      .update(hospitals)
      .set({ reportReviewRequired: false })
      .where(eq(hospitals.id, center));
    const { caseId, receiveId } = await sentCase();
    const v1 = expectOk(await confirm(receiveId, 'Lipoma')).listReport[0]!;
    expect(v1.ddReviewState).toBeNull();
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);
    expect(expectOk(await diagnosis(doctor.token, { iPatientId: caseId })).listReport).toHaveLength(
      1,
    );
    expect(expectOk(await queue(reviewer.token)).listPage.map((r) => r.iReportId)).not.toContain(
      v1.iReportId,
    );
    expectNotFound(await review(reviewer.token, v1.iReportId, 1));
  });
});
