import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { RoleType, type CommonWordDto, type FieldError } from '@pathconsult/shared';
import { commonWords, userPrivileges, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { createHospital, createUser, TEST_PASSWORD } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type Answer, type ApiClient } from './helpers/http';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import { logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import { MISSING_ID, unique, type Page } from './helpers/test-values';

type Body = Record<string, unknown>;
type Query = Record<string, string | number>;

describe.each(await testDatabases())('common words on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;
  let hadminId: number;
  let expertId: number;
  /** Another expert of the diagnostic center (demo_expert's hospital). */
  let colleague: { id: number; token: string };
  /** An expert of the demo applicant hospital (demo_hadmin's hospital). */
  let applicantExpert: { id: number; token: string };
  /** An expert of a hospital of its own. */
  let outsider: { id: number; token: string };

  const db = () => t.database.db;
  const add = (token: string, body: Body, lang?: 'en') =>
    api.post<CommonWordDto>('commonWord/add', body, { token, lang });
  const update = (token: string, body: Body, lang?: 'en' | 'zh') =>
    api.post<CommonWordDto>('commonWord/update', body, { token, lang });
  const remove = (token: string, iCommonWordId: number, lang?: 'en' | 'zh') =>
    api.post('commonWord/delete', { iCommonWordId }, { token, lang });
  const managed = (token: string, query: Query = {}) =>
    api.get<Page<CommonWordDto>>(
      'commonWord/selectCommonWordByState',
      { iPageSize: 100, ...query },
      { token },
    );
  const usable = (token: string, query: Query = {}) =>
    api.get<Page<CommonWordDto>>(
      'commonWord/selectUsable',
      { iPageSize: 100, ...query },
      { token },
    );
  const categories = (token: string) =>
    api.get<string[]>('commonWord/selectUsableCategories', {}, { token });
  /** A new word of the expert behind `token`, with a category no other test uses. */
  const word = async (token: string, scope: number, over: Body = {}) =>
    expectOk(
      await add(token, {
        strCategory: unique('cat'),
        strContent: unique('content'),
        ddScope: { iNumber: scope },
        ...over,
      }),
    );
  const ids = (a: Answer<Page<CommonWordDto>>) => expectOk(a).listPage.map((w) => w.iCommonWordId);
  const stored = async (id: number) =>
    (await db().select().from(commonWords).where(eq(commonWords.id, id)))[0];
  const newExpert = async (hospitalId: number) => {
    const user = await createUser(db(), { hospitalId, roleType: RoleType.Expert });
    return { id: user.id, token: await api.login(user.userName, TEST_PASSWORD) };
  };
  const grantManage = () =>
    db()
      .insert(userPrivileges)
      .values({ userId: hadminId, code: 'commonWordsManage', scope: 1 })
      .onConflictDoNothing();
  const revokeManage = () =>
    db()
      .delete(userPrivileges)
      .where(
        and(eq(userPrivileges.userId, hadminId), eq(userPrivileges.code, 'commonWordsManage')),
      );

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const demo = await db().select().from(users);
    const byName = (name: string) => demo.find((u) => u.userName === name)!;
    hadminId = byName('demo_hadmin').id;
    expertId = byName('demo_expert').id;
    colleague = await newExpert(byName('demo_expert').hospitalId!);
    applicantExpert = await newExpert(byName('demo_hadmin').hospitalId!);
    outsider = await newExpert((await createHospital(db())).id);
  });
  afterAll(() => t.close());

  describe('an expert’s own words', () => {
    it('are added with each scope (private when none is given) and listed newest first', async () => {
      const tag = unique('own');
      const first = expectOk(
        await add(expert, { strCategory: `  ${tag}  `, strContent: '  未见恶性证据。  ' }),
      );
      expect(first).toMatchObject({
        strCategory: tag,
        strContent: '未见恶性证据。',
        ddScope: { iNumber: 0 },
        owner: { iUserId: expertId, strRealName: '王专家' },
        bMine: true,
      });
      expect(first.hospital.strHospitalName).toContain('Demo Diagnostic Center');
      t.clock.advanceMinutes(1);
      const shared = await word(expert, 1, { strCategory: tag });
      t.clock.advanceMinutes(1);
      const institution = await word(expert, 2, { strCategory: tag });
      expect([shared.ddScope.iNumber, institution.ddScope.iNumber]).toEqual([1, 2]);

      expect(ids(await managed(expert, { strCategory: tag }))).toEqual([
        institution.iCommonWordId,
        shared.iCommonWordId,
        first.iCommonWordId,
      ]);
      // Filters: scope, part of the content in any case, part of the category.
      expect(ids(await managed(expert, { strCategory: tag, iScope: 1 }))).toEqual([
        shared.iCommonWordId,
      ]);
      expect(ids(await managed(expert, { strContent: '恶性' }))).toContain(first.iCommonWordId);
      expect(
        ids(await managed(expert, { strCategory: tag.slice(2).toUpperCase(), iScope: 0 })),
      ).toEqual([first.iCommonWordId]);
      const page2 = expectOk(
        await managed(expert, { strCategory: tag, iPageSize: 2, iCurPage: 2 }),
      );
      expect(page2.iTotalCount).toBe(3);
      expect(page2.listPage.map((w) => w.iCommonWordId)).toEqual([first.iCommonWordId]);
      // Nobody else's words are in the expert's own list.
      const others = await word(colleague.token, 1, { strCategory: tag });
      expect(ids(await managed(expert, { strCategory: tag }))).not.toContain(others.iCommonWordId);
    });

    it('are changed by their owner: the scope is kept unless sent, and the change comes first', async () => {
      const tag = unique('edit');
      const older = await word(expert, 0, { strCategory: tag });
      t.clock.advanceMinutes(1);
      const newer = await word(expert, 0, { strCategory: tag });
      t.clock.advanceMinutes(1);
      const changed = expectOk(
        await update(expert, {
          iCommonWordId: older.iCommonWordId,
          strCategory: tag,
          strContent: '  考虑为纤维腺瘤。 ',
        }),
      );
      expect(changed).toMatchObject({ strContent: '考虑为纤维腺瘤。', ddScope: { iNumber: 0 } });
      expect(changed.dtUpdateTime > older.dtUpdateTime).toBe(true);
      expect(changed.dtCreateTime).toBe(older.dtCreateTime);
      expect(ids(await managed(expert, { strCategory: tag }))).toEqual([
        older.iCommonWordId,
        newer.iCommonWordId,
      ]);
      const rescoped = expectOk(
        await update(expert, {
          iCommonWordId: older.iCommonWordId,
          strCategory: `${tag}-b`,
          strContent: changed.strContent,
          ddScope: { iNumber: 2 },
        }),
      );
      expect(rescoped).toMatchObject({ strCategory: `${tag}-b`, ddScope: { iNumber: 2 } });
      expect(await stored(older.iCommonWordId)).toMatchObject({ scope: 2, category: `${tag}-b` });
    });

    it('are deleted by their owner; a second delete answers like a missing word', async () => {
      const gone = await word(expert, 1);
      expectOk(await remove(expert, gone.iCommonWordId));
      expect(await stored(gone.iCommonWordId)).toBeUndefined();
      expectNotFound(await remove(expert, gone.iCommonWordId));
      expectNotFound(
        await update(expert, { iCommonWordId: MISSING_ID, strCategory: 'a', strContent: 'b' }),
      );
    });

    it('leave an audit record of every change', async () => {
      const added = await word(expert, 2);
      expect(await latestAuditRecord(db(), 'commonWord/add')).toMatchObject({
        userId: expertId,
        targetType: 'commonWord',
        targetId: String(added.iCommonWordId),
        outcome: 'success',
        detail: { strCategory: added.strCategory, iScope: 2 },
      });
      expectOk(
        await update(expert, {
          iCommonWordId: added.iCommonWordId,
          strCategory: added.strCategory,
          strContent: 'x',
          ddScope: { iNumber: 0 },
        }),
      );
      expect(await latestAuditRecord(db(), 'commonWord/update')).toMatchObject({
        userId: expertId,
        targetId: String(added.iCommonWordId),
        outcome: 'success',
        detail: { iScope: 0, iOwnerId: expertId },
      });
      expectOk(await remove(expert, added.iCommonWordId));
      expect(await latestAuditRecord(db(), 'commonWord/delete')).toMatchObject({
        userId: expertId,
        targetId: String(added.iCommonWordId),
        outcome: 'success',
        detail: { iOwnerId: expertId, strCategory: added.strCategory, iScope: 0 },
      });
    });
  });

  describe('the words an expert may insert', () => {
    it('are their own, the shared ones and the institution-shared ones of their hospital', async () => {
      const tag = unique('use');
      const priv = await word(expert, 0, { strCategory: tag });
      const shared = await word(expert, 1, { strCategory: tag });
      const institution = await word(expert, 2, { strCategory: tag });
      const foreignInstitution = await word(outsider.token, 2, { strCategory: tag });
      const foreignShared = await word(outsider.token, 1, { strCategory: tag });
      const sees = async (token: string) =>
        ids(await usable(token, { strCategory: tag })).sort((a, b) => a - b);
      const sorted = (...words: CommonWordDto[]) =>
        words.map((w) => w.iCommonWordId).sort((a, b) => a - b);

      expect(await sees(expert)).toEqual(sorted(priv, shared, institution, foreignShared));
      // A colleague of the same hospital: not the private word.
      expect(await sees(colleague.token)).toEqual(sorted(shared, institution, foreignShared));
      // An expert of another hospital: the shared words only.
      expect(await sees(applicantExpert.token)).toEqual(sorted(shared, foreignShared));
      expect(await sees(outsider.token)).toEqual(sorted(shared, foreignInstitution, foreignShared));
      // bMine tells the picker which words are the caller's.
      const forColleague = expectOk(await usable(colleague.token, { strCategory: tag })).listPage;
      expect(forColleague.every((w) => !w.bMine)).toBe(true);
      // The own words come first within a category.
      const forOutsider = expectOk(await usable(outsider.token, { strCategory: tag })).listPage;
      expect(forOutsider.slice(0, 2).every((w) => w.bMine)).toBe(true);
    });

    it('are filtered by exact category and by a keyword in content or category, and paged', async () => {
      const tag = unique('kw');
      const a = await word(colleague.token, 0, {
        strCategory: `${tag}-A`,
        strContent: '见核分裂象',
      });
      const b = await word(colleague.token, 0, {
        strCategory: `${tag}-B`,
        strContent: 'Mitoses SEEN',
      });
      const c = await word(colleague.token, 1, { strCategory: `${tag}-B`, strContent: '其他' });
      expect(ids(await usable(colleague.token, { strCategory: `${tag}-A` }))).toEqual([
        a.iCommonWordId,
      ]);
      // An exact category: a part of it matches nothing.
      expect(ids(await usable(colleague.token, { strCategory: tag }))).toEqual([]);
      expect(ids(await usable(colleague.token, { strKeyword: 'mitoses' }))).toEqual([
        b.iCommonWordId,
      ]);
      expect(ids(await usable(colleague.token, { strKeyword: `${tag}-b` }))).toEqual([
        b.iCommonWordId,
        c.iCommonWordId,
      ]);
      // LIKE wildcards are plain text.
      expect(ids(await usable(colleague.token, { strKeyword: `${tag}%` }))).toEqual([]);
      const page = expectOk(
        await usable(colleague.token, { strKeyword: tag, iPageSize: 2, iCurPage: 2 }),
      );
      expect(page).toMatchObject({ iTotalCount: 3 });
      expect(page.listPage.map((w) => w.iCommonWordId)).toEqual([c.iCommonWordId]);
    });

    it('have their categories listed once each, sorted, for the picker', async () => {
      const tag = unique('cats');
      await word(applicantExpert.token, 0, { strCategory: `${tag}-b` });
      await word(applicantExpert.token, 0, { strCategory: `${tag}-b` });
      await word(applicantExpert.token, 2, { strCategory: `${tag}-A` });
      await word(colleague.token, 0, { strCategory: `${tag}-c` });
      const mine = expectOk(await categories(applicantExpert.token)).filter((c) =>
        c.startsWith(tag),
      );
      expect(mine).toEqual([`${tag}-A`, `${tag}-b`]);
      const theirs = expectOk(await categories(colleague.token)).filter((c) => c.startsWith(tag));
      expect(theirs).toEqual([`${tag}-c`]);
    });

    it('are the experts’ alone: other roles are refused', async () => {
      for (const token of [admin, hadmin, doctor]) {
        expectForbidden(await usable(token));
        expectForbidden(await categories(token));
        expectForbidden(await add(token, { strCategory: 'a', strContent: 'b' }));
      }
    });
  });

  describe('someone else’s words', () => {
    it('are refused with “non-personal common words: no right to operate” and stay as they were', async () => {
      const priv = await word(expert, 0);
      const shared = await word(expert, 1);
      const institution = await word(expert, 2);
      const change = (w: CommonWordDto) => ({
        iCommonWordId: w.iCommonWordId,
        strCategory: 'hijacked',
        strContent: 'hijacked',
        ddScope: { iNumber: 1 },
      });
      // A colleague of the owner's hospital: every word of it, private ones included.
      for (const w of [priv, shared, institution]) {
        const zh = await update(colleague.token, change(w), 'zh');
        expectRefused(zh, 'COMMON_WORD_NOT_OWNED');
        expect(zh.body.strMessage).toBe('非本人常用语，无权操作');
        const en = await remove(colleague.token, w.iCommonWordId, 'en');
        expectRefused(en, 'COMMON_WORD_NOT_OWNED');
        expect(en.body.strMessage).toBe('Non-personal common words: no right to operate');
      }
      // An expert of another hospital: the shared word is refused the same way...
      expectRefused(await update(applicantExpert.token, change(shared)), 'COMMON_WORD_NOT_OWNED');
      expectRefused(await remove(outsider.token, shared.iCommonWordId), 'COMMON_WORD_NOT_OWNED');
      // ...while the words it cannot see answer like missing ones (the tenancy boundary).
      expectNotFound(await update(applicantExpert.token, change(priv)));
      expectNotFound(await remove(applicantExpert.token, institution.iCommonWordId));
      for (const w of [priv, shared, institution]) {
        expect(await stored(w.iCommonWordId)).toMatchObject({
          category: w.strCategory,
          content: w.strContent,
          scope: w.ddScope.iNumber,
        });
      }
      expect(await latestAuditRecord(db(), 'commonWord/delete')).toMatchObject({
        userId: applicantExpert.id,
        outcome: 'failure',
        targetId: String(institution.iCommonWordId),
      });
    });
  });

  describe('administrators with “common words manage”', () => {
    it('are refused without the privilege, as are doctors', async () => {
      await revokeManage();
      const w = await word(applicantExpert.token, 0);
      for (const token of [hadmin, doctor]) {
        expectForbidden(await managed(token));
        expectForbidden(
          await update(token, {
            iCommonWordId: w.iCommonWordId,
            strCategory: 'a',
            strContent: 'b',
          }),
        );
        expectForbidden(await remove(token, w.iCommonWordId));
      }
      expect(await stored(w.iCommonWordId)).toMatchObject({ category: w.strCategory });
    });

    it('manage the words of the experts of their own hospital only', async () => {
      await grantManage();
      const tag = unique('adm');
      const mine = await word(applicantExpert.token, 0, { strCategory: tag });
      const center = await word(expert, 1, { strCategory: tag });
      const listed = expectOk(await managed(hadmin, { strCategory: tag })).listPage;
      expect(listed.map((w) => w.iCommonWordId)).toEqual([mine.iCommonWordId]);
      expect(listed[0]).toMatchObject({ bMine: false, owner: { iUserId: applicantExpert.id } });
      // By the owner's name.
      const realName = (await db().select().from(users).where(eq(users.id, applicantExpert.id)))[0]!
        .realName;
      expect(ids(await managed(hadmin, { strRealName: realName }))).toContain(mine.iCommonWordId);
      expect(ids(await managed(hadmin, { strRealName: '王专家' }))).toEqual([]);

      const changed = expectOk(
        await update(hadmin, {
          iCommonWordId: mine.iCommonWordId,
          strCategory: tag,
          strContent: '管理员修订',
          ddScope: { iNumber: 2 },
        }),
      );
      expect(changed).toMatchObject({
        strContent: '管理员修订',
        ddScope: { iNumber: 2 },
        owner: { iUserId: applicantExpert.id },
      });
      // Another hospital's word answers like a missing one and stays.
      expectNotFound(
        await update(hadmin, {
          iCommonWordId: center.iCommonWordId,
          strCategory: 'x',
          strContent: 'x',
        }),
      );
      expectNotFound(await remove(hadmin, center.iCommonWordId));
      expect(await stored(center.iCommonWordId)).toMatchObject({ content: center.strContent });

      expectOk(await remove(hadmin, mine.iCommonWordId));
      expect(await stored(mine.iCommonWordId)).toBeUndefined();
      expect(await latestAuditRecord(db(), 'commonWord/delete')).toMatchObject({
        userId: hadminId,
        outcome: 'success',
        detail: { iOwnerId: applicantExpert.id },
      });
      // Administrators do not write words in an expert's name.
      expectForbidden(await add(hadmin, { strCategory: 'a', strContent: 'b' }));
    });

    it('of the platform see and manage every hospital’s words', async () => {
      const tag = unique('plat');
      const a = await word(outsider.token, 0, { strCategory: tag });
      t.clock.advanceMinutes(1);
      const b = await word(expert, 2, { strCategory: tag });
      expect(ids(await managed(admin, { strCategory: tag }))).toEqual([
        b.iCommonWordId,
        a.iCommonWordId,
      ]);
      expectOk(
        await update(admin, { iCommonWordId: a.iCommonWordId, strCategory: tag, strContent: 'ok' }),
      );
      expectOk(await remove(admin, b.iCommonWordId));
      expect(ids(await managed(admin, { strCategory: tag }))).toEqual([a.iCommonWordId]);
    });
  });

  describe('invalid words', () => {
    it('are refused with a message on the field and change nothing', async () => {
      const w = await word(expert, 0);
      const [before] = await db().select({ n: count() }).from(commonWords);
      const cases: [
        Body,
        string,
        'validation.required' | 'validation.tooLong' | 'validation.invalid',
        Record<string, number>?,
      ][] = [
        [{ strContent: 'x' }, 'strCategory', 'validation.required'],
        [{ strCategory: '   ', strContent: 'x' }, 'strCategory', 'validation.required'],
        [
          { strCategory: 'x'.repeat(33), strContent: 'x' },
          'strCategory',
          'validation.tooLong',
          { max: 32 },
        ],
        [{ strCategory: 'x' }, 'strContent', 'validation.required'],
        [{ strCategory: 'x', strContent: ' ' }, 'strContent', 'validation.required'],
        [
          { strCategory: 'x', strContent: '字'.repeat(501) },
          'strContent',
          'validation.tooLong',
          { max: 500 },
        ],
        [
          { strCategory: 'x', strContent: 'x', ddScope: { iNumber: 3 } },
          'ddScope.iNumber',
          'validation.invalid',
        ],
      ];
      for (const [body, field, key, params] of cases) {
        expectFieldError(await add(expert, body, 'en'), field, key, params);
        expectFieldError(
          await update(expert, { iCommonWordId: w.iCommonWordId, ...body }, 'en'),
          field,
          key,
          params,
        );
      }
      // Exactly at the limits is fine (the word is then deleted again).
      const longest = expectOk(
        await add(expert, { strCategory: 'x'.repeat(32), strContent: '字'.repeat(500) }),
      );
      expectOk(await remove(expert, longest.iCommonWordId));
      expect(await db().select({ n: count() }).from(commonWords)).toEqual([before]);
      expect(await stored(w.iCommonWordId)).toMatchObject({
        category: w.strCategory,
        content: w.strContent,
        scope: 0,
      });
      // In Chinese by default.
      const zh = await api.post<FieldError[]>(
        'commonWord/add',
        { strCategory: 'x'.repeat(33), strContent: 'x' },
        { token: expert },
      );
      expect(zh.body.objData[0]?.strMessage).toBe('长度不能超过 32 个字符');
    });
  });
});
