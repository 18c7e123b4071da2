import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { WorkingSlot, WorkingTimeInfo, WorkingTimePage } from '@pathconsult/shared';
import { auditLogs, hospitals, userPrivileges, users, workingTimes } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { expectOk } from './helpers/assertions';
import { demoCallers, logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import { tenancyMatrixFailures, type MatrixRoute, type TargetKind } from './helpers/tenancy-matrix';
import { MISSING_ID, unique } from './helpers/test-values';

type Slot = { iWeekday: number; iPeriod: number; strNote?: string };
/** The half-days of an answer without their ids, for comparisons. */
const halfDays = (slots: WorkingSlot[]) =>
  slots.map(({ iWeekday, iPeriod, strNote }) => ({ iWeekday, iPeriod, strNote }));

describe.each(await testDatabases())('expert working time on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;
  let hadminId: number;
  let doctorId: number;
  let superadminId: number;
  let demoExpertId: number;
  let applicantId: number;
  let centerId: number;
  /** An expert of the applicant hospital (demo_hadmin's and demo_doctor's own hospital). */
  let applicantExpert: typeof users.$inferSelect;
  /** Another expert of the diagnosis center (demo_expert's colleague). */
  let colleague: typeof users.$inferSelect;
  /** An expert of a hospital outside the demo group. */
  let outsider: typeof users.$inferSelect;

  const db = () => t.database.db;
  const update = (iUserId: number, listSlot: Slot[], token = admin, lang?: 'en') =>
    api.post<WorkingTimeInfo>('workingTime/update', { iUserId, listSlot }, { token, lang });
  const add = (iUserId: number, slot: Slot, token = admin, lang?: 'en') =>
    api.post<WorkingSlot>('workingTime/add', { iUserId, ...slot }, { token, lang });
  const remove = (iWorkingTimeId: number, token = admin) =>
    api.post('workingTime/delete', { iWorkingTimeId }, { token });
  const info = (iUserId: number, token = admin) =>
    api.get<WorkingTimeInfo>('workingTime/getWorkingTimeInfo', { iUserId }, { token });
  const select = (query: Record<string, string | number>, token = admin) =>
    api.get<WorkingTimePage>('workingTime/select', query, { token });
  /** The stored week of an account, straight from the table. */
  const stored = async (userId: number) =>
    (
      await db()
        .select()
        .from(workingTimes)
        .where(eq(workingTimes.userId, userId))
        .orderBy(workingTimes.weekday, workingTimes.period)
    ).map((r) => `${r.weekday}-${r.period}${r.note ? `:${r.note}` : ''}`);
  const idOf = async (userName: string) => {
    const [row] = await db().select().from(users).where(eq(users.userName, userName));
    if (!row) {
      throw new Error(`${userName} missing`);
    }
    return row.id;
  };
  /** demo_hadmin's userManage grant (hospital administrators' default; set here explicitly). */
  const grantUserManage = (scope: 1 | 2) =>
    db()
      .insert(userPrivileges)
      .values({ userId: hadminId, code: 'userManage', scope })
      .onConflictDoUpdate({
        target: [userPrivileges.userId, userPrivileges.code],
        set: { scope },
      });
  const revokeUserManage = () =>
    db()
      .delete(userPrivileges)
      .where(and(eq(userPrivileges.userId, hadminId), eq(userPrivileges.code, 'userManage')));

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    [hadminId, doctorId, superadminId, demoExpertId] = await Promise.all([
      idOf('demo_hadmin'),
      idOf('demo_doctor'),
      idOf('admin'),
      idOf('demo_expert'),
    ]);
    const demo = await db().select().from(hospitals).orderBy(hospitals.id);
    applicantId = demo[0]?.id ?? 0;
    centerId = demo[1]?.id ?? 0;
    const elsewhere = await createHospital(db(), { isDiagnosis: 2 });
    [applicantExpert, colleague, outsider] = await Promise.all([
      createUser(db(), { roleType: 4, hospitalId: applicantId, realName: unique('申请方专家') }),
      createUser(db(), { roleType: 4, hospitalId: centerId, realName: unique('中心专家') }),
      createUser(db(), { roleType: 4, hospitalId: elsewhere.id, realName: unique('外部专家') }),
    ]);
    await grantUserManage(1);
  });
  afterAll(() => t.close());

  describe('a week', () => {
    it('is set by an administrator, answered in order, read back and listed', async () => {
      const week = expectOk(
        await update(demoExpertId, [
          { iWeekday: 3, iPeriod: 2 },
          { iWeekday: 1, iPeriod: 1, strNote: '  线上会诊  ' },
        ]),
      );
      expect(week).toMatchObject({
        iUserId: demoExpertId,
        strRealName: '王专家',
        hospital: { iHospitalId: centerId },
      });
      expect(halfDays(week.listSlot)).toEqual([
        { iWeekday: 1, iPeriod: 1, strNote: '线上会诊' },
        { iWeekday: 3, iPeriod: 2, strNote: null },
      ]);
      expect(expectOk(await info(demoExpertId))).toEqual(week);
      const page = expectOk(await select({ strRealName: '王专家' }));
      expect(page.listPage).toEqual([
        {
          ...week,
          strUserName: 'demo_expert',
          hospital: {
            iHospitalId: centerId,
            strHospitalName: '演示诊断中心 (Demo Diagnostic Center)',
          },
        },
      ]);
      expect(await stored(demoExpertId)).toEqual(['1-1:线上会诊', '3-2']);
    });

    it('is replaced as a whole by update, and cleared by an empty one', async () => {
      expectOk(
        await update(colleague.id, [
          { iWeekday: 1, iPeriod: 1 },
          { iWeekday: 2, iPeriod: 1 },
        ]),
      );
      const next = expectOk(
        await update(colleague.id, [
          { iWeekday: 5, iPeriod: 2 },
          { iWeekday: 2, iPeriod: 1, strNote: '仅急诊' },
        ]),
      );
      expect(halfDays(next.listSlot)).toEqual([
        { iWeekday: 2, iPeriod: 1, strNote: '仅急诊' },
        { iWeekday: 5, iPeriod: 2, strNote: null },
      ]);
      expect(await stored(colleague.id)).toEqual(['2-1:仅急诊', '5-2']);
      expect(expectOk(await update(colleague.id, [])).listSlot).toEqual([]);
      expect(await stored(colleague.id)).toEqual([]);
    });

    it('gains one half-day by add; adding it again keeps it and changes only a sent note', async () => {
      await update(colleague.id, []);
      const first = expectOk(await add(colleague.id, { iWeekday: 6, iPeriod: 1 }));
      expect(first).toMatchObject({ iWeekday: 6, iPeriod: 1, strNote: null });
      const again = expectOk(await add(colleague.id, { iWeekday: 6, iPeriod: 1 }));
      expect(again).toEqual(first);
      const noted = expectOk(await add(colleague.id, { iWeekday: 6, iPeriod: 1, strNote: '远程' }));
      expect(noted).toEqual({ ...first, strNote: '远程' });
      expect(expectOk(await add(colleague.id, { iWeekday: 6, iPeriod: 1 }))).toEqual(noted);
      expect(
        expectOk(await add(colleague.id, { iWeekday: 6, iPeriod: 1, strNote: '' })).strNote,
      ).toBe(null);
      expect(await stored(colleague.id)).toEqual(['6-1']);
    });

    it('loses one half-day by delete; a deleted one is then missing', async () => {
      await update(colleague.id, [
        { iWeekday: 1, iPeriod: 2 },
        { iWeekday: 4, iPeriod: 1 },
      ]);
      const week = expectOk(await info(colleague.id));
      const monday = week.listSlot[0];
      if (!monday) {
        throw new Error('slot missing');
      }
      expectOk(await remove(monday.iWorkingTimeId));
      expect(await stored(colleague.id)).toEqual(['4-1']);
      expect((await remove(monday.iWorkingTimeId)).status).toBe(404);
      const [record] = await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'workingTime/delete'))
        .orderBy(auditLogs.id)
        .limit(1);
      expect(record).toMatchObject({
        targetType: 'workingTime',
        targetId: String(monday.iWorkingTimeId),
        outcome: 'success',
        detail: { iUserId: colleague.id, iWeekday: 1, iPeriod: 2 },
      });
    });

    it('is edited by the expert themself, but not a colleague’s', async () => {
      const own = expectOk(
        await update(demoExpertId, [{ iWeekday: 2, iPeriod: 2, strNote: '本人设置' }], expert),
      );
      expect(halfDays(own.listSlot)).toEqual([{ iWeekday: 2, iPeriod: 2, strNote: '本人设置' }]);
      const added = expectOk(await add(demoExpertId, { iWeekday: 7, iPeriod: 1 }, expert));
      expectOk(await remove(added.iWorkingTimeId, expert));
      expect(await stored(demoExpertId)).toEqual(['2-2:本人设置']);
      expect(expectOk(await info(demoExpertId, expert))).toEqual(own);

      await update(colleague.id, [{ iWeekday: 3, iPeriod: 1 }]);
      const before = await stored(colleague.id);
      expect((await update(colleague.id, [], expert)).status).toBe(404);
      expect((await add(colleague.id, { iWeekday: 1, iPeriod: 1 }, expert)).status).toBe(404);
      const slotId = expectOk(await info(colleague.id)).listSlot[0]?.iWorkingTimeId ?? 0;
      expect((await remove(slotId, expert)).status).toBe(404);
      expect(await stored(colleague.id)).toEqual(before);
    });

    it('survives concurrent whole-week updates and adds without a failure', async () => {
      const weeks: Slot[][] = [
        [{ iWeekday: 1, iPeriod: 1 }],
        [
          { iWeekday: 2, iPeriod: 1 },
          { iWeekday: 2, iPeriod: 2 },
        ],
        [{ iWeekday: 3, iPeriod: 2 }],
      ];
      const calls = [];
      for (let i = 0; i < 4; i++) {
        for (const week of weeks) {
          calls.push(update(applicantExpert.id, week));
        }
        calls.push(add(applicantExpert.id, { iWeekday: 2, iPeriod: 1 }));
      }
      const answers = await Promise.all(calls);
      expect(answers.map((a) => `${a.status}/${a.body.iCode}`)).toEqual(calls.map(() => '200/0'));
      // Whatever ran last, the week is one that was sent (plus, at most, the added half-day).
      const final = await stored(applicantExpert.id);
      const possible = weeks.flatMap((w) => {
        const keys = w.map((s) => `${s.iWeekday}-${s.iPeriod}`);
        return [keys, [...new Set([...keys, '2-1'])].sort()];
      });
      expect(possible).toContainEqual(final);
      await update(applicantExpert.id, []);
    });
  });

  describe('refusals', () => {
    it('refuses accounts that are no experts, and changes nothing', async () => {
      for (const id of [doctorId, hadminId, superadminId]) {
        const a = await update(id, [{ iWeekday: 1, iPeriod: 1 }], admin, 'en');
        expect(a.status).toBe(200);
        expect(a.body).toMatchObject({
          iCode: 1000,
          strErrorCode: 'NOT_AN_EXPERT',
          strMessage: 'This user is not an expert',
        });
        expect((await add(id, { iWeekday: 1, iPeriod: 1 })).body.strErrorCode).toBe(
          'NOT_AN_EXPERT',
        );
        expect(await stored(id)).toEqual([]);
        // Read by anyone, they are as missing as an unknown id.
        expect((await info(id)).status).toBe(404);
      }
      const [doctorSlot] = await db()
        .insert(workingTimes)
        .values({ userId: doctorId, weekday: 1, period: 1 })
        .returning();
      expect((await remove(doctorSlot?.id ?? 0)).body.strErrorCode).toBe('NOT_AN_EXPERT');
      await db().delete(workingTimes).where(eq(workingTimes.userId, doctorId));
    });

    it('refuses bad weekdays, periods, notes and repeated half-days with field errors', async () => {
      await update(colleague.id, [{ iWeekday: 4, iPeriod: 2 }]);
      const bad: [string, unknown][] = [
        ['listSlot.0.iWeekday', [{ iWeekday: 0, iPeriod: 1 }]],
        ['listSlot.0.iWeekday', [{ iWeekday: 8, iPeriod: 1 }]],
        ['listSlot.0.iPeriod', [{ iWeekday: 1, iPeriod: 3 }]],
        ['listSlot.0.strNote', [{ iWeekday: 1, iPeriod: 1, strNote: 'x'.repeat(65) }]],
        [
          'listSlot',
          [
            { iWeekday: 1, iPeriod: 1 },
            { iWeekday: 1, iPeriod: 1 },
          ],
        ],
      ];
      for (const [field, listSlot] of bad) {
        const a = await api.post<{ strField: string }[]>(
          'workingTime/update',
          { iUserId: colleague.id, listSlot },
          { token: admin },
        );
        expect(a.status).toBe(400);
        expect(a.body.objData.map((e) => e.strField)).toContain(field);
      }
      const a = await add(colleague.id, { iWeekday: 9, iPeriod: 1 });
      expect(a.status).toBe(400);
      expect(await stored(colleague.id)).toEqual(['4-2']);
    });

    it('answers 404 for unknown experts and slots', async () => {
      expect((await update(MISSING_ID, [])).status).toBe(404);
      expect((await add(MISSING_ID, { iWeekday: 1, iPeriod: 1 })).status).toBe(404);
      expect((await remove(MISSING_ID)).status).toBe(404);
      expect((await info(MISSING_ID)).status).toBe(404);
    });
  });

  describe('who sees which expert', () => {
    it('lists experts only, filtered by part of the real name in any case and by hospital', async () => {
      const tag = unique('Zed');
      const [upper, lower] = await Promise.all([
        createUser(db(), { roleType: 4, hospitalId: centerId, realName: `${tag} Upper` }),
        createUser(db(), {
          roleType: 4,
          hospitalId: applicantId,
          realName: `b ${tag.toLowerCase()}`,
        }),
        createUser(db(), { roleType: 3, hospitalId: centerId, realName: `${tag} Doctor` }),
      ]);
      const all = expectOk(await select({ strRealName: tag.toUpperCase() }));
      expect(all.iTotalCount).toBe(2);
      expect(all.listPage.map((r) => r.iUserId)).toEqual([lower?.id, upper?.id]);
      const page2 = expectOk(await select({ strRealName: tag, iPageSize: 1, iCurPage: 2 }));
      expect(page2).toMatchObject({ iTotalCount: 2, listPage: [{ iUserId: upper?.id }] });
      const atCenter = expectOk(await select({ strRealName: tag, iHospitalId: centerId }));
      expect(atCenter.listPage.map((r) => r.iUserId)).toEqual([upper?.id]);
      // A LIKE wildcard is a plain character.
      expect(expectOk(await select({ strRealName: '%' })).iTotalCount).toBe(0);
      // A hospital administrator sees its own hospital's experts only.
      const own = expectOk(await select({ strRealName: tag }, hadmin));
      expect(own.listPage.map((r) => r.iUserId)).toEqual([lower?.id]);
    });

    it('shows a week to the expert’s hospital group, not to other hospitals', async () => {
      // demo_doctor and demo_hadmin sit in the applicant hospital of the center's group.
      expectOk(await info(demoExpertId, doctor));
      expectOk(await info(demoExpertId, hadmin));
      expectOk(await info(applicantExpert.id, expert));
      expect((await info(outsider.id, doctor)).status).toBe(404);
      expect((await info(outsider.id, expert)).status).toBe(404);
      // An expert of another hospital (outside the group) does not see the demo center's.
      const stranger = await api.login(outsider.userName, TEST_PASSWORD);
      expect((await info(demoExpertId, stranger)).status).toBe(404);
      expectOk(await info(outsider.id, stranger));
    });

    it('needs userManage for a hospital administrator; all-hospitals scope reaches further', async () => {
      try {
        await revokeUserManage();
        expect((await select({}, hadmin)).status).toBe(403);
        expect((await update(applicantExpert.id, [], hadmin)).status).toBe(403);
        expect((await add(applicantExpert.id, { iWeekday: 1, iPeriod: 1 }, hadmin)).status).toBe(
          403,
        );
        expect((await remove(MISSING_ID, hadmin)).status).toBe(403);
        // Reading a week is for the expert pickers, not an administration call.
        expectOk(await info(applicantExpert.id, hadmin));
        expect(await stored(applicantExpert.id)).toEqual([]);

        await grantUserManage(2);
        expectOk(await update(outsider.id, [{ iWeekday: 5, iPeriod: 1 }], hadmin));
        const listed = expectOk(await select({ strRealName: outsider.realName }, hadmin));
        expect(listed.listPage.map((r) => r.iUserId)).toEqual([outsider.id]);
        await update(outsider.id, []);
      } finally {
        await grantUserManage(1);
      }
    });
  });

  describe('cross-tenant matrix', () => {
    // Each target's week is this one before and after the matrix; allowed calls write it again.
    const baseline: Slot[] = [{ iWeekday: 1, iPeriod: 1 }];
    const manage = (role: number, kind: TargetKind) =>
      (role === 1 && kind !== 'missing' && kind !== 'self') ||
      (role === 2 && kind === 'own') ||
      (role === 4 && kind === 'self');
    const routes: MatrixRoute<number>[] = [
      {
        name: 'select',
        roles: [1, 2],
        visible: manage,
        listed: (a, id) =>
          (a.body.objData as WorkingTimePage).listPage.some((r) => r.iUserId === id),
        call: async (token, id) => {
          const name = id === MISSING_ID ? 'no such expert' : await realNameOf(id);
          return api.get('workingTime/select', { strRealName: name }, { token });
        },
      },
      {
        name: 'getWorkingTimeInfo',
        roles: [1, 2, 3, 4],
        visible: (role, kind) => kind !== 'missing' && (role === 1 || kind !== 'other'),
        call: (token, id) => api.get('workingTime/getWorkingTimeInfo', { iUserId: id }, { token }),
      },
      {
        name: 'add',
        roles: [1, 2, 4],
        visible: manage,
        call: (token, id) =>
          api.post('workingTime/add', { iUserId: id, ...baseline[0] }, { token }),
      },
      {
        name: 'update',
        roles: [1, 2, 4],
        visible: manage,
        call: (token, id) =>
          api.post('workingTime/update', { iUserId: id, listSlot: baseline }, { token }),
      },
      {
        name: 'delete',
        roles: [1, 2, 4],
        visible: manage,
        // A disposable Sunday-afternoon slot of the target stands in for what is deleted.
        call: async (token, id) => {
          let slotId = MISSING_ID;
          if (id !== MISSING_ID) {
            const [row] = await db()
              .insert(workingTimes)
              .values({ userId: id, weekday: 7, period: 2 })
              .returning();
            slotId = row?.id ?? 0;
          }
          const a = await api.post('workingTime/delete', { iWorkingTimeId: slotId }, { token });
          await db().delete(workingTimes).where(eq(workingTimes.id, slotId));
          return a;
        },
      },
    ];
    const realNameOf = async (id: number) =>
      (await db().select().from(users).where(eq(users.id, id)))[0]?.realName ?? '';

    it('answers 403 to a wrong role, 404 outside the caller’s reach, else 200', async () => {
      /** The target of each kind for each caller: "own" is an expert of the caller's hospital. */
      const targetOf = (role: number, kind: TargetKind): number => {
        switch (kind) {
          case 'self':
            return demoExpertId;
          case 'own':
            return role === 4 ? colleague.id : applicantExpert.id;
          case 'other':
            return outsider.id;
          case 'missing':
            return MISSING_ID;
        }
      };
      const targets = [demoExpertId, colleague.id, applicantExpert.id, outsider.id];
      for (const id of targets) {
        await update(id, baseline);
      }
      const failures = await tenancyMatrixFailures({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        // An expert is also tried on its own week.
        kinds: (caller): TargetKind[] =>
          caller.role === 4 ? ['self', 'own', 'other', 'missing'] : ['own', 'other', 'missing'],
        target: (kind, caller) => targetOf(caller.role, kind),
      });
      expect(failures).toEqual([]);
      // Nothing the matrix refused changed a week; what it allowed wrote the same week again.
      for (const id of targets) {
        expect(await stored(id)).toEqual(['1-1']);
      }
    });
  });
});
