import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AuditLogPage,
  CommentDto,
  CommentMarked,
  CommentPage,
  CommentThreadPage,
  CommentUnread,
} from '@pathconsult/shared';
import { patientComments } from '../src/db/schema';
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
import { tenancyMatrixFailures, type TargetKind } from './helpers/tenancy-matrix';
import {
  addCase,
  doctorElsewhere,
  loggedInUser,
  setReportView,
  userHospital,
} from './helpers/case-fixtures';

describe.each(await testDatabases())('case comments on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let tokens: DemoTokens;
  let hospitalA: number;
  /** The owner of the cases: a fresh doctor, so that its unread count starts at zero. */
  let owner: { id: number; token: string };
  /** Another doctor of the owner's hospital. */
  let colleague: { id: number; token: string };
  let outsider: { hospitalId: number; id: number; token: string };

  const db = () => t.database.db;
  const add = (id: number, strContent: string, token = owner.token, lang?: 'en' | 'zh') =>
    api.post<CommentDto>('comment/addComment', { iPatientId: id, strContent }, { token, lang });
  const thread = (id: number, token = owner.token, page: Record<string, number> = {}) =>
    api.get<CommentPage>(
      'comment/selectCommentListByPatient',
      { iPatientId: id, ...page },
      { token },
    );
  const markRead = (id: number, token = owner.token) =>
    api.post<CommentMarked>('comment/updateCommentList', { iPatientId: id }, { token });
  const unread = async (token = owner.token) =>
    expectOk(await api.get<CommentUnread>('comment/selectUnreadCount', {}, { token })).iUnread;
  const threads = (token = owner.token, page: Record<string, number> = {}) =>
    api.get<CommentThreadPage>('comment/selectCommentListByReceive', page, { token });
  /** Writes a message as someone who is not a participant yet (experts: issue 7), straight in. */
  const otherSideWrites = async (patientId: number, userId: number, content: string) => {
    t.clock.advanceMinutes(1);
    await db()
      .insert(patientComments)
      .values({ patientId, userId, content, createdAt: t.clock.now() });
  };

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    tokens = await logInDemoAccounts(api);
    hospitalA = await userHospital(db(), 'demo_doctor');
    owner = await loggedInUser(db(), api, hospitalA);
    colleague = await loggedInUser(db(), api, hospitalA);
    outsider = await doctorElsewhere(db(), api);
  });
  afterAll(() => t.close());

  it('keeps a case thread oldest first with author, role, time and read state', async () => {
    const c = await addCase(api, owner.token);
    const first = expectOk(await add(c.iPatientId, '  请重点看切缘  '));
    expect(first).toMatchObject({
      iPatientId: c.iPatientId,
      strContent: '请重点看切缘',
      author: { iUserId: owner.id, ddRoleType: { iNumber: 3 } },
      bMine: true,
      bRead: true,
      dtCreateTime: t.clock.now().toISOString(),
    });
    await otherSideWrites(c.iPatientId, colleague.id, 'reply');
    const page = expectOk(await thread(c.iPatientId));
    expect(page.iTotalCount).toBe(2);
    expect(page.listPage.map((m) => [m.strContent, m.bMine, m.bRead])).toEqual([
      ['请重点看切缘', true, true],
      ['reply', false, false],
    ]);
    expect(page.listPage[1]?.author.strRealName).not.toBe('');
    // Paging, oldest first.
    const second = expectOk(await thread(c.iPatientId, owner.token, { iCurPage: 2, iPageSize: 1 }));
    expect(second.listPage.map((m) => m.strContent)).toEqual(['reply']);
  });

  it('refuses empty and over-long messages with their own message, saving nothing', async () => {
    const c = await addCase(api, owner.token);
    expectFieldError(
      await add(c.iPatientId, '   ', owner.token, 'en'),
      'strContent',
      'validation.commentEmpty',
    );
    expectFieldError(
      await add(c.iPatientId, 'x'.repeat(1001), owner.token, 'en'),
      'strContent',
      'validation.tooLong',
      { max: 1000 },
    );
    expectOk(await add(c.iPatientId, 'x'.repeat(1000)));
    expect(expectOk(await thread(c.iPatientId)).iTotalCount).toBe(1);
  });

  it('counts unread messages of others until the thread is marked read; reading alone does not', async () => {
    const before = await unread();
    const c1 = await addCase(api, owner.token);
    const c2 = await addCase(api, owner.token);
    expectOk(await add(c1.iPatientId, 'mine never counts'));
    await otherSideWrites(c1.iPatientId, colleague.id, 'a');
    await otherSideWrites(c1.iPatientId, colleague.id, 'b');
    await otherSideWrites(c2.iPatientId, colleague.id, 'c');
    expect(await unread()).toBe(before + 3);

    expectOk(await thread(c1.iPatientId));
    expect(await unread()).toBe(before + 3);

    expect(expectOk(await markRead(c1.iPatientId))).toEqual({
      iPatientId: c1.iPatientId,
      iMarked: 2,
    });
    expect(await unread()).toBe(before + 1);
    expect(expectOk(await thread(c1.iPatientId)).listPage.every((m) => m.bRead)).toBe(true);
    // Idempotent.
    expect(expectOk(await markRead(c1.iPatientId)).iMarked).toBe(0);
    // A message after the marking is unread again.
    await otherSideWrites(c1.iPatientId, colleague.id, 'd');
    expect(await unread()).toBe(before + 2);
    // Another hospital's messages never count: the outsider has none of its own.
    expect(await unread(outsider.token)).toBe(0);
  });

  it('lists the cases with messages, latest message first, with counts', async () => {
    const fresh = await loggedInUser(db(), api, hospitalA);
    expect(expectOk(await threads(fresh.token))).toEqual({ listPage: [], iTotalCount: 0 });
    const quiet = await addCase(api, fresh.token);
    const older = await addCase(api, fresh.token);
    const newer = await addCase(api, fresh.token);
    t.clock.advanceMinutes(1);
    expectOk(await add(older.iPatientId, 'first', fresh.token));
    await otherSideWrites(newer.iPatientId, colleague.id, 'question');
    await otherSideWrites(older.iPatientId, colleague.id, 'latest of older');
    await otherSideWrites(newer.iPatientId, fresh.id, 'answer');

    const page = expectOk(await threads(fresh.token));
    expect(page.iTotalCount).toBe(2);
    expect(
      page.listPage.map((r) => [r.iPatientId, r.iCount, r.iUnread, r.last.strContent]),
    ).toEqual([
      [newer.iPatientId, 2, 1, 'answer'],
      [older.iPatientId, 2, 1, 'latest of older'],
    ]);
    expect(page.listPage[0]).toMatchObject({
      strDiagnosistNum: newer.strDiagnosistNum,
      strPatientName: newer.strPatientName,
      ddPatientState: { iNumber: 0 },
    });
    expect(page.listPage.some((r) => r.iPatientId === quiet.iPatientId)).toBe(false);
    const second = expectOk(await threads(fresh.token, { iCurPage: 2, iPageSize: 1 }));
    expect(second.listPage.map((r) => r.iPatientId)).toEqual([older.iPatientId]);
    expect(second.iTotalCount).toBe(2);
  });

  it('owner 200, same-hospital doctor CASE_NOT_OWNED, other hospital 404, missing 404', async () => {
    const routes: { name: string; call: (token: string, id: number) => Promise<Answer> }[] = [
      { name: 'addComment', call: (tk, id) => add(id, 'hello', tk) },
      { name: 'selectCommentListByPatient', call: (tk, id) => thread(id, tk) },
      { name: 'updateCommentList', call: (tk, id) => markRead(id, tk) },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      for (const who of ['owner', 'colleague', 'outsider', 'missing'] as const) {
        const c = await addCase(api, owner.token);
        await otherSideWrites(c.iPatientId, colleague.id, 'unread for the owner');
        const token =
          who === 'colleague' ? colleague.token : who === 'outsider' ? outsider.token : owner.token;
        const id = who === 'missing' ? MISSING_ID : c.iPatientId;
        const a = await route.call(token, id);
        const got =
          a.status === 200 && a.body.iCode === 0 ? 'OK' : `${a.status}/${a.body.strErrorCode}`;
        const expected =
          who === 'owner' ? 'OK' : who === 'colleague' ? '200/CASE_NOT_OWNED' : '404/NOT_FOUND';
        if (got !== expected) {
          failures.push(`${route.name} as ${who}: ${got}, expected ${expected}`);
        }
        if (who === 'colleague' || who === 'outsider') {
          const rows = await db()
            .select()
            .from(patientComments)
            .where(eq(patientComments.patientId, c.iPatientId));
          if (rows.length !== 1) {
            failures.push(`${route.name} as ${who}: the thread changed`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Other hospitals' threads never show up in the outsider's list.
    expect(expectOk(await threads(outsider.token)).iTotalCount).toBe(0);
  });

  it('keeps every route to its roles and reach (roles 1–4 × own / other hospital / missing)', async () => {
    const own = await addCase(api, tokens.doctor);
    const other = await addCase(api, outsider.token);
    await otherSideWrites(own.iPatientId, colleague.id, 'own');
    await otherSideWrites(other.iPatientId, outsider.id, 'other');
    const idOf = (kind: string) =>
      kind === 'own' ? own.iPatientId : kind === 'other' ? other.iPatientId : MISSING_ID;
    /** Readers: the owner (demo doctor), report viewers of the hospital, the platform anywhere. */
    const reads = (role: number, kind: TargetKind) =>
      (kind === 'own' && role !== 4) || (kind === 'other' && role === 1);
    /** Participants: the owner only until issue 7 adds the experts a case is sent to. */
    const takesPart = (role: number, kind: TargetKind) => role === 3 && kind === 'own';
    const listedIn = (a: Answer, id: number) =>
      (a.body.objData as CommentThreadPage).listPage.some((r) => r.iPatientId === id);
    const failures = await tenancyMatrixFailures<number>({
      callers: [
        { role: 1, token: tokens.admin },
        { role: 2, token: tokens.hadmin },
        { role: 3, token: tokens.doctor },
        { role: 4, token: tokens.expert },
      ],
      target: (kind) => idOf(kind),
      routes: [
        {
          name: 'selectCommentListByPatient',
          roles: [1, 2, 3, 4],
          visible: reads,
          call: (tk, id) => thread(id, tk),
        },
        {
          name: 'addComment',
          roles: [3, 4],
          visible: takesPart,
          call: (tk, id) => add(id, 'matrix', tk),
        },
        {
          name: 'updateCommentList',
          roles: [3, 4],
          visible: takesPart,
          call: (tk, id) => markRead(id, tk),
        },
        {
          name: 'selectCommentListByReceive',
          roles: [3, 4],
          visible: takesPart,
          listed: listedIn,
          call: (tk) => threads(tk, { iPageSize: 100 }),
        },
      ],
    });
    expect(failures).toEqual([]);
  });

  it('lets administrators with report view read a thread as observers, never write or mark', async () => {
    const c = await addCase(api, owner.token);
    await otherSideWrites(c.iPatientId, colleague.id, 'for the owner');
    const noReport = await loggedInUser(db(), api, hospitalA, 2);
    await setReportView(db(), noReport.id, null);

    const seen = expectOk(await thread(c.iPatientId, tokens.hadmin));
    expect(seen.listPage.map((m) => [m.strContent, m.bRead])).toEqual([['for the owner', true]]);
    expectOk(await thread(c.iPatientId, tokens.admin));
    expectRefused(await thread(c.iPatientId, noReport.token), 'CASE_NOT_OWNED');
    for (const token of [tokens.hadmin, tokens.admin]) {
      expectForbidden(await add(c.iPatientId, 'admin says', token));
      expectForbidden(await markRead(c.iPatientId, token));
      expectForbidden(await api.get('comment/selectUnreadCount', {}, { token }));
      expectForbidden(await threads(token));
    }
    // The demo expert is of another hospital; issue 7 makes it a participant of cases sent to it.
    expectNotFound(await add(c.iPatientId, 'expert says', tokens.expert));
    expect(expectOk(await thread(c.iPatientId)).listPage.map((m) => m.bRead)).toEqual([false]);
  });

  it('audits thread reads, refused ones too, and never records message texts', async () => {
    const c = await addCase(api, owner.token);
    await thread(c.iPatientId, colleague.token);
    await thread(c.iPatientId);
    await add(c.iPatientId, '患者隐私内容');
    const log = async (strAction: string) =>
      expectOk(
        await api.get<AuditLogPage>(
          'log/GetAuditLogs',
          { strAction, iPageSize: 100 },
          { token: tokens.admin },
        ),
      ).listPage.filter((r) => r.strTargetId === String(c.iPatientId));
    expect((await log('comment/selectCommentListByPatient')).map((r) => r.strOutcome)).toEqual([
      'success',
      'failure',
    ]);
    const added = await log('comment/addComment');
    expect(added).toHaveLength(1);
    expect(JSON.stringify(added[0]?.objDetail)).not.toContain('患者');
    expect(added[0]?.objDetail).toMatchObject({ iLength: 6 });
  });
});
