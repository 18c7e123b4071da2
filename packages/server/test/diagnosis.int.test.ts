import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CaseState,
  ReceiveState,
  ReportKind,
  ReportRequestKind,
  ReportRequestState,
  ReportState,
  ReturnKind,
  RoleType,
  SCREENSHOTS_PER_REPORT,
  type AnnotationDto,
  type AnnotationList,
  type DiagnosisDto,
  type ExpertPickPage,
  type MedicalOrderOption,
  type PatientDto,
  type PatientEventDto,
  type PatientReceiveList,
  type ReportListPage,
  type ReturnList,
  type ScreenshotDto,
  type ScreenshotList,
} from '@pathconsult/shared';
import { caseScreenshots, diagnosisReports, patientReceives } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { pdfImages, pdfText, squeeze } from '../src/modules/reports/testing/pdf-inspect';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  caseRow,
  doctorElsewhere,
  loggedInUser,
  userHospital,
} from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import {
  REGION,
  giveSignature,
  screenshotPicture,
  sentCaseWithSlide,
} from './helpers/diagnosis-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);

type User = { id: number; token: string };

/*
 * Issue 7: the expert's report (draft, signature, versions), the three returns and the doctor's
 * modification and supplementary requests, on both databases.
 */
describe.each(await testDatabases())('diagnosis and returns on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let applicant: number;
  let center: number;
  let doctor: User;
  let expert: User;
  let secondExpert: User;
  let unsigned: User;
  let stranger: User;
  let picture: string;
  /** A 265 × 150 PNG, as the signature upload keeps them. */
  let signature: string;

  const db = () => t.database.db;
  const send = async (caseId: number, experts: number[]) =>
    expectOk(
      await api.post<PatientReceiveList>(
        'patient/addPatientReceive',
        {
          listPatient: [{ iPatientId: caseId }],
          listUser: experts.map((iUserId) => ({ iUserId })),
        },
        { token: doctor.token },
      ),
    ).listPatientReceive;
  const diagnosis = (token: string, query: Record<string, number>) =>
    api.get<DiagnosisDto>('diagnosis/selectDiagnosis', query, { token });
  const draft = (token: string, body: Record<string, unknown>, lang?: 'en' | 'zh') =>
    api.post<DiagnosisDto>('diagnosis/saveDraft', body, { token, lang });
  const confirm = (token: string, body: Record<string, unknown>, lang?: 'en' | 'zh') =>
    api.post<DiagnosisDto>('diagnosis/confirmDiagnosis', body, { token, lang });
  const events = async (caseId: number) =>
    expectOk(
      await api.get<PatientEventDto[]>(
        'back/selectBackByLogType',
        { iPatientId: caseId },
        { token: doctor.token },
      ),
    );
  const returnsOf = (token: string, caseId: number) =>
    api.get<ReturnList>('diagnosis/selectReturns', { iPatientId: caseId }, { token });
  const receiveState = async (id: number) =>
    (await db().select().from(patientReceives).where(eq(patientReceives.id, id)))[0]?.state;

  /** A case of the doctor with a slide and one screenshot, sent to `experts`. */
  const sentCase = (experts: number[]) => sentCaseWithSlide(t, api, doctor.token, experts, picture);

  /** Signs a first report on the receive. */
  async function signed(receiveId: number, token = expert.token, result = 'Benign naevus') {
    return expectOk(
      await confirm(token, {
        iPatientReceiveId: receiveId,
        strResult: result,
        strOpinion: 'No atypia',
      }),
    );
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    applicant = await userHospital(db(), 'demo_doctor');
    center = await userHospital(db(), 'demo_expert');
    doctor = await loggedInUser(db(), api, applicant);
    expert = await loggedInUser(db(), api, center, RoleType.Expert);
    secondExpert = await loggedInUser(db(), api, center, RoleType.Expert);
    unsigned = await loggedInUser(db(), api, center, RoleType.Expert);
    stranger = await doctorElsewhere(db(), api);
    signature = await giveSignature(db(), [expert.id, secondExpert.id]);
    picture = await screenshotPicture();
  });
  afterAll(() => t.close());

  it('keeps a draft for the expert only, then signs it: receive diagnosed, case completed', async () => {
    const { caseId, slide, shot, receives } = await sentCase([expert.id]);
    const receiveId = receives[0]!.iPatientReceiveId;

    // Before anything is saved the expert gets a blank first version.
    const blank = expectOk(await diagnosis(expert.token, { iPatientReceiveId: receiveId }));
    expect(blank).toMatchObject({ listReport: [], iOpenKind: ReportKind.Initial });
    expect(blank.objDraft).toMatchObject({ iReportId: 0, strResult: '', iVersion: 1 });

    const saved = expectOk(
      await draft(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'Draft result',
        strOpinion: 'Thinking',
        listScreenshotId: [shot],
      }),
    );
    expect(saved.objDraft).toMatchObject({
      strResult: 'Draft result',
      ddState: { iNumber: ReportState.Draft },
      strSignature: null,
    });
    expect(saved.objDraft?.listScreenshot.map((s) => s.iScreenshotId)).toEqual([shot]);
    // Saved over, not a second row.
    expectOk(await draft(expert.token, { iPatientReceiveId: receiveId, strResult: 'Second' }));
    const rows = await db()
      .select()
      .from(diagnosisReports)
      .where(eq(diagnosisReports.receiveId, receiveId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'Second', screenshotIds: [] });

    // The doctor sees no draft; the case is still waiting.
    expect(expectOk(await diagnosis(doctor.token, { iPatientId: caseId }))).toMatchObject({
      listReport: [],
      objDraft: null,
    });
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);

    // Signing: the result is required (its own message), the screenshots must be the case's.
    expectFieldError(
      await confirm(expert.token, { iPatientReceiveId: receiveId, strResult: '  ' }, 'en'),
      'strResult',
      'validation.diagnosis.result',
    );
    // Another case's screenshot is refused like one deleted since the form was opened.
    const other = await sentCase([secondExpert.id]);
    expectRefused(
      await confirm(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'x',
        listScreenshotId: [other.shot],
      }),
      'REPORT_SCREENSHOT_GONE',
    );
    expectOk(
      await api.post(
        'webViewer/consulation/deletePathologyImg',
        { iScreenshotId: other.shot },
        { token: doctor.token },
      ),
    );
    const gone = await confirm(
      secondExpert.token,
      {
        iPatientReceiveId: other.receives[0]!.iPatientReceiveId,
        strResult: 'x',
        listScreenshotId: [other.shot],
      },
      'en',
    );
    expectRefused(gone, 'REPORT_SCREENSHOT_GONE');
    expect(gone.body.strMessage).toBe(
      'A screenshot chosen for the report has been deleted: check the report’s figures and submit again',
    );
    expectFieldError(
      await draft(
        expert.token,
        { iPatientReceiveId: receiveId, listScreenshotId: [1, 2, 3, 4, 5] },
        'en',
      ),
      'listScreenshotId',
      'validation.diagnosis.screenshots',
    );
    // Nothing of the refusals was written.
    expect(
      (
        await db().select().from(diagnosisReports).where(eq(diagnosisReports.receiveId, receiveId))
      )[0],
    ).toMatchObject({ result: 'Second', state: ReportState.Draft });

    // A draft's figure says which it is to its expert (deleting it renumbers the figures after
    // it); a figure deleted before it is not counted. No one else learns what the draft holds.
    const shotsOf = async (token: string) =>
      expectOk(
        await api.post<ScreenshotList>(
          'webViewer/consulation/getPathologyImgBySlides',
          { iPatientId: caseId },
          { token },
        ),
      ).listScreenshot.map((s) => [s.iScreenshotId, s.iDraftFigure]);
    const earlier = expectOk(
      await api.post<{ iScreenshotId: number }>(
        'webViewer/consulation/setPathologyImg',
        { iSlideDocumentId: slide, strImage: picture, region: REGION },
        { token: expert.token },
      ),
    ).iScreenshotId;
    expectOk(
      await draft(expert.token, {
        iPatientReceiveId: receiveId,
        listScreenshotId: [earlier, shot],
      }),
    );
    expect(await shotsOf(expert.token)).toEqual([
      [shot, 2],
      [earlier, 1],
    ]);
    expectOk(
      await api.post(
        'webViewer/consulation/deletePathologyImg',
        { iScreenshotId: earlier },
        { token: expert.token },
      ),
    );
    expect(await shotsOf(expert.token)).toEqual([[shot, 1]]);
    expect(await shotsOf(doctor.token)).toEqual([[shot, null]]);
    // The form names the figure the saved draft lost: its text may cite the numbers of the
    // figures after it. Until the draft is saved again; and to its expert only.
    const goneOf = async (token: string) =>
      expectOk(await diagnosis(token, { iPatientId: caseId })).listGoneFigure;
    expect(await goneOf(expert.token)).toEqual([1]);
    expect(await goneOf(doctor.token)).toEqual([]);
    // A figure lost from the middle is named by its place as saved, not the figures after it.
    const take = async () =>
      expectOk(
        await api.post<{ iScreenshotId: number }>(
          'webViewer/consulation/setPathologyImg',
          { iSlideDocumentId: slide, strImage: picture, region: REGION },
          { token: expert.token },
        ),
      ).iScreenshotId;
    const [middle, last] = [await take(), await take()];
    expectOk(
      await draft(expert.token, {
        iPatientReceiveId: receiveId,
        listScreenshotId: [shot, middle, last],
      }),
    );
    expect(await goneOf(expert.token)).toEqual([]);
    const deleteShot = async (id: number) =>
      expectOk(
        await api.post(
          'webViewer/consulation/deletePathologyImg',
          { iScreenshotId: id },
          { token: expert.token },
        ),
      );
    await deleteShot(middle);
    expect(await goneOf(expert.token)).toEqual([2]);
    await deleteShot(last);
    expect(await goneOf(expert.token)).toEqual([2, 3]);
    expectOk(await draft(expert.token, { iPatientReceiveId: receiveId, listScreenshotId: [shot] }));
    expect(await goneOf(expert.token)).toEqual([]);

    const done = expectOk(
      await confirm(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'Benign naevus',
        strOpinion: 'No atypia',
        listScreenshotId: [shot],
      }),
    );
    expect(done.objDraft).toBeNull();
    expect(done.iOpenKind).toBeNull();
    expect(done.listReport).toHaveLength(1);
    expect(done.listReport[0]).toMatchObject({
      iVersion: 1,
      ddKind: { iNumber: ReportKind.Initial },
      ddState: { iNumber: ReportState.Signed },
      strResult: 'Benign naevus',
      strSignature: signature,
      expert: { iUserId: expert.id },
    });
    expect(await receiveState(receiveId)).toBe(ReceiveState.Diagnosed);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);
    expect((await events(caseId))[0]).toMatchObject({ strLogType: 'complete' });

    // The doctor reads the signed report with its screenshot.
    const forDoctor = expectOk(await diagnosis(doctor.token, { iPatientId: caseId }));
    expect(forDoctor.listReport[0]).toMatchObject({
      strResult: 'Benign naevus',
      bMayRequestModification: true,
      bMayRequestSupplement: true,
    });
    expect(forDoctor.listReport[0]?.listScreenshot.map((s) => s.iScreenshotId)).toEqual([shot]);
    expect(forDoctor.listReport[0]?.listScreenshot[0]?.bInSignedReport).toBe(true);
    // A signed report keeps its pictures: its author cannot delete the screenshot any more.
    expectRefused(
      await api.post(
        'webViewer/consulation/deletePathologyImg',
        { iScreenshotId: shot },
        { token: doctor.token },
      ),
      'SCREENSHOT_IN_SIGNED_REPORT',
    );
    const kept = expectOk(await diagnosis(doctor.token, { iPatientId: caseId }));
    expect(kept.listReport[0]?.listScreenshot.map((s) => s.iScreenshotId)).toEqual([shot]);
    // Nor does it count towards the author's 4: a later version gets 4 new ones.
    const shots = expectOk(
      await api.post<ScreenshotList>(
        'webViewer/consulation/getPathologyImgBySlides',
        { iPatientId: caseId },
        { token: doctor.token },
      ),
    );
    expect(shots.iMineCount).toBe(0);
    expect(shots.listScreenshot).toMatchObject([
      { iScreenshotId: shot, bInSignedReport: true, iDraftFigure: null },
    ]);
    const takeOne = () =>
      api.post(
        'webViewer/consulation/setPathologyImg',
        { iSlideDocumentId: slide, strImage: picture, region: REGION },
        { token: doctor.token },
      );
    for (let n = 0; n < SCREENSHOTS_PER_REPORT; n++) {
      expectOk(await takeOne());
    }
    expectRefused(await takeOne(), 'SCREENSHOT_LIMIT');

    // Signed is final: no more drafts until the doctor asks for a change.
    expectRefused(
      await draft(expert.token, { iPatientReceiveId: receiveId, strResult: 'changed' }),
      'REPORT_NOT_OPEN',
    );
    expect(await latestAuditRecord(db(), 'diagnosis/confirmDiagnosis')).toMatchObject({
      userId: expert.id,
      targetType: 'patientReceive',
      targetId: String(receiveId),
      outcome: 'success',
    });
    expect(await latestAuditRecord(db(), 'diagnosis/selectDiagnosis')).toMatchObject({
      userId: doctor.id,
      targetType: 'patient',
      targetId: String(caseId),
    });
  });

  it('refuses signing without a signature image, other people and other roles', async () => {
    const { caseId, receives } = await sentCase([unsigned.id, expert.id]);
    const mine = receives.find((r) => r.expert?.iUserId === unsigned.id)!.iPatientReceiveId;
    const theirs = receives.find((r) => r.expert?.iUserId === expert.id)!.iPatientReceiveId;
    expectRefused(
      await confirm(unsigned.token, { iPatientReceiveId: mine, strResult: 'x' }),
      'SIGNATURE_MISSING',
    );
    expect(await receiveState(mine)).toBe(ReceiveState.Waiting);
    // Another expert's receive is like a missing one; doctors cannot write reports.
    expectNotFound(await draft(unsigned.token, { iPatientReceiveId: theirs, strResult: 'x' }));
    expectNotFound(await diagnosis(unsigned.token, { iPatientReceiveId: theirs }));
    expectForbidden(await draft(doctor.token, { iPatientReceiveId: mine, strResult: 'x' }));
    // Another hospital's doctor cannot read the case's reports.
    expectNotFound(await diagnosis(stranger.token, { iPatientId: caseId }));
    expectNotFound(await diagnosis(expert.token, { iPatientReceiveId: 99_999_999 }));
  });

  it('lets a second expert sign a completed case; returns by one expert leave the others working', async () => {
    const { caseId, receives } = await sentCase([expert.id, secondExpert.id]);
    const [a, b] = [expert, secondExpert].map(
      (u) => receives.find((r) => r.expert?.iUserId === u.id)!.iPatientReceiveId,
    ) as [number, number];
    expectOk(
      await api.post(
        'diagnosis/backPatient',
        { iPatientReceiveId: a, strReason: 'Outside my field' },
        { token: expert.token },
      ),
    );
    expect(await receiveState(a)).toBe(ReceiveState.Returned);
    // The other expert still holds the case: it stays submitted.
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);
    await signed(b, secondExpert.token);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);
    // The returning expert can no longer write on their receive.
    expectRefused(
      await draft(expert.token, { iPatientReceiveId: a, strResult: 'late' }),
      'CASE_STATE_CHANGED',
    );
  });

  it('an expert who returned a case reads its annotations and screenshots, and changes none', async () => {
    const { caseId, slide, receives } = await sentCase([expert.id]);
    const annotations = async () =>
      expectOk(
        await api.get<AnnotationList>(
          'viewer/selectAnnotation',
          { iSlideDocumentId: slide },
          { token: expert.token },
        ),
      );
    const screenshots = async () =>
      expectOk(
        await api.post<ScreenshotList>(
          'webViewer/consulation/getPathologyImgBySlides',
          { iPatientId: caseId },
          { token: expert.token },
        ),
      );
    const ruler = {
      iSlideDocumentId: slide,
      strKind: 'line',
      strColor: '#FF0000',
      listPoint: [
        [10, 20],
        [110, 20],
      ],
    };
    const mark = expectOk(
      await api.post<AnnotationDto>('viewer/addAnnotation', ruler, { token: expert.token }),
    );
    const shot = expectOk(
      await api.post<ScreenshotDto>(
        'webViewer/consulation/setPathologyImg',
        { iSlideDocumentId: slide, strImage: picture, region: REGION, dMagnification: 4 },
        { token: expert.token },
      ),
    );
    expect((await annotations()).bMayWrite).toBe(true);
    expect((await screenshots()).bMayWrite).toBe(true);
    expectOk(
      await api.post(
        'diagnosis/backPatient',
        { iPatientReceiveId: receives[0]!.iPatientReceiveId, strReason: 'Outside my field' },
        { token: expert.token },
      ),
    );

    const read = await annotations();
    expect(read.listAnnotation.map((a) => a.iAnnotationId)).toEqual([mark.iAnnotationId]);
    expect(read.bMayWrite).toBe(false);
    const shots = await screenshots();
    expect(shots.listScreenshot.map((s) => s.iScreenshotId)).toContain(shot.iScreenshotId);
    expect(shots.bMayWrite).toBe(false);
    const refusals = [
      await api.post('viewer/addAnnotation', ruler, { token: expert.token, lang: 'en' }),
      await api.post(
        'viewer/updateAnnotation',
        { ...ruler, iAnnotationId: mark.iAnnotationId, strText: 'late' },
        { token: expert.token },
      ),
      await api.post(
        'viewer/deleteAnnotation',
        { iAnnotationId: mark.iAnnotationId },
        { token: expert.token },
      ),
      await api.post(
        'webViewer/consulation/setPathologyImg',
        { iSlideDocumentId: slide, strImage: picture, region: REGION, dMagnification: 4 },
        { token: expert.token },
      ),
      await api.post(
        'webViewer/consulation/deletePathologyImg',
        { iScreenshotId: shot.iScreenshotId },
        { token: expert.token },
      ),
    ];
    for (const refused of refusals) {
      expectRefused(refused, 'CASE_NOT_HELD');
    }
    expect(refusals[0]!.body.strMessage).toBe(
      'This case was returned and is no longer with you: you can view it, but not add or change annotations or screenshots',
    );
    // Nothing changed.
    expect((await annotations()).listAnnotation).toEqual(read.listAnnotation);
    expect((await screenshots()).listScreenshot).toEqual(shots.listScreenshot);
  });

  it('returns a case with a reason; the doctor edits it back to new and sends it again', async () => {
    const { caseId, shot, receives } = await sentCase([expert.id]);
    const receiveId = receives[0]!.iPatientReceiveId;
    // The expert had begun the report before asking for better slides.
    expectOk(
      await draft(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'Draft before the return',
        strOpinion: 'Focus poor at the margin',
        listScreenshotId: [shot],
      }),
    );
    expectFieldError(
      await api.post(
        'diagnosis/backPatient',
        { iPatientReceiveId: receiveId, strReason: ' ' },
        { token: expert.token, lang: 'en' },
      ),
      'strReason',
      'validation.diagnosis.reason',
    );
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);
    expectOk(
      await api.post(
        'diagnosis/backPatient',
        { iPatientReceiveId: receiveId, strReason: 'Slides out of focus' },
        { token: expert.token },
      ),
    );
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Returned);
    const detail = expectOk(await returnsOf(doctor.token, caseId));
    expect(detail.listReturn).toEqual([
      expect.objectContaining({
        ddKind: { iNumber: ReturnKind.Regular },
        strReason: 'Slides out of focus',
        expert: expect.objectContaining({ iUserId: expert.id }),
        referredExpert: null,
        listOrder: [],
      }),
    ]);
    expect((await events(caseId))[0]).toMatchObject({
      strLogType: 'return',
      strReason: 'Slides out of focus',
    });
    // A second return of the same receive is refused.
    expectRefused(
      await api.post(
        'diagnosis/backPatient',
        { iPatientReceiveId: receiveId, strReason: 'again' },
        { token: expert.token },
      ),
      'CASE_STATE_CHANGED',
    );
    expectNotFound(await returnsOf(stranger.token, caseId));

    // Edited, the case is new again; sent again, the history stays.
    const current = expectOk(
      await api.get<PatientDto>(
        'patient/getPatientInfo',
        { iPatientId: caseId },
        { token: doctor.token },
      ),
    );
    expectOk(
      await api.post(
        'patient/updatePatient',
        { ...current, strRemark: 'Recut and rescanned' },
        { token: doctor.token },
      ),
    );
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.New);
    const again = await send(caseId, [expert.id]);
    expect(again[0]?.iPatientReceiveId).not.toBe(receiveId);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);
    expect(expectOk(await returnsOf(doctor.token, caseId)).listReturn).toHaveLength(1);
    const all = expectOk(
      await api.get<PatientReceiveList>(
        'patient/selectPatientReceiveByPatient',
        { iPatientId: caseId },
        { token: doctor.token },
      ),
    ).listPatientReceive;
    expect(all.map((r) => r.ddPatientState.iNumber)).toEqual([
      ReceiveState.Waiting,
      ReceiveState.Returned,
    ]);
    // Sent to them again, the expert's report starts from what they had written (not yet saved
    // in this sending); the doctor still sees no draft.
    const resent = expectOk(
      await diagnosis(expert.token, { iPatientReceiveId: again[0]!.iPatientReceiveId }),
    );
    expect(resent.objDraft).toMatchObject({
      iReportId: 0,
      iVersion: 1,
      iPatientReceiveId: again[0]!.iPatientReceiveId,
      strResult: 'Draft before the return',
      strOpinion: 'Focus poor at the margin',
    });
    expect(resent.objDraft?.listScreenshot.map((s) => s.iScreenshotId)).toEqual([shot]);
    expect(resent.dtEarlierDraft).toEqual(expect.any(String));
    expect(expectOk(await diagnosis(doctor.token, { iPatientId: caseId })).objDraft).toBeNull();
    // Saved in this sending, it is this sending's draft, and signs as its first version.
    const saved = expectOk(
      await draft(expert.token, {
        iPatientReceiveId: again[0]!.iPatientReceiveId,
        strResult: 'Draft before the return',
        strOpinion: 'Refocused slides: no atypia',
        listScreenshotId: [shot],
      }),
    );
    expect(saved.objDraft).toMatchObject({
      iPatientReceiveId: again[0]!.iPatientReceiveId,
      strOpinion: 'Refocused slides: no atypia',
    });
    expect(saved.objDraft?.iReportId).toBeGreaterThan(0);
    expect(saved.dtEarlierDraft).toBeNull();
  });

  it('refers a case to another expert of the doctor’s reach, not to oneself or a holder', async () => {
    const { caseId, receives } = await sentCase([expert.id]);
    const receiveId = receives[0]!.iPatientReceiveId;
    const refer = (iUserId: number) =>
      api.post(
        'diagnosis/backPatientReferral',
        { iPatientReceiveId: receiveId, strReason: 'Needs a dermatopathologist', iUserId },
        { token: expert.token },
      );
    // The picker offers the doctor's reach, marking who already holds the case.
    const offered = expectOk(
      await api.get<ExpertPickPage>(
        'diagnosis/selectReferralExperts',
        { iPatientReceiveId: receiveId, iPageSize: 100 },
        { token: expert.token },
      ),
    ).listPage;
    expect(offered.find((e) => e.iUserId === expert.id)?.bAlreadySent).toBe(true);
    expect(offered.find((e) => e.iUserId === secondExpert.id)?.bAlreadySent).toBe(false);
    expectNotFound(
      await api.get(
        'diagnosis/selectReferralExperts',
        { iPatientReceiveId: receiveId },
        { token: secondExpert.token },
      ),
    );
    expectRefused(await refer(expert.id), 'REFERRAL_SAME_EXPERT');
    // Someone the case's doctor could not have chosen (here: another hospital's doctor).
    const unreachable = await doctorElsewhere(db(), api);
    expectNotFound(await refer(unreachable.id));
    expectOk(await refer(secondExpert.id));
    expect(await receiveState(receiveId)).toBe(ReceiveState.Returned);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);
    const list = expectOk(
      await api.get<PatientReceiveList>(
        'patient/selectPatientReceiveByPatient',
        { iPatientId: caseId },
        { token: doctor.token },
      ),
    ).listPatientReceive;
    expect(list[0]).toMatchObject({
      expert: { iUserId: secondExpert.id },
      sendUser: { iUserId: doctor.id },
      ddPatientState: { iNumber: ReceiveState.Waiting },
    });
    expect(expectOk(await returnsOf(doctor.token, caseId)).listReturn[0]).toMatchObject({
      ddKind: { iNumber: ReturnKind.Referral },
      referredExpert: { iUserId: secondExpert.id },
    });
    // The new expert reads and reports on the case.
    await signed(list[0]!.iPatientReceiveId, secondExpert.token);
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);
  });

  it('returns a case for additional orders from the case hospital’s dictionary', async () => {
    const { caseId, receives } = await sentCase([expert.id]);
    const receiveId = receives[0]!.iPatientReceiveId;
    const items = expectOk(
      await api.get<MedicalOrderOption[]>(
        'diagnosis/selectOrderItems',
        { iPatientReceiveId: receiveId },
        { token: expert.token },
      ),
    );
    expect(items.length).toBeGreaterThan(1);
    const [first, second] = items as [MedicalOrderOption, MedicalOrderOption];
    const order = (ids: number[]) =>
      api.post(
        'diagnosis/backPatientMedicalorder',
        { iPatientReceiveId: receiveId, listMedicalorderId: ids },
        { token: expert.token, lang: 'en' },
      );
    expectFieldError(await order([]), 'listMedicalorderId', 'validation.diagnosis.orders');
    expectNotFound(await order([first.iItemId, 99_999_999]));
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Submitted);
    expectOk(await order([first.iItemId, second.iItemId]));
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Returned);
    expect(expectOk(await returnsOf(doctor.token, caseId)).listReturn[0]).toMatchObject({
      ddKind: { iNumber: ReturnKind.AddOrder },
      listOrder: [
        { iMedicalorderId: first.iItemId, strName: first.strName },
        { iMedicalorderId: second.iItemId, strName: second.strName },
      ],
    });
    expect((await events(caseId))[0]).toMatchObject({ strLogType: 'addOrder' });
  });

  it('runs a modification request through refusal, re-application and a new signed version', async () => {
    const { caseId, receives } = await sentCase([expert.id]);
    const receiveId = receives[0]!.iPatientReceiveId;
    const v1 = (await signed(receiveId)).listReport[0]!;
    const apply = (kind: 0 | 1, reportId = v1.iReportId, token = doctor.token) =>
      api.post<{ iRequestId: number }>(
        'diagnosis/applyReportChange',
        { iReportId: reportId, ddKind: { iNumber: kind }, strReason: 'Please state the margin' },
        { token },
      );
    const answer = (iRequestId: number, bAgree: boolean, strAnswer = '') =>
      api.post(
        'diagnosis/answerReportChange',
        { iRequestId, bAgree, strAnswer },
        { token: expert.token, lang: 'en' },
      );

    expectForbidden(await apply(ReportRequestKind.Modification, v1.iReportId, expert.token));
    expectNotFound(await apply(ReportRequestKind.Modification, v1.iReportId, stranger.token));
    const first = expectOk(await apply(ReportRequestKind.Modification));
    // One open request at a time.
    expectRefused(await apply(ReportRequestKind.Supplementary), 'REPORT_REQUEST_NOT_ALLOWED');
    // Refusing needs its reason.
    expectFieldError(
      await answer(first.iRequestId, false),
      'strAnswer',
      'validation.diagnosis.refuseReason',
    );
    expectOk(await answer(first.iRequestId, false, 'The margin is in the opinion'));
    expectRefused(await answer(first.iRequestId, true), 'CASE_STATE_CHANGED');
    const seen = expectOk(await diagnosis(doctor.token, { iPatientId: caseId }));
    expect(seen.listRequest[0]).toMatchObject({
      ddState: { iNumber: ReportRequestState.Refused },
      strAnswer: 'The margin is in the opinion',
    });
    expect(seen.listReport[0]?.bMayRequestModification).toBe(true);

    // Asked again and agreed: the expert gets a modification version starting from v1's text.
    const second = expectOk(await apply(ReportRequestKind.Modification));
    expectOk(await answer(second.iRequestId, true));
    const open = expectOk(await diagnosis(expert.token, { iPatientReceiveId: receiveId }));
    expect(open.iOpenKind).toBe(ReportKind.Modification);
    expect(open.objDraft).toMatchObject({ strResult: v1.strResult, iVersion: 2 });
    const v2 = expectOk(
      await confirm(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'Benign naevus, margins clear',
        strOpinion: 'No atypia',
      }),
    );
    expect(v2.listReport.map((r) => [r.iVersion, r.strResult])).toEqual([
      [2, 'Benign naevus, margins clear'],
      [1, 'Benign naevus'],
    ]);
    expect(v2.listRequest.map((r) => r.ddState.iNumber)).toEqual([
      ReportRequestState.Refused,
      ReportRequestState.Done,
    ]);
    // The old version cannot be asked about any more, the new one can.
    expectRefused(await apply(ReportRequestKind.Modification), 'CASE_STATE_CHANGED');
    const v2Id = v2.listReport[0]!.iReportId;

    // The supplementary opinion: once, keeping the signed text.
    const sup = expectOk(await apply(ReportRequestKind.Supplementary, v2Id));
    expectOk(await answer(sup.iRequestId, true));
    expectFieldError(
      await confirm(expert.token, { iPatientReceiveId: receiveId, strSupplement: '' }, 'en'),
      'strSupplement',
      'validation.diagnosis.supplement',
    );
    const v3 = expectOk(
      await confirm(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'ignored',
        strSupplement: 'Immunostains support the diagnosis',
      }),
    );
    expect(v3.listReport[0]).toMatchObject({
      iVersion: 3,
      ddKind: { iNumber: ReportKind.Supplementary },
      strResult: 'Benign naevus, margins clear',
      strSupplement: 'Immunostains support the diagnosis',
    });
    const v3Id = v3.listReport[0]!.iReportId;
    // A later modification keeps the supplementary opinion.
    const again = expectOk(await apply(ReportRequestKind.Modification, v3Id));
    expectOk(await answer(again.iRequestId, true));
    const v4 = expectOk(
      await confirm(expert.token, {
        iPatientReceiveId: receiveId,
        strResult: 'Benign naevus, margins clear (2 mm)',
        strOpinion: 'No atypia',
      }),
    );
    expect(v4.listReport[0]).toMatchObject({
      iVersion: 4,
      ddKind: { iNumber: ReportKind.Modification },
      strSupplement: 'Immunostains support the diagnosis',
    });
    const v4Id = v4.listReport[0]!.iReportId;
    expectRefused(await apply(ReportRequestKind.Supplementary, v4Id), 'REPORT_REQUEST_NOT_ALLOWED');
    const last = expectOk(await diagnosis(doctor.token, { iPatientId: caseId })).listReport[0]!;
    expect(last).toMatchObject({ bMayRequestModification: true, bMayRequestSupplement: false });
    // Signed versions are never changed.
    const stored = await db()
      .select()
      .from(diagnosisReports)
      .where(eq(diagnosisReports.receiveId, receiveId));
    expect(stored.find((r) => r.version === 1)).toMatchObject({
      result: 'Benign naevus',
      state: ReportState.Signed,
    });
  });

  it('lists the latest signed report of each sending for its expert and its doctor; prints are counted', async () => {
    const { caseId, receives } = await sentCase([expert.id]);
    const report = (await signed(receives[0]!.iPatientReceiveId, expert.token, 'Listed'))
      .listReport[0]!;
    const mine = expectOk(
      await api.get<ReportListPage>(
        'diagnosis/selectExpertReports',
        { iPageSize: 100 },
        { token: expert.token },
      ),
    );
    expect(mine.listPage[0]).toMatchObject({
      iPatientId: caseId,
      iReportId: report.iReportId,
      strResult: 'Listed',
    });
    // Latest versions only: one row per receive.
    const receiveIds = mine.listPage.map((r) => r.iPatientReceiveId);
    expect(new Set(receiveIds).size).toBe(receiveIds.length);
    const theirs = expectOk(
      await api.get<ReportListPage>(
        'diagnosis/selectDoctorReports',
        { strDiagnosistNum: (await caseRow(db(), caseId))!.diagnosisNum },
        { token: doctor.token },
      ),
    );
    expect(theirs.listPage.map((r) => r.iReportId)).toEqual([report.iReportId]);
    expect(
      expectOk(
        await api.get<ReportListPage>(
          'diagnosis/selectDoctorReports',
          {},
          { token: stranger.token },
        ),
      ).iTotalCount,
    ).toBe(0);
    expectForbidden(await api.get('diagnosis/selectExpertReports', {}, { token: doctor.token }));

    const print = () =>
      api.post<{ iPrintCount: number }>(
        'patient/updatePatientReceivePrintState',
        { iReportId: report.iReportId },
        { token: doctor.token },
      );
    expect(expectOk(await print()).iPrintCount).toBe(1);
    expect(expectOk(await print()).iPrintCount).toBe(2);
    expectNotFound(
      await api.post(
        'patient/updatePatientReceivePrintState',
        { iReportId: report.iReportId },
        { token: stranger.token },
      ),
    );
  });

  it('answers "case not assigned" to the center’s experts for an undistributed case', async () => {
    const c = await addCase(api, doctor.token);
    await uploadSlide(
      api,
      t.baseUrl,
      doctor.token,
      { iPatientId: c.iPatientId },
      'boxes.tiff',
      BOXES,
    );
    const sentToCenter = expectOk(
      await api.post<PatientReceiveList>(
        'patient/addPatientReceive',
        {
          listPatient: [{ iPatientId: c.iPatientId }],
          ddIsDiagnosticsCenter: { iNumber: 1 },
          iAllotDiagnosticsCenterId: center,
        },
        { token: doctor.token },
      ),
    ).listPatientReceive[0]!;
    const localExpert = await loggedInUser(db(), api, applicant, RoleType.Expert);
    const body = { iPatientReceiveId: sentToCenter.iPatientReceiveId, strResult: 'x' };
    expectRefused(await draft(expert.token, body), 'CASE_NOT_ASSIGNED');
    expectRefused(
      await api.post(
        'diagnosis/backPatient',
        { ...body, strReason: 'no' },
        { token: expert.token },
      ),
      'CASE_NOT_ASSIGNED',
    );
    expectNotFound(await draft(localExpert.token, body));
  });

  it('prints a signed report as a PDF with the case, the texts, the screenshot and the signature', async () => {
    const { caseId, shot, receives } = await sentCase([expert.id]);
    // Taken past the slide's objective power (screenshots.int.test.ts shows the server deciding
    // it from the slide), and brighter than the scan: the caption says both.
    await db()
      .update(caseScreenshots)
      .set({ digitalZoom: true, adjustments: { dBrightness: 1.7, dContrast: 1, dGamma: 1 } })
      .where(eq(caseScreenshots.id, shot));
    const report = expectOk(
      await confirm(expert.token, {
        iPatientReceiveId: receives[0]!.iPatientReceiveId,
        strResult: '乳腺纤维腺瘤',
        strOpinion: 'No atypia seen',
        listScreenshotId: [shot],
      }),
    ).listReport[0]!;
    const pdf = async (token: string, lang: 'zh' | 'en', id = report.iReportId) => {
      const res = await fetch(`${t.baseUrl}/api/diagnosis/ProduceReport?iReportId=${id}`, {
        headers: { token, lang },
      });
      return {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        bytes: new Uint8Array(await res.arrayBuffer()),
      };
    };
    const zh = await pdf(doctor.token, 'zh');
    expect(zh.status).toBe(200);
    expect(zh.type).toBe('application/pdf');
    const text = squeeze(await pdfText(zh.bytes));
    const patient = (await caseRow(db(), caseId))!;
    // The figure's caption: its number and the magnification it was taken at, digital zoom and
    // the changed brightness said, then the slide it shows (a case has several).
    for (const expected of [
      '乳腺纤维腺瘤',
      'Noatypiaseen',
      patient.name,
      patient.diagnosisNum,
      '图 1  6.3×（数字放大）（已调整：亮度 170%）boxes.tiff',
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    const sizes = (await pdfImages(zh.bytes)).map((i) => `${i.width}x${i.height}`);
    expect(sizes).toEqual(expect.arrayContaining(['64x48', '265x150']));
    // English labels for an English reader; the expert reads it too.
    const en = await pdf(expert.token, 'en');
    expect(en.status).toBe(200);
    const english = squeeze(await pdfText(en.bytes));
    expect(english).toContain(squeeze('乳腺纤维腺瘤'));
    expect(english).toContain(
      squeeze('Figure 1  6.3× (digital zoom) (adjusted: brightness 170%)boxes.tiff'),
    );
    expect(await latestAuditRecord(db(), 'diagnosis/ProduceReport')).toMatchObject({
      userId: expert.id,
      targetType: 'diagnosisReport',
      targetId: String(report.iReportId),
    });
    // Another hospital's doctor gets the 404 of a missing report.
    expect((await pdf(stranger.token, 'zh')).status).toBe(404);
  });

  it('lets an expert refer a case a colleague already signed; each has only their own report', async () => {
    const { caseId, receives } = await sentCase([expert.id, secondExpert.id]);
    const [a, b] = [expert, secondExpert].map(
      (u) => receives.find((r) => r.expert?.iUserId === u.id)!.iPatientReceiveId,
    ) as [number, number];
    const report = (await signed(a)).listReport[0]!;
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);
    // The colleague may neither print nor count prints of it.
    const pdf = await fetch(
      `${t.baseUrl}/api/diagnosis/ProduceReport?iReportId=${report.iReportId}`,
      { headers: { token: secondExpert.token } },
    );
    expect(pdf.status).toBe(404);
    expectNotFound(
      await api.post(
        'patient/updatePatientReceivePrintState',
        { iReportId: report.iReportId },
        { token: secondExpert.token },
      ),
    );
    // Referring after the colleague signed keeps the case completed.
    const third = await loggedInUser(db(), api, center, RoleType.Expert);
    expectOk(
      await api.post(
        'diagnosis/backPatientReferral',
        { iPatientReceiveId: b, strReason: 'A second opinion from a colleague', iUserId: third.id },
        { token: secondExpert.token },
      ),
    );
    expect((await caseRow(db(), caseId))?.state).toBe(CaseState.Completed);
    expect(await receiveState(b)).toBe(ReceiveState.Returned);
  });
});
