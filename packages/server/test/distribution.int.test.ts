import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HospitalDiagnosis,
  ReceiveState,
  RoleType,
  type DiagnosisDto,
  type NoticePage,
  type DistributedPage,
  type DistributionExpertPage,
  type DistributionHospitalPage,
  type DistributionPage,
  type PatientDto,
  type PatientEventDto,
  type PatientReceiveList,
  type ReceiveInfoDto,
  type ReceivedPage,
} from '@pathconsult/shared';
import { hospitalGroups, hospitals, patientReceives, userPrivileges } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import { addCase, caseNumber, loggedInUser, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { apiClient, type ApiClient } from './helpers/http';
import { uploadSlide } from './helpers/slide-upload';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app';

const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);

type User = { id: number; token: string };

/*
 * Issue 7 part 2: administrators holding "assign cases" distribute the cases sent to diagnosis
 * centers (docs/decisions.md "Distribution"). The demo group holds the applicant hospital (a
 * diagnosis hospital), the demo center and a second center added here; another group's center
 * stays out of reach.
 */
describe.each(await testDatabases())('distribution on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let applicant: number;
  let center: number;
  let secondCenter: number;
  let otherCenter: number;
  let doctor: User;
  let expert: User;
  let secondExpert: User;
  let localExpert: User;
  let secondCenterExpert: User;
  let foreignExpert: User;
  /** Hospital administrators: own-hospital scope at each center, all hospitals, none. */
  let centerAdmin: User;
  let secondCenterAdmin: User;
  let wideAdmin: User;
  let plainAdmin: User;
  let superadmin: User;

  const db = () => t.database.db;
  const waiting = (token: string, query: Record<string, string | number> = {}) =>
    api.get<DistributionPage>('patient/GetDistributionToBeAssigned', query, { token });
  const distributed = (token: string, query: Record<string, string | number> = {}) =>
    api.get<DistributedPage>('patient/GetDistributionAssigned', query, { token });
  const experts = (token: string, query: Record<string, string | number>) =>
    api.get<DistributionExpertPage>(
      'userManage/selectExpertByDiagnosticsCenter',
      { iPageSize: 100, ...query },
      { token },
    );
  const distribute = (token: string, receiveId: number, expertIds: number[], lang?: 'zh' | 'en') =>
    api.post<PatientReceiveList>(
      'patient/updatePatientReceiveUser',
      {
        iPatientReceiveId: receiveId,
        listUser: expertIds.map((iUserId) => ({ iUserId })),
        isAlReadyAllot: { iNumber: 0 },
      },
      { token, lang },
    );
  const centers = (token: string, query: Record<string, string | number>) =>
    api.get<DistributionHospitalPage>('hospitalManage/getDistributionHopistal', query, { token });
  const forward = (token: string, receiveId: number, hospitalIds: number[]) =>
    api.post<PatientReceiveList>(
      'hospitalManage/DistributionHopistal',
      { iPatientReceiveId: receiveId, listHospitalId: hospitalIds, isAlReadyAllot: 0 },
      { token },
    );
  const received = (token: string) =>
    api.get<ReceivedPage>('patient/selectPatientReceiveByUser', { iPageSize: 100 }, { token });
  const events = async (caseId: number) =>
    expectOk(
      await api.get<PatientEventDto[]>(
        'back/selectBackByLogType',
        { iPatientId: caseId },
        { token: doctor.token },
      ),
    );
  const receiveRows = (patientId: number) =>
    db().select().from(patientReceives).where(eq(patientReceives.patientId, patientId));

  /** A hospital administrator at `hospitalId`, holding "assign cases" with `scope` (or not). */
  async function admin(hospitalId: number, scope: 1 | 2 | null): Promise<User> {
    const user = await createUser(db(), { hospitalId, roleType: RoleType.HospitalAdmin });
    if (scope !== null) {
      await db().insert(userPrivileges).values({ userId: user.id, code: 'assignCases', scope });
    }
    return { id: user.id, token: await api.login(user.userName, TEST_PASSWORD) };
  }

  /** A new case of the doctor with a slide, sent to the diagnosis center; its receive and id. */
  async function sentToCenter(centerId = center, name = '张三') {
    const c = await addCase(api, doctor.token, { strPatientName: name });
    await uploadSlide(
      api,
      t.baseUrl,
      doctor.token,
      { iPatientId: c.iPatientId },
      'boxes.tiff',
      BOXES,
    );
    const sent = expectOk(
      await api.post<PatientReceiveList>(
        'patient/addPatientReceive',
        {
          listPatient: [{ iPatientId: c.iPatientId }],
          ddIsDiagnosticsCenter: { iNumber: 1 },
          iAllotDiagnosticsCenterId: centerId,
        },
        { token: doctor.token },
      ),
    ).listPatientReceive[0]!;
    return { caseId: c.iPatientId, num: c.strDiagnosistNum, receiveId: sent.iPatientReceiveId };
  }

  const waitingIds = async (token: string, query: Record<string, string | number> = {}) =>
    expectOk(await waiting(token, { iPageSize: 100, ...query })).listPage.map(
      (i) => i.iPatientReceiveId,
    );

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    applicant = await userHospital(db(), 'demo_doctor');
    center = await userHospital(db(), 'demo_expert');
    const [demo] = await db().select().from(hospitals).where(eq(hospitals.id, center));
    secondCenter = (
      await createHospital(db(), { isDiagnosis: HospitalDiagnosis.Center, groupId: demo!.groupId })
    ).id;
    const [group] = await db()
      .insert(hospitalGroups)
      .values({ name: `distribution group ${caseNumber()}` })
      .returning();
    otherCenter = (
      await createHospital(db(), { isDiagnosis: HospitalDiagnosis.Center, groupId: group!.id })
    ).id;
    doctor = await loggedInUser(db(), api, applicant);
    expert = await loggedInUser(db(), api, center, RoleType.Expert);
    secondExpert = await loggedInUser(db(), api, center, RoleType.Expert);
    localExpert = await loggedInUser(db(), api, applicant, RoleType.Expert);
    secondCenterExpert = await loggedInUser(db(), api, secondCenter, RoleType.Expert);
    foreignExpert = await loggedInUser(db(), api, otherCenter, RoleType.Expert);
    centerAdmin = await admin(center, 1);
    secondCenterAdmin = await admin(secondCenter, 1);
    wideAdmin = await admin(applicant, 2);
    plainAdmin = await admin(center, null);
    superadmin = { id: 0, token: await api.login('admin', ADMIN_PASSWORD) };
  });
  afterAll(() => t.close());

  it('is refused without the "assign cases" privilege and to doctors and experts (403)', async () => {
    const { receiveId } = await sentToCenter();
    for (const token of [plainAdmin.token, doctor.token, expert.token]) {
      expectForbidden(await waiting(token));
      expectForbidden(await distributed(token));
      expectForbidden(await experts(token, { iPatientReceiveId: receiveId }));
      expectForbidden(await distribute(token, receiveId, [expert.id]));
      expectForbidden(await centers(token, { iPatientReceiveId: receiveId }));
      expectForbidden(await forward(token, receiveId, [secondCenter]));
    }
    const stillWaiting = await db()
      .select()
      .from(patientReceives)
      .where(eq(patientReceives.id, receiveId));
    expect(stillWaiting[0]).toMatchObject({ assigned: false, expertId: null });
  });

  it('lists the cases waiting at the centers of the administrator’s scope, with filters', async () => {
    const atCenter = await sentToCenter(center, '欧阳修');
    const atSecond = await sentToCenter(secondCenter, '欧阳询');

    const own = await waitingIds(centerAdmin.token);
    expect(own).toContain(atCenter.receiveId);
    expect(own).not.toContain(atSecond.receiveId);
    const second = await waitingIds(secondCenterAdmin.token);
    expect(second).toContain(atSecond.receiveId);
    expect(second).not.toContain(atCenter.receiveId);
    for (const token of [wideAdmin.token, superadmin.token]) {
      expect(await waitingIds(token)).toEqual(
        expect.arrayContaining([atCenter.receiveId, atSecond.receiveId]),
      );
    }

    const item = expectOk(await waiting(centerAdmin.token, { iPageSize: 100 })).listPage.find(
      (i) => i.iPatientReceiveId === atCenter.receiveId,
    );
    expect(item).toMatchObject({
      iPatientId: atCenter.caseId,
      strDiagnosistNum: atCenter.num,
      strPatientName: '欧阳修',
      sendUser: { iUserId: doctor.id },
      iDiagnosticsCenterId: center,
      ddReceiveState: { iNumber: ReceiveState.Waiting },
    });
    expect(item?.strSendHospitalName).toContain('Demo Applicant Hospital');
    expect(item?.strDiagnosticsCenterName).toContain('Demo Diagnostic Center');

    // Name and number prefixes, the sending day (China Standard Time), paging.
    expect(await waitingIds(wideAdmin.token, { strPatientName: '欧阳' })).toEqual([
      atSecond.receiveId,
      atCenter.receiveId,
    ]);
    expect(await waitingIds(wideAdmin.token, { strDiagnosistNum: atCenter.num })).toEqual([
      atCenter.receiveId,
    ]);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(await waitingIds(centerAdmin.token, { dtStart: today, dtEnd: today })).toContain(
      atCenter.receiveId,
    );
    expect(await waitingIds(centerAdmin.token, { dtStart: '2099-01-01' })).toEqual([]);
    const first = expectOk(await waiting(wideAdmin.token, { iPageSize: 1 }));
    expect(first.listPage).toHaveLength(1);
    expect(first.iTotalCount).toBeGreaterThanOrEqual(2);

    expect(await latestAuditRecord(db(), 'patient/GetDistributionToBeAssigned')).toMatchObject({
      outcome: 'success',
      userId: wideAdmin.id,
    });
  });

  it('offers the own center’s experts, or all the case group’s with their hospitals', async () => {
    const { receiveId } = await sentToCenter();
    const own = expectOk(await experts(centerAdmin.token, { iPatientReceiveId: receiveId }));
    const ownIds = own.listPage.map((e) => e.iUserId);
    expect(ownIds).toEqual(expect.arrayContaining([expert.id, secondExpert.id]));
    expect(own.listPage.every((e) => e.iHospitalId === center)).toBe(true);
    expect(own.listHospital.map((h) => h.iHospitalId)).toEqual([center]);
    // The demo expert's schedule comes along, as in the doctor's picker.
    expect(own.listPage.find((e) => e.strRealName === '王专家')?.listWorkingTime).toHaveLength(6);

    const wide = expectOk(await experts(wideAdmin.token, { iPatientReceiveId: receiveId }));
    const wideIds = wide.listPage.map((e) => e.iUserId);
    expect(wideIds).toEqual(
      expect.arrayContaining([expert.id, localExpert.id, secondCenterExpert.id]),
    );
    expect(wideIds).not.toContain(foreignExpert.id);
    expect(wide.listHospital.map((h) => h.iHospitalId).sort()).toEqual(
      [applicant, center, secondCenter].sort(),
    );
    const filtered = expectOk(
      await experts(wideAdmin.token, { iPatientReceiveId: receiveId, iQueryHospitalId: applicant }),
    );
    expect(filtered.listPage.map((e) => e.iUserId)).toContain(localExpert.id);
    expect(filtered.listPage.every((e) => e.iHospitalId === applicant)).toBe(true);

    // Another center's administrator cannot even see the receive.
    expectNotFound(await experts(secondCenterAdmin.token, { iPatientReceiveId: receiveId }));
  });

  it('gives a waiting case its expert, who then lists, opens and diagnoses it', async () => {
    const { caseId, num, receiveId } = await sentToCenter();
    const draft = (token: string) =>
      api.post<DiagnosisDto>(
        'diagnosis/saveDraft',
        { iPatientReceiveId: receiveId, strResult: 'Fibroadenoma' },
        { token },
      );
    expectRefused(await draft(expert.token), 'CASE_NOT_ASSIGNED');

    t.clock.advanceMinutes(5);
    const answer = expectOk(await distribute(centerAdmin.token, receiveId, [expert.id]));
    expect(answer.listPatientReceive).toHaveLength(1);
    expect(answer.listPatientReceive[0]).toMatchObject({
      iPatientReceiveId: receiveId,
      expert: { iUserId: expert.id },
      iDiagnosticsCenterId: center,
      ddIsDistribution: { iNumber: 1 },
      ddPatientState: { iNumber: ReceiveState.Waiting },
    });
    expect(await waitingIds(centerAdmin.token)).not.toContain(receiveId);
    // The expert is told, as when a doctor sends a case.
    const told = expectOk(
      await api.get<NoticePage>('notice/selectNotices', {}, { token: expert.token }),
    ).listPage[0];
    expect(told).toMatchObject({
      strKind: 'submit',
      iPatientId: caseId,
      actor: { iUserId: centerAdmin.id },
    });

    // The expert's waiting list has it; opening and a draft work now.
    const mine = expectOk(await received(expert.token)).listPage.find(
      (r) => r.iPatientReceiveId === receiveId,
    );
    expect(mine).toMatchObject({ strDiagnosistNum: num, sendUser: { iUserId: doctor.id } });
    const opened = expectOk(
      await api.post<ReceiveInfoDto>(
        'patient/getPatientReceiveInfo',
        { iPatientReceiveId: receiveId },
        { token: expert.token },
      ),
    );
    expect(opened.objPatient.iPatientId).toBe(caseId);
    expect(expectOk(await draft(expert.token)).objDraft?.strResult).toBe('Fibroadenoma');
    // The center's other expert still has nothing to do with it.
    expectNotFound(await draft(secondExpert.token));

    // The completed list says who got it, who distributed it and when.
    const done = expectOk(await distributed(centerAdmin.token, { iPageSize: 100 })).listPage.find(
      (i) => i.iPatientReceiveId === receiveId,
    );
    expect(done).toMatchObject({
      expert: { iUserId: expert.id },
      distributeUser: { iUserId: centerAdmin.id },
      dtDistributeTime: t.clock.now().toISOString(),
      iDiagnosticsCenterId: center,
    });
    expect(done?.dtViewTime).not.toBeNull();
    const types = (await events(caseId)).map((e) => e.strLogType);
    expect(types).toContain('distribute');
    const event = (await events(caseId)).find((e) => e.strLogType === 'distribute');
    expect(event?.user?.iUserId).toBe(centerAdmin.id);

    const audit = await latestAuditRecord(db(), 'patient/updatePatientReceiveUser');
    expect(audit).toMatchObject({
      outcome: 'success',
      userId: centerAdmin.id,
      targetType: 'patientReceive',
      targetId: String(receiveId),
    });
    expect(audit?.detail).toMatchObject({
      listExpertId: [expert.id],
      iPatientId: caseId,
      listPatientReceiveId: [receiveId],
    });

    // A second distribution is refused, in either language.
    expectRefused(
      await distribute(centerAdmin.token, receiveId, [secondExpert.id]),
      'CASE_STATE_CHANGED',
    );
    const zh = await distribute(wideAdmin.token, receiveId, [secondExpert.id], 'zh');
    expectRefused(zh, 'CASE_STATE_CHANGED');
    expect(zh.body.strMessage).toBe('所选病例状态已变更，请刷新后重试');
    expectRefused(
      await experts(centerAdmin.token, { iPatientReceiveId: receiveId }),
      'CASE_STATE_CHANGED',
    );
    const [row] = await db()
      .select()
      .from(patientReceives)
      .where(eq(patientReceives.id, receiveId));
    expect(row?.expertId).toBe(expert.id);
  });

  it('gives further experts receives of their own, all in the completed list', async () => {
    const { caseId, receiveId } = await sentToCenter();
    t.clock.advanceMinutes(5);
    const answer = expectOk(
      await distribute(wideAdmin.token, receiveId, [localExpert.id, secondCenterExpert.id]),
    );
    expect(answer.listPatientReceive.map((r) => r.expert?.iUserId)).toEqual([
      localExpert.id,
      secondCenterExpert.id,
    ]);
    const rows = await receiveRows(caseId);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ assigned: true, centerHospitalId: center, senderId: doctor.id });
    }
    for (const who of [localExpert, secondCenterExpert]) {
      const ids = expectOk(await received(who.token)).listPage.map((r) => r.iPatientId);
      expect(ids).toContain(caseId);
    }
    const done = expectOk(await distributed(centerAdmin.token, { iPageSize: 100 })).listPage.filter(
      (i) => i.iPatientId === caseId,
    );
    expect(done).toHaveLength(2);
    for (const item of done) {
      expect(item.distributeUser?.iUserId).toBe(wideAdmin.id);
      expect(item.dtDistributeTime).toBe(t.clock.now().toISOString());
    }
    // Another center's administrator does not see this center's work.
    const theirs = expectOk(await distributed(secondCenterAdmin.token, { iPageSize: 100 }));
    expect(theirs.listPage.map((i) => i.iPatientId)).not.toContain(caseId);
  });

  it('does not give a case to an expert who already holds it', async () => {
    const { caseId, receiveId } = await sentToCenter();
    const [atCenter] = await receiveRows(caseId);
    // The expert holds the case through a receive of their own, as if sent it directly.
    await db()
      .insert(patientReceives)
      .values({ ...atCenter!, id: undefined, expertId: localExpert.id, centerHospitalId: null });
    expectRefused(
      await distribute(wideAdmin.token, receiveId, [secondCenterExpert.id, localExpert.id]),
      'EXPERT_HOLDS_CASE',
    );
    // Nothing changed: the center's receive still waits without an expert.
    const [still] = (await receiveRows(caseId)).filter((r) => r.id === receiveId);
    expect(still?.expertId).toBeNull();
    expect(await receiveRows(caseId)).toHaveLength(2);
  });

  it('keeps each administrator inside its scope: other centers’ cases and experts are 404', async () => {
    const { caseId, receiveId } = await sentToCenter();
    expectNotFound(await distribute(secondCenterAdmin.token, receiveId, [secondCenterExpert.id]));
    // Own-hospital scope: only the center's own experts.
    expectNotFound(await distribute(centerAdmin.token, receiveId, [localExpert.id]));
    expectNotFound(await distribute(centerAdmin.token, receiveId, [expert.id, foreignExpert.id]));
    // All hospitals: still only experts the case's doctor could have chosen.
    expectNotFound(await distribute(wideAdmin.token, receiveId, [foreignExpert.id]));
    expectNotFound(await distribute(centerAdmin.token, 2_000_000_000, [expert.id]));
    const [row] = await receiveRows(caseId);
    expect(row).toMatchObject({ assigned: false, expertId: null });
    // A receive sent to a named expert is no distribution.
    const c = await addCase(api, doctor.token);
    await uploadSlide(api, t.baseUrl, doctor.token, { iPatientId: c.iPatientId }, 'b.tiff', BOXES);
    const direct = expectOk(
      await api.post<PatientReceiveList>(
        'patient/addPatientReceive',
        { listPatient: [{ iPatientId: c.iPatientId }], listUser: [{ iUserId: expert.id }] },
        { token: doctor.token },
      ),
    ).listPatientReceive[0]!;
    expectNotFound(await distribute(superadmin.token, direct.iPatientReceiveId, [secondExpert.id]));
  });

  it('refuses to distribute a withdrawn case', async () => {
    const { caseId, receiveId } = await sentToCenter();
    expectOk(
      await api.post<PatientDto>(
        'back/withdrawPatient',
        { iPatientId: caseId, strReason: 'wrong center' },
        { token: doctor.token },
      ),
    );
    expect(await waitingIds(centerAdmin.token)).not.toContain(receiveId);
    expectRefused(
      await distribute(centerAdmin.token, receiveId, [expert.id]),
      'CASE_STATE_CHANGED',
    );
    expectRefused(
      await forward(centerAdmin.token, receiveId, [secondCenter]),
      'CASE_STATE_CHANGED',
    );
    const [row] = await receiveRows(caseId);
    expect(row).toMatchObject({ state: ReceiveState.Withdrawn, expertId: null, assigned: false });
  });

  it('forwards a waiting case to another center of its group, whose administrators take over', async () => {
    const { caseId, receiveId } = await sentToCenter();
    const offered = expectOk(await centers(centerAdmin.token, { iPatientReceiveId: receiveId }));
    const offeredIds = offered.listPage.map((h) => h.iHospitalId);
    expect(offeredIds).toContain(secondCenter);
    expect(offeredIds).not.toContain(center);
    expect(offeredIds).not.toContain(otherCenter);
    expect(offered.listPage.find((h) => h.iHospitalId === secondCenter)?.iExpertCount).toBe(1);
    expectNotFound(await centers(secondCenterAdmin.token, { iPatientReceiveId: receiveId }));

    expectRefused(await forward(centerAdmin.token, receiveId, [center]), 'CASE_ALREADY_AT_CENTER');
    expectNotFound(await forward(centerAdmin.token, receiveId, [otherCenter]));
    expectNotFound(await forward(centerAdmin.token, receiveId, [applicant]));
    expect((await forward(centerAdmin.token, receiveId, [secondCenter, applicant])).status).toBe(
      400,
    );

    const moved = expectOk(await forward(centerAdmin.token, receiveId, [secondCenter]));
    expect(moved.listPatientReceive[0]).toMatchObject({
      iDiagnosticsCenterId: secondCenter,
      expert: null,
      ddIsDistribution: { iNumber: 0 },
    });
    expect(await waitingIds(centerAdmin.token)).not.toContain(receiveId);
    expect(await waitingIds(secondCenterAdmin.token)).toContain(receiveId);
    expectNotFound(await distribute(centerAdmin.token, receiveId, [expert.id]));
    expect((await events(caseId)).map((e) => e.strLogType)).toContain('forward');
    expect(await latestAuditRecord(db(), 'hospitalManage/DistributionHopistal')).toMatchObject({
      outcome: 'success',
      userId: centerAdmin.id,
      targetId: String(receiveId),
    });

    // The new center distributes it to its own expert.
    expectOk(await distribute(secondCenterAdmin.token, receiveId, [secondCenterExpert.id]));
    const [row] = await receiveRows(caseId);
    expect(row).toMatchObject({ expertId: secondCenterExpert.id, centerHospitalId: secondCenter });
  });

  it('checks the requests: at least one expert, no re-distribution flag', async () => {
    const { receiveId } = await sentToCenter();
    expectFieldError(
      await api.post(
        'patient/updatePatientReceiveUser',
        { iPatientReceiveId: receiveId, listUser: [] },
        { token: centerAdmin.token, lang: 'en' },
      ),
      'listUser',
      'validation.selectExpert',
    );
    const again = await api.post(
      'patient/updatePatientReceiveUser',
      {
        iPatientReceiveId: receiveId,
        listUser: [{ iUserId: expert.id }],
        isAlReadyAllot: { iNumber: 1 },
      },
      { token: centerAdmin.token },
    );
    expect(again.status).toBe(400);
    // The same expert twice counts once.
    const once = expectOk(await distribute(centerAdmin.token, receiveId, [expert.id, expert.id]));
    expect(once.listPatientReceive).toHaveLength(1);
  });
});
