import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentKind,
  AppointmentState,
  HospitalDiagnosis,
  RoleType,
  translate,
  type AppointmentItem,
  type AppointmentPage,
  type AppointmentSlotList,
  type NoticePage,
} from '@pathconsult/shared';
import { appointments, hospitalGroups, users, workingTimes } from '../src/db/schema';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  caseNumber,
  doctorElsewhere,
  loggedInUser,
  userHospital,
} from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { createHospital, TEST_PASSWORD } from './helpers/factories';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

type User = { id: number; token: string };

/*
 * Issue 7 part 3: appointments. The test clock starts on Monday 2026-01-05 at 16:00 China time
 * (08:00 UTC): that Monday's afternoon has begun. The expert works Monday afternoons, Wednesdays
 * and Thursday mornings; bookings reach 14 days ahead (until Sunday 18 January).
 */
describe.each(await testDatabases())('appointments on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let applicant: number;
  let center: number;
  let doctor: User;
  let colleague: User;
  let expert: User;
  let secondExpert: User;
  let foreignExpert: User;
  let elsewhere: User & { hospitalId: number };
  let caseA: number;
  let caseB: number;

  const db = () => t.database.db;
  const slots = (token: string, iExpertId: number) =>
    api.get<AppointmentSlotList>('patient/selectAppointSlots', { iExpertId }, { token });
  const book = (token: string, body: Record<string, unknown>, lang?: 'en' | 'zh') =>
    api.post<AppointmentItem>(
      'patient/addPatientReceiveReservation',
      { ddKind: { iNumber: AppointmentKind.FrozenSection }, strNote: '', ...body },
      { token, lang },
    );
  const list = (token: string, query: Record<string, string | number> = {}) =>
    api.get<AppointmentPage>(
      'patient/selectPatientAppoint',
      { iPageSize: 50, ...query },
      { token },
    );
  const act = (
    token: string,
    iAppointmentId: number,
    ddAction: string,
    strAnswer = '',
    lang?: 'en' | 'zh',
  ) =>
    api.post<AppointmentItem>(
      'patient/updatePatientAppointState',
      { iAppointmentId, ddAction, strAnswer },
      { token, lang },
    );
  /** A new session of a user (the clock jumps past the idle limit of the old one). */
  const relogin = async (user: User) => {
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    user.token = await api.login(row!.userName, TEST_PASSWORD);
  };
  const at = (dtDate: string, iPeriod: number) => ({ dtDate, iPeriod });

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    applicant = await userHospital(db(), 'demo_doctor');
    center = await userHospital(db(), 'demo_expert');
    doctor = await loggedInUser(db(), api, applicant);
    colleague = await loggedInUser(db(), api, applicant);
    expert = await loggedInUser(db(), api, center, RoleType.Expert);
    secondExpert = await loggedInUser(db(), api, center, RoleType.Expert);
    elsewhere = await doctorElsewhere(db(), api);
    const [group] = await db()
      .insert(hospitalGroups)
      .values({ name: `other group ${caseNumber()}` })
      .returning();
    const otherCenter = await createHospital(db(), {
      isDiagnosis: HospitalDiagnosis.Center,
      groupId: group!.id,
    });
    foreignExpert = await loggedInUser(db(), api, otherCenter.id, RoleType.Expert);
    await db()
      .insert(workingTimes)
      .values([
        { userId: expert.id, weekday: 1, period: 2 },
        { userId: expert.id, weekday: 3, period: 1 },
        { userId: expert.id, weekday: 3, period: 2 },
        { userId: expert.id, weekday: 4, period: 1 },
        { userId: secondExpert.id, weekday: 3, period: 1 },
        { userId: foreignExpert.id, weekday: 3, period: 1 },
      ]);
    caseA = (await addCase(api, doctor.token, { strPatientName: '李预约' })).iPatientId;
    caseB = (await addCase(api, doctor.token, { strPatientName: '王冰冻' })).iPatientId;
  });
  afterAll(() => t.close());

  it('offers the expert’s half-days of the next 14 days, begun ones left out', async () => {
    const { listSlot } = expectOk(await slots(doctor.token, expert.id));
    expect(listSlot.map((s) => `${s.dtDate} ${s.iPeriod}`)).toEqual([
      '2026-01-07 1',
      '2026-01-07 2',
      '2026-01-08 1',
      '2026-01-12 2',
      '2026-01-14 1',
      '2026-01-14 2',
      '2026-01-15 1',
    ]);
    expect(listSlot[0]).toEqual({
      dtDate: '2026-01-07',
      iWeekday: 3,
      iPeriod: 1,
      dtAppointStartTime: '2026-01-07T00:00:00.000Z',
      dtAppointEndTime: '2026-01-07T04:00:00.000Z',
      bTaken: false,
    });
    expect(listSlot[1]).toMatchObject({
      dtAppointStartTime: '2026-01-07T05:00:00.000Z',
      dtAppointEndTime: '2026-01-07T09:30:00.000Z',
    });
    // Experts the doctor may not send cases to are unknown; the call is the doctors'.
    expectNotFound(await slots(doctor.token, foreignExpert.id));
    expectNotFound(await slots(elsewhere.token, expert.id));
    expectForbidden(await slots(expert.token, expert.id));
  });

  it('books a free half-day of the expert for an own case, audited', async () => {
    const item = expectOk(
      await book(doctor.token, {
        iPatientId: caseA,
        iExpertId: expert.id,
        ...at('2026-01-07', 1),
        ddKind: { iNumber: AppointmentKind.Urgent },
        strNote: '  术中冰冻，约 10 张切片 ',
      }),
    );
    expect(item).toMatchObject({
      patient: { iPatientId: caseA, strPatientName: '李预约' },
      hospital: { iHospitalId: applicant },
      doctor: { iUserId: doctor.id },
      expert: { iUserId: expert.id },
      dtDate: '2026-01-07',
      iPeriod: 1,
      dtAppointStartTime: '2026-01-07T00:00:00.000Z',
      dtAppointEndTime: '2026-01-07T04:00:00.000Z',
      ddKind: { iNumber: AppointmentKind.Urgent },
      strNote: '术中冰冻，约 10 张切片',
      ddAppointState: { iNumber: AppointmentState.Pending },
      strAnswer: null,
      dtDecidedTime: null,
      bStarted: false,
    });
    const [row] = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.id, item.iAppointmentId));
    expect(row).toMatchObject({ hospitalId: applicant, doctorId: doctor.id, state: 0 });
    const audit = await latestAuditRecord(db(), 'patient/addPatientReceiveReservation');
    expect(audit).toMatchObject({
      userId: doctor.id,
      targetType: 'patient',
      targetId: String(caseA),
      outcome: 'success',
    });
    expect(audit?.detail).toMatchObject({
      iExpertId: expert.id,
      dtDate: '2026-01-07',
      iPeriod: 1,
      iAppointmentId: item.iAppointmentId,
    });
    // The expert is told.
    const told = expectOk(
      await api.get<NoticePage>('notice/selectNotices', {}, { token: expert.token }),
    ).listPage[0];
    expect(told).toMatchObject({
      strKind: 'appointmentBooked',
      iPatientId: caseA,
      actor: { iUserId: doctor.id },
      objParams: { start: '2026-01-07T00:00:00.000Z' },
    });
    // The half-day is now taken for everyone: the slots say so, a second booking is refused.
    const { listSlot } = expectOk(await slots(colleague.token, expert.id));
    expect(listSlot.find((s) => s.dtDate === '2026-01-07' && s.iPeriod === 1)?.bTaken).toBe(true);
    expect(listSlot.filter((s) => s.bTaken)).toHaveLength(1);
    const theirs = (await addCase(api, colleague.token)).iPatientId;
    const taken = await book(
      colleague.token,
      { iPatientId: theirs, iExpertId: expert.id, ...at('2026-01-07', 1) },
      'en',
    );
    expectRefused(taken, 'APPOINTMENT_SLOT_TAKEN');
    expect(taken.body.strMessage).toBe(translate('APPOINTMENT_SLOT_TAKEN', 'en'));
    // Another expert's same half-day is free.
    expectOk(
      await book(colleague.token, {
        iPatientId: theirs,
        iExpertId: secondExpert.id,
        ...at('2026-01-07', 1),
      }),
    );
  });

  it('refuses half-days outside the schedule, begun or too far ahead', async () => {
    const base = { iPatientId: caseB, iExpertId: expert.id };
    const notWorking = await book(doctor.token, { ...base, ...at('2026-01-06', 1) });
    expectRefused(notWorking, 'APPOINTMENT_NOT_WORKING');
    expect(notWorking.body.strMessage).toBe(translate('APPOINTMENT_NOT_WORKING', 'zh'));
    // Thursday afternoon is not in the week either (only its morning).
    expectRefused(
      await book(doctor.token, { ...base, ...at('2026-01-08', 2) }),
      'APPOINTMENT_NOT_WORKING',
    );
    // Today's afternoon has begun; last Wednesday is past; 21 January is beyond the 14 days.
    const begun = await book(doctor.token, { ...base, ...at('2026-01-05', 2) }, 'en');
    expectRefused(begun, 'APPOINTMENT_OUT_OF_RANGE');
    expect(begun.body.strMessage).toBe(translate('APPOINTMENT_OUT_OF_RANGE', 'en', { days: 14 }));
    expectRefused(
      await book(doctor.token, { ...base, ...at('2025-12-31', 1) }),
      'APPOINTMENT_OUT_OF_RANGE',
    );
    expectRefused(
      await book(doctor.token, { ...base, ...at('2026-01-21', 1) }),
      'APPOINTMENT_OUT_OF_RANGE',
    );
    // Malformed requests: a period that does not exist, a date that is not one, an unknown kind.
    expect((await book(doctor.token, { ...base, ...at('2026-01-07', 3) })).status).toBe(400);
    expectFieldError(
      await book(doctor.token, { ...base, ...at('2026-02-30', 1) }, 'en'),
      'dtDate',
      'validation.date',
    );
    expect(
      (await book(doctor.token, { ...base, ...at('2026-01-07', 2), ddKind: { iNumber: 5 } }))
        .status,
    ).toBe(400);
    expect(await db().select().from(appointments).where(eq(appointments.patientId, caseB))).toEqual(
      [],
    );
  });

  it('refuses other people’s cases, unreachable experts and other roles', async () => {
    const slot = at('2026-01-07', 2);
    // A colleague's case in the same hospital; a case of another hospital answers like a missing one.
    const colleagueCase = (await addCase(api, colleague.token)).iPatientId;
    expectRefused(
      await book(doctor.token, { iPatientId: colleagueCase, iExpertId: expert.id, ...slot }),
      'CASE_NOT_OWNED',
    );
    const foreignCase = (await addCase(api, elsewhere.token)).iPatientId;
    expectNotFound(
      await book(doctor.token, { iPatientId: foreignCase, iExpertId: expert.id, ...slot }),
    );
    expectNotFound(
      await book(doctor.token, { iPatientId: 99_999_999, iExpertId: expert.id, ...slot }),
    );
    // The other hospital's doctor cannot book the group's expert for their own case either.
    expectNotFound(
      await book(elsewhere.token, { iPatientId: foreignCase, iExpertId: expert.id, ...slot }),
    );
    expectNotFound(
      await book(doctor.token, { iPatientId: caseB, iExpertId: foreignExpert.id, ...slot }),
    );
    // Booking a doctor as the expert: not someone a case can be sent to.
    expectNotFound(
      await book(doctor.token, { iPatientId: caseB, iExpertId: colleague.id, ...slot }),
    );
    expectForbidden(await book(expert.token, { iPatientId: caseB, iExpertId: expert.id, ...slot }));
  });

  it('lets the expert accept or decline with a reason and the doctor cancel, before it starts', async () => {
    const accepted = expectOk(
      await book(doctor.token, { iPatientId: caseB, iExpertId: expert.id, ...at('2026-01-07', 2) }),
    ).iAppointmentId;
    const declined = expectOk(
      await book(doctor.token, { iPatientId: caseB, iExpertId: expert.id, ...at('2026-01-08', 1) }),
    ).iAppointmentId;
    const cancelled = expectOk(
      await book(doctor.token, { iPatientId: caseA, iExpertId: expert.id, ...at('2026-01-12', 2) }),
    ).iAppointmentId;

    // Each side's actions only; others' bookings are unknown.
    expectForbidden(await act(doctor.token, accepted, 'accept'));
    expectForbidden(await act(expert.token, accepted, 'cancel'));
    expectNotFound(await act(secondExpert.token, accepted, 'accept'));
    expectNotFound(await act(colleague.token, accepted, 'cancel'));
    expectNotFound(await act(elsewhere.token, accepted, 'cancel'));
    expectNotFound(await act(expert.token, 99_999_999, 'accept'));
    expect((await act(expert.token, accepted, 'postpone')).status).toBe(400);

    const yes = expectOk(await act(expert.token, accepted, 'accept', '准时到'));
    expect(yes).toMatchObject({
      ddAppointState: { iNumber: AppointmentState.Accepted },
      strAnswer: '准时到',
      dtDecidedTime: t.clock.now().toISOString(),
    });
    const audit = await latestAuditRecord(db(), 'patient/updatePatientAppointState');
    expect(audit).toMatchObject({
      userId: expert.id,
      targetType: 'appointment',
      targetId: String(accepted),
    });
    expect(audit?.detail).toMatchObject({ strAction: 'accept', iPatientId: caseB, iState: 1 });

    expectRefused(await act(expert.token, accepted, 'accept'), 'CASE_STATE_CHANGED');

    // Declining needs its reason.
    expectFieldError(
      await act(expert.token, declined, 'decline', '   ', 'en'),
      'strAnswer',
      'validation.diagnosis.reason',
    );
    const no = expectOk(await act(expert.token, declined, 'decline', '当天外出会诊'));
    expect(no).toMatchObject({
      ddAppointState: { iNumber: AppointmentState.Declined },
      strAnswer: '当天外出会诊',
    });
    expectRefused(await act(expert.token, declined, 'accept'), 'CASE_STATE_CHANGED');
    expectRefused(await act(doctor.token, declined, 'cancel'), 'CASE_STATE_CHANGED');

    // A declined half-day is free again.
    const { listSlot } = expectOk(await slots(doctor.token, expert.id));
    expect(listSlot.find((s) => s.dtDate === '2026-01-08')?.bTaken).toBe(false);

    const off = expectOk(await act(doctor.token, cancelled, 'cancel'));
    expect(off.ddAppointState.iNumber).toBe(AppointmentState.Cancelled);
    expectRefused(await act(expert.token, cancelled, 'accept'), 'CASE_STATE_CHANGED');
    expectRefused(await act(doctor.token, cancelled, 'cancel'), 'CASE_STATE_CHANGED');
  });

  it('lists each side’s bookings, coming ones soonest first, with filters', async () => {
    const mine = expectOk(await list(doctor.token));
    expect(mine.iTotalCount).toBe(4);
    expect(mine.listPage.map((a) => `${a.dtDate} ${a.iPeriod}`)).toEqual([
      '2026-01-07 1',
      '2026-01-07 2',
      '2026-01-08 1',
      '2026-01-12 2',
    ]);
    expect(mine.listPage.every((a) => a.doctor.iUserId === doctor.id)).toBe(true);
    expect(mine.listPage[0]).toMatchObject({
      patient: { strPatientName: '李预约' },
      expert: { iUserId: expert.id },
      hospital: { iHospitalId: applicant },
    });
    expect(mine.listPage[0]!.hospital.strHospitalName).not.toBe('');
    expect(mine.listPage[0]!.expert.strHospitalName).not.toBe('');

    const theirs = expectOk(await list(expert.token));
    expect(theirs.listPage.map((a) => a.iAppointmentId)).toEqual(
      mine.listPage.map((a) => a.iAppointmentId),
    );
    // The second expert sees the colleague's booking of them only.
    const second = expectOk(await list(secondExpert.token));
    expect(second.listPage.map((a) => a.doctor.iUserId)).toEqual([colleague.id]);
    expect(expectOk(await list(colleague.token)).iTotalCount).toBe(1);
    expect(expectOk(await list(elsewhere.token)).iTotalCount).toBe(0);
    expect(expectOk(await list(foreignExpert.token)).iTotalCount).toBe(0);

    // Filters: state, start days (China), name and pathology-number prefixes; paging.
    const pending = expectOk(await list(expert.token, { iState: AppointmentState.Pending }));
    expect(pending.listPage.map((a) => a.dtDate)).toEqual(['2026-01-07']);
    const wednesday = expectOk(
      await list(doctor.token, { dtStart: '2026-01-07', dtEnd: '2026-01-07' }),
    );
    expect(wednesday.iTotalCount).toBe(2);
    const named = expectOk(await list(doctor.token, { strPatientName: '王' }));
    expect(named.listPage.every((a) => a.patient.iPatientId === caseB)).toBe(true);
    expect(named.iTotalCount).toBe(2);
    const num = mine.listPage[0]!.patient.strDiagnosistNum;
    const byNum = expectOk(await list(doctor.token, { strDiagnosistNum: num.toLowerCase() }));
    expect(byNum.listPage.map((a) => a.patient.iPatientId)).toEqual([caseA, caseA]);
    const page2 = expectOk(await list(doctor.token, { iPageSize: 3, iCurPage: 2 }));
    expect(page2.listPage.map((a) => a.dtDate)).toEqual(['2026-01-12']);

    const audit = await latestAuditRecord(db(), 'patient/selectPatientAppoint');
    expect(audit).toMatchObject({ targetType: 'appointment', outcome: 'success' });
    expect((await list(doctor.token, { iState: 7 })).status).toBe(400);
    // Administrators have no appointments list.
    const admin = await loggedInUser(db(), api, applicant, RoleType.HospitalAdmin);
    expectForbidden(await list(admin.token));
  });

  it('freezes a booking once its half-day begins and lists it after the coming ones', async () => {
    // Wednesday 7 January, 09:00 China time: the morning has begun, the afternoon has not.
    t.clock.advanceMinutes((2 * 24 - 7) * 60);
    await relogin(doctor);
    await relogin(expert);
    const mine = expectOk(await list(doctor.token));
    const morning = mine.listPage.find((a) => a.dtDate === '2026-01-07' && a.iPeriod === 1)!;
    expect(morning.bStarted).toBe(true);
    expectRefused(await act(expert.token, morning.iAppointmentId, 'accept'), 'APPOINTMENT_STARTED');
    expectRefused(await act(doctor.token, morning.iAppointmentId, 'cancel'), 'APPOINTMENT_STARTED');
    // Under way, it still heads the list; once over (after 12:00) it goes after the coming ones.
    expect(mine.listPage[0]!.iAppointmentId).toBe(morning.iAppointmentId);
    t.clock.advanceMinutes(3.5 * 60);
    await relogin(doctor);
    const later = expectOk(await list(doctor.token));
    expect(later.listPage.map((a) => `${a.dtDate} ${a.iPeriod}`)).toEqual([
      '2026-01-07 2',
      '2026-01-08 1',
      '2026-01-12 2',
      '2026-01-07 1',
    ]);
    const afternoon = later.listPage[0]!;
    expect(afternoon.bStarted).toBe(false);
    expectOk(await act(doctor.token, afternoon.iAppointmentId, 'cancel'));
  });
});
