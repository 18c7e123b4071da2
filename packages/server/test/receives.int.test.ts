import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CaseState,
  HospitalDiagnosis,
  ReceiveState,
  RoleType,
  SlideUploadState,
  UserState,
  type ExpertPickPage,
  type NoticePage,
  type PatientDto,
  type PatientEventDto,
  type PatientPage,
  type PatientReceiveList,
  type ReceiveInfoDto,
  type ReceivedPage,
} from '@pathconsult/shared';
import { hospitalGroups, patientReceives, slideDocuments, workingTimes } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import { expectFieldError, expectNotFound, expectOk, expectRefused } from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  caseNumber,
  caseRow,
  doctorElsewhere,
  loggedInUser,
  userHospital,
} from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { createHospital, createUser } from './helpers/factories';
import { apiClient, type ApiClient } from './helpers/http';
import { addRecords, uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

/** boxes.tiff: 300 × 250 pixels at level 0. */
const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);

type User = { id: number; token: string };

/*
 * Issue 7 part 1: sending cases for diagnosis. The demo group holds the applicant hospital (a
 * diagnosis hospital: its own experts may be chosen) and the diagnostic center; experts of another
 * group, of a hospital in no group, or frozen ones stay out of reach.
 */
describe.each(await testDatabases())('submission for diagnosis on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let applicant: number;
  let center: number;
  let otherCenter: number;
  let doctor: User;
  let colleague: User;
  let expert: User;
  let secondExpert: User;
  let localExpert: User;
  /** An expert of a center in no group. */
  let outsider: User;
  /** An expert of another group's center. */
  let foreignExpert: User;
  let frozenExpertId: number;

  const db = () => t.database.db;
  const pick = (token: string, query: Record<string, string | number> = {}) =>
    api.get<ExpertPickPage>('userManage/selectExpert', { iPageSize: 100, ...query }, { token });
  const send = (token: string, body: Record<string, unknown>, lang?: 'en' | 'zh') =>
    api.post<PatientReceiveList>('patient/addPatientReceive', body, { token, lang });
  const received = (token: string, query: Record<string, string | number> = {}) =>
    api.get<ReceivedPage>('patient/selectPatientReceiveByUser', query, { token });
  const open = (token: string, id: number) =>
    api.post<ReceiveInfoDto>('patient/getPatientReceiveInfo', { iPatientReceiveId: id }, { token });
  const withdraw = (token: string, id: number) =>
    api.post<PatientDto>('back/withdrawPatient', { iPatientId: id, strReason: 'wrong' }, { token });
  const readCase = (token: string, id: number) =>
    api.get<PatientDto>('patient/getPatientInfo', { iPatientId: id }, { token });
  const receivesOf = (token: string, id: number) =>
    api.get<PatientReceiveList>(
      'patient/selectPatientReceiveByPatient',
      { iPatientId: id },
      { token },
    );
  const slidesOf = (token: string, id: number) =>
    api.get<{ listSlideDocument: { iSlideDocumentId: number }[] }>(
      'slideDocument/selectSlideDocumentByPatient',
      { iPatientId: id },
      { token },
    );
  const toExperts = (caseIds: number[], experts: number[]) => ({
    listPatient: caseIds.map((iPatientId) => ({ iPatientId })),
    listUser: experts.map((iUserId) => ({ iUserId })),
  });
  const toCenter = (caseIds: number[], centerId: number) => ({
    listPatient: caseIds.map((iPatientId) => ({ iPatientId })),
    ddIsDiagnosticsCenter: { iNumber: 1 },
    iAllotDiagnosticsCenterId: centerId,
  });
  const receiveRows = (patientId: number) =>
    db().select().from(patientReceives).where(eq(patientReceives.patientId, patientId));

  /** A new case of the doctor with one uploaded slide. */
  async function caseWithSlide(over: Record<string, unknown> = {}): Promise<number> {
    const c = await addCase(api, doctor.token, over);
    await uploadSlide(
      api,
      t.baseUrl,
      doctor.token,
      { iPatientId: c.iPatientId },
      'boxes.tiff',
      BOXES,
    );
    return c.iPatientId;
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    applicant = await userHospital(db(), 'demo_doctor');
    center = await userHospital(db(), 'demo_expert');
    doctor = await loggedInUser(db(), api, applicant);
    colleague = await loggedInUser(db(), api, applicant);
    expert = await loggedInUser(db(), api, center, RoleType.Expert);
    secondExpert = await loggedInUser(db(), api, center, RoleType.Expert);
    localExpert = await loggedInUser(db(), api, applicant, RoleType.Expert);
    frozenExpertId = (
      await createUser(db(), {
        hospitalId: center,
        roleType: RoleType.Expert,
        state: UserState.Frozen,
      })
    ).id;
    await db()
      .insert(workingTimes)
      .values([
        { userId: expert.id, weekday: 3, period: 2 },
        { userId: expert.id, weekday: 1, period: 1 },
      ]);
    const noGroup = await createHospital(db(), { isDiagnosis: HospitalDiagnosis.Center });
    outsider = await loggedInUser(db(), api, noGroup.id, RoleType.Expert);
    const [group] = await db()
      .insert(hospitalGroups)
      .values({ name: `other group ${caseNumber()}` })
      .returning();
    otherCenter = (
      await createHospital(db(), { isDiagnosis: HospitalDiagnosis.Center, groupId: group!.id })
    ).id;
    foreignExpert = await loggedInUser(db(), api, otherCenter, RoleType.Expert);
  });
  afterAll(() => t.close());

  it('offers the enabled experts of the group’s diagnosing hospitals with their working time', async () => {
    const page = expectOk(await pick(doctor.token));
    const ids = page.listPage.map((e) => e.iUserId);
    expect(ids).toEqual(expect.arrayContaining([expert.id, secondExpert.id, localExpert.id]));
    for (const away of [outsider.id, foreignExpert.id, frozenExpertId]) {
      expect(ids).not.toContain(away);
    }
    expect(page.iTotalCount).toBe(page.listPage.length);
    // By hospital, then name.
    const keys = page.listPage.map((e) => [e.strHospitalName, e.strRealName].join('\u0000'));
    expect(keys).toEqual([...keys].sort());
    const mine = page.listPage.find((e) => e.iUserId === expert.id)!;
    expect(mine).toMatchObject({ iHospitalId: center, bAlreadySent: false });
    expect(mine.listWorkingTime).toEqual([
      { iWeekday: 1, iPeriod: 1 },
      { iWeekday: 3, iPeriod: 2 },
    ]);
    // The demo expert works weekday mornings and Wednesday afternoon (demo set).
    const demo = page.listPage.find((e) => e.strRealName === '王专家');
    expect(demo?.listWorkingTime).toEqual([
      { iWeekday: 1, iPeriod: 1 },
      { iWeekday: 2, iPeriod: 1 },
      { iWeekday: 3, iPeriod: 1 },
      { iWeekday: 3, iPeriod: 2 },
      { iWeekday: 4, iPeriod: 1 },
      { iWeekday: 5, iPeriod: 1 },
    ]);

    // Hospital filter: the center's experts only; another group's center gives nobody.
    const atCenter = expectOk(await pick(doctor.token, { iQueryHospitalId: center }));
    expect(atCenter.listPage.length).toBeGreaterThan(0);
    expect(atCenter.listPage.every((e) => e.iHospitalId === center)).toBe(true);
    const atHome = expectOk(await pick(doctor.token, { iQueryHospitalId: applicant }));
    expect(atHome.listPage.map((e) => e.iUserId)).toEqual([localExpert.id]);
    expect(expectOk(await pick(doctor.token, { iQueryHospitalId: otherCenter }))).toEqual({
      listPage: [],
      iTotalCount: 0,
    });
    // Name filter: a part of the name, any case; a name nobody has.
    const named = expectOk(await pick(doctor.token, { strRealName: mine.strRealName.slice(1) }));
    expect(named.listPage.map((e) => e.iUserId)).toContain(expert.id);
    expect(expectOk(await pick(doctor.token, { strRealName: 'NOBODY-X' })).iTotalCount).toBe(0);
    // Paged.
    const first = expectOk(await pick(doctor.token, { iPageSize: 1 }));
    expect(first.listPage).toHaveLength(1);
    expect(first.iTotalCount).toBe(page.iTotalCount);
    // Only doctors pick; a colleague's case cannot be asked about.
    expect((await pick(expert.token)).status).toBe(403);
    const theirs = (await addCase(api, colleague.token)).iPatientId;
    expectRefused(await pick(doctor.token, { iPatientId: theirs }), 'CASE_NOT_OWNED');
  });

  it('refuses a submission without an expert, without slides, or outside the rules', async () => {
    const bare = (await addCase(api, doctor.token)).iPatientId;
    const withSlide = await caseWithSlide();
    expectFieldError(
      await send(doctor.token, toExperts([withSlide], []), 'en'),
      'listUser',
      'validation.selectExpert',
    );
    const zh = await send(doctor.token, toExperts([withSlide], []), 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.objData).toEqual([{ strField: 'listUser', strMessage: '请选择专家' }]);
    expectRefused(await send(doctor.token, toExperts([bare], [expert.id])), 'CASE_NO_SLIDES');
    // Experts outside the group, frozen, or not experts; a hospital that is not one of the
    // group's centers: all as missing.
    for (const away of [outsider.id, foreignExpert.id, frozenExpertId, colleague.id]) {
      expectNotFound(await send(doctor.token, toExperts([withSlide], [expert.id, away])));
    }
    for (const notCenter of [applicant, otherCenter]) {
      expectNotFound(await send(doctor.token, toCenter([withSlide], notCenter)));
    }
    // Someone else's case: a colleague's is refused by name, another hospital's is missing.
    expectRefused(
      await send(colleague.token, toExperts([withSlide], [expert.id])),
      'CASE_NOT_OWNED',
    );
    const far = await doctorElsewhere(db(), api);
    expectNotFound(await send(far.token, toExperts([withSlide], [expert.id])));
    // All or none: the second case has no slide, so the first stays new.
    expectRefused(
      await send(doctor.token, toExperts([withSlide, bare], [expert.id])),
      'CASE_NO_SLIDES',
    );
    expect(await caseRow(db(), withSlide)).toMatchObject({
      state: CaseState.New,
      submittedAt: null,
    });
    expect(await receiveRows(withSlide)).toEqual([]);
    // Only doctors send.
    expect((await send(expert.token, toExperts([withSlide], [expert.id]))).status).toBe(403);
  });

  it('refuses a case with a slide not finished uploading or failed, which the expert could never open', async () => {
    const id = await caseWithSlide();
    const records = await addRecords(api, doctor.token, {
      iPatientId: id,
      iUploadType: 0,
      listFile: [{ strFileName: 'unfinished.svs', lSize: 5000 }],
    });
    const unfinished = records.body.objData?.listFile[0]?.iSlideDocumentId ?? 0;
    const refused = await send(doctor.token, toExperts([id], [expert.id]), 'en');
    expectRefused(refused, 'CASE_SLIDES_NOT_READY');
    expect(refused.body.strMessage).toBe(
      'Some of the case’s slides have not finished uploading or have failed: finish the uploads and delete the failed slides, then submit',
    );
    expect(await caseRow(db(), id)).toMatchObject({ state: CaseState.New, submittedAt: null });
    expect(await receiveRows(id)).toEqual([]);
    // Failed (its upload, or the slide engine): refused the same way.
    await db()
      .update(slideDocuments)
      .set({ state: SlideUploadState.Failed })
      .where(eq(slideDocuments.id, unfinished));
    expectRefused(await send(doctor.token, toExperts([id], [expert.id])), 'CASE_SLIDES_NOT_READY');
    // Deleted, the case goes.
    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: unfinished }] },
        { token: doctor.token },
      ),
    );
    expectOk(await send(doctor.token, toExperts([id], [expert.id])));
  });

  it('sends a case to experts, who find it waiting, open it and read it', async () => {
    const name = `提交${caseNumber()}`;
    const num = caseNumber('RX');
    const id = await caseWithSlide({ strPatientName: name, strDiagnosistNum: num });
    const sent = expectOk(
      await send(doctor.token, toExperts([id], [expert.id, expert.id, secondExpert.id])),
    );
    // One receive per expert, a repeated expert once.
    expect(sent.listPatientReceive.map((r) => r.expert?.iUserId).sort()).toEqual(
      [expert.id, secondExpert.id].sort(),
    );
    for (const r of sent.listPatientReceive) {
      expect(r).toMatchObject({
        patient: { iPatientId: id, strDiagnosistNum: num, strPatientName: name },
        sendUser: { iUserId: doctor.id },
        iDiagnosticsCenterId: null,
        ddPatientState: { iNumber: ReceiveState.Waiting },
        ddIsDistribution: { iNumber: 1 },
        dtViewTime: null,
      });
    }
    const row = await caseRow(db(), id);
    expect(row).toMatchObject({ state: CaseState.Submitted, viewedAt: null });
    expect(row?.submittedAt).toEqual(t.clock.now());
    const events = expectOk(
      await api.get<PatientEventDto[]>(
        'back/selectBackByLogType',
        { iPatientId: id, strLogType: 'submit' },
        { token: doctor.token },
      ),
    );
    expect(events).toHaveLength(1);
    const audit = await latestAuditRecord(db(), 'patient/addPatientReceive');
    expect(audit).toMatchObject({ outcome: 'success' });
    expect(audit?.detail).toMatchObject({
      listPatientId: [id],
      listExpertId: [expert.id, secondExpert.id],
      iCenterId: null,
    });
    // Sent once, it cannot be sent again until it comes back.
    expectRefused(await send(doctor.token, toExperts([id], [expert.id])), 'CASE_STATE_CHANGED');
    const marked = expectOk(await pick(doctor.token, { iPatientId: id }));
    expect(marked.listPage.find((e) => e.iUserId === expert.id)?.bAlreadySent).toBe(true);
    expect(marked.listPage.find((e) => e.iUserId === localExpert.id)?.bAlreadySent).toBe(false);

    const list = expectOk(await received(expert.token));
    expect(list.listPage[0]?.iPatientId).toBe(id);
    const item = list.listPage[0]!;
    expect(item).toMatchObject({
      strPatientName: name,
      strDiagnosistNum: num,
      ddPatientState: { iNumber: CaseState.Submitted },
      sendUser: { iUserId: doctor.id },
      ddReceiveState: { iNumber: ReceiveState.Waiting },
      dtViewTime: null,
    });
    expect(item.strSendHospitalName).toContain('Demo Applicant');
    // Name and number prefixes, case-insensitive for the number; the other states are empty.
    const byName = expectOk(await received(expert.token, { strPatientName: name.slice(0, 4) }));
    expect(byName.listPage.map((r) => r.iPatientId)).toEqual([id]);
    const byNum = expectOk(await received(expert.token, { strDiagnosistNum: 'rx' }));
    expect(byNum.listPage.map((r) => r.iPatientId)).toContain(id);
    expect(expectOk(await received(expert.token, { strDiagnosistNum: 'zz' })).iTotalCount).toBe(0);
    expect(
      expectOk(await received(expert.token, { iState: ReceiveState.Diagnosed })).listPage,
    ).toEqual([]);
    // Another group's expert does not see it, nor open its receive, nor read the case.
    expect(expectOk(await received(foreignExpert.token)).listPage).toEqual([]);
    expectNotFound(await open(foreignExpert.token, item.iPatientReceiveId));
    expectNotFound(await open(secondExpert.token, item.iPatientReceiveId));
    expectNotFound(await readCase(foreignExpert.token, id));
    expect((await received(doctor.token)).status).toBe(403);

    const info = expectOk(await open(expert.token, item.iPatientReceiveId));
    expect(info.objPatient).toMatchObject({ iPatientId: id, strPatientName: name });
    expect(info.objReceive).toMatchObject({
      iPatientReceiveId: item.iPatientReceiveId,
      dtViewTime: t.clock.now().toISOString(),
    });
    expect(await latestAuditRecord(db(), 'patient/getPatientReceiveInfo')).toMatchObject({
      outcome: 'success',
      targetId: String(item.iPatientReceiveId),
    });
    expect((await caseRow(db(), id))?.viewedAt).toEqual(t.clock.now());
    expectOk(await readCase(expert.token, id));
    // Opened: the doctor can no longer withdraw it.
    expectRefused(await withdraw(doctor.token, id), 'CASE_ALREADY_VIEWED');
    expect((await caseRow(db(), id))?.state).toBe(CaseState.Submitted);
    // The owner sees where it went; each expert only their own receive.
    const where = expectOk(await receivesOf(doctor.token, id));
    expect(where.listPatientReceive.map((r) => r.expert?.iUserId).sort()).toEqual(
      [expert.id, secondExpert.id].sort(),
    );
    const own = expectOk(await receivesOf(secondExpert.token, id));
    expect(own.listPatientReceive.map((r) => r.expert?.iUserId)).toEqual([secondExpert.id]);
    expectNotFound(await receivesOf(foreignExpert.token, id));
    expectRefused(await receivesOf(colleague.token, id), 'CASE_NOT_OWNED');
  });

  it('lets the expert view, draw on and discuss a received case; nobody else', async () => {
    const id = await caseWithSlide();
    expectOk(await send(doctor.token, toExperts([id], [expert.id])));
    const slideId = expectOk(await slidesOf(expert.token, id)).listSlideDocument[0]!
      .iSlideDocumentId;
    await t.app.slideIngest.idle();
    // Its slide opened straight from a link (not from the waiting list) views the case too: its
    // doctor can no longer withdraw it. The other expert it waits with has not viewed it.
    const slideInfo = (who: User) =>
      api.get('diagnosis/GetSlideInfo', { iSlideDocumentId: slideId }, { token: who.token });
    // Its own doctor opening it views nothing.
    expectOk(await slideInfo(doctor));
    expect((await caseRow(db(), id))?.viewedAt).toBeNull();
    expectOk(await slideInfo(expert));
    expect((await caseRow(db(), id))?.viewedAt).toEqual(t.clock.now());
    expect((await receiveRows(id)).map((r) => [r.expertId, r.viewedAt])).toEqual([
      [expert.id, t.clock.now()],
    ]);
    expectRefused(await withdraw(doctor.token, id), 'CASE_ALREADY_VIEWED');
    const token = (who: User) =>
      api.get('slideDocument/getSlideToken', { iSlideDocumentId: slideId }, { token: who.token });
    expectOk(await token(expert));
    expectNotFound(await token(foreignExpert));
    expectNotFound(await token(secondExpert));
    expectNotFound(await slidesOf(secondExpert.token, id));
    // A participant: draws on the slide, writes a message, may take screenshots.
    expectOk(
      await api.post(
        'viewer/addAnnotation',
        {
          iSlideDocumentId: slideId,
          strKind: 'line',
          strColor: '#FF0000',
          listPoint: [
            [10, 20],
            [110, 20],
          ],
        },
        { token: expert.token },
      ),
    );
    expectOk(
      await api.post(
        'comment/addComment',
        { iPatientId: id, strContent: 'received' },
        { token: expert.token },
      ),
    );
    const shots = expectOk(
      await api.post<{ bMayWrite: boolean }>(
        'webViewer/consulation/getPathologyImgBySlides',
        { iPatientId: id },
        { token: expert.token },
      ),
    );
    expect(shots.bMayWrite).toBe(true);
    // Collected, it is in the expert's collection list (readableWhere).
    expectOk(await api.post('collection/add', { iPatientId: id }, { token: expert.token }));
    const collection = expectOk(
      await api.get<PatientPage>(
        'patient/selectPatient',
        { strList: 'collection' },
        {
          token: expert.token,
        },
      ),
    );
    expect(collection.listPage.map((c) => c.iPatientId)).toContain(id);
    // Changing the case stays the owner's (the routes admit doctors only).
    expect(
      (await api.post('patient/clone', { iPatientId: id }, { token: expert.token })).status,
    ).toBe(403);
  });

  it('a withdrawal before the expert opened it takes the case away from the expert', async () => {
    const id = await caseWithSlide();
    const sent = expectOk(await send(doctor.token, toExperts([id], [expert.id])));
    const receiveId = sent.listPatientReceive[0]!.iPatientReceiveId;
    expectOk(await api.post('collection/add', { iPatientId: id }, { token: expert.token }));
    expectOk(await withdraw(doctor.token, id));
    expect((await caseRow(db(), id))?.state).toBe(CaseState.Withdrawn);
    expect((await receiveRows(id)).map((r) => r.state)).toEqual([ReceiveState.Withdrawn]);
    // The expert is told, with the reason.
    const told = expectOk(
      await api.get<NoticePage>('notice/selectNotices', {}, { token: expert.token }),
    ).listPage[0];
    expect(told).toMatchObject({
      strKind: 'withdraw',
      iPatientId: id,
      objParams: { reason: 'wrong' },
    });
    expect(expectOk(await received(expert.token)).listPage.map((r) => r.iPatientId)).not.toContain(
      id,
    );
    expectNotFound(await open(expert.token, receiveId));
    // Nor its helper lists (order items, referral experts).
    expectNotFound(
      await api.get(
        'diagnosis/selectOrderItems',
        { iPatientReceiveId: receiveId },
        { token: expert.token },
      ),
    );
    expectNotFound(await readCase(expert.token, id));
    expectNotFound(await slidesOf(expert.token, id));
    const collection = expectOk(
      await api.get<PatientPage>(
        'patient/selectPatient',
        { strList: 'collection' },
        {
          token: expert.token,
        },
      ),
    );
    expect(collection.listPage.map((c) => c.iPatientId)).not.toContain(id);
    // Edited, it is new again and can be sent anew: a fresh, unviewed receive.
    expectOk(
      await api.post(
        'patient/updatePatientFrozenHeadNum',
        { iPatientId: id, iFrozenHeadNum: 1 },
        { token: doctor.token },
      ),
    );
    const again = expectOk(await send(doctor.token, toExperts([id], [expert.id])));
    expect(again.listPatientReceive).toHaveLength(1);
  });

  it('sends cases to the group’s diagnosis center, waiting for distribution', async () => {
    const first = await caseWithSlide();
    const second = await caseWithSlide();
    const sent = expectOk(await send(doctor.token, toCenter([second, first], center)));
    expect(sent.listPatientReceive.map((r) => r.patient.iPatientId).sort()).toEqual(
      [first, second].sort(),
    );
    for (const r of sent.listPatientReceive) {
      expect(r).toMatchObject({
        expert: null,
        iDiagnosticsCenterId: center,
        ddIsDistribution: { iNumber: 0 },
        ddPatientState: { iNumber: ReceiveState.Waiting },
      });
      expect(r.strDiagnosticsCenterName).toContain('Demo Diagnostic Center');
    }
    expect((await caseRow(db(), first))?.state).toBe(CaseState.Submitted);
    expect((await latestAuditRecord(db(), 'patient/addPatientReceive'))?.detail).toMatchObject({
      listExpertId: [],
      iCenterId: center,
    });
    // Not distributed yet: no expert reads it.
    expectNotFound(await readCase(expert.token, first));
    expect(expectOk(await receivesOf(doctor.token, first)).listPatientReceive).toHaveLength(1);
  });
});
