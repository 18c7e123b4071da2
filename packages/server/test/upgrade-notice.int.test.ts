import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUpgradeNotice, UpgradeNoticeDto } from '@pathconsult/shared';
import { upgradeNotices } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { latestAuditRecord } from './helpers/audit-records';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { expectOk } from './helpers/assertions';
import { logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import { MISSING_ID, unique, type Page } from './helpers/test-values';

const HOUR = 3_600_000;

describe.each(await testDatabases())('upgrade notices on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;

  /** An instant `hours` from the test clock's now, as ISO 8601 (UTC). */
  const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();
  const publish = (body: object, token = admin, lang?: 'en') =>
    api.post<UpgradeNoticeDto>('userManage/platformSendMessage', body, { token, lang });
  async function published(startHours: number, endHours: number, name = unique('平台')) {
    return expectOk(
      await publish({
        strPlatformName: name,
        strStartTime: at(startHours),
        strEndTime: at(endHours),
      }),
    );
  }
  const current = async (token?: string) => {
    const a = await api.get<CurrentUpgradeNotice[]>('upgradeNotice/current', {}, { token });
    expect(a.status).toBe(200);
    return a.body.objData;
  };
  const storedCount = async () => (await t.database.db.select().from(upgradeNotices)).length;
  async function logInAll() {
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    await logInAll();
  });
  afterAll(() => t.close());

  describe('publishing', () => {
    it('stores platform, time range and text; answers times in UTC ISO 8601', async () => {
      const a = await publish({
        strPlatformName: '  PathConsult  ',
        // 2026-01-05 20:00 and 23:00 in China (the test clock is 08:00 UTC that day).
        strStartTime: '2026-01-05T20:00:00+08:00',
        strEndTime: '2026-01-05T23:00:00+08:00',
        strContent: '期间无法上传切片',
      });
      expect(a.status).toBe(200);
      expect(a.body.objData).toMatchObject({
        strPlatformName: 'PathConsult',
        strStartTime: '2026-01-05T12:00:00.000Z',
        strEndTime: '2026-01-05T15:00:00.000Z',
        strContent: '期间无法上传切片',
        strCreatedBy: 'admin',
        dtCreateTime: t.clock.now().toISOString(),
      });
      const page = await api.get<Page<UpgradeNoticeDto>>(
        'upgradeNotice/select',
        {},
        {
          token: admin,
        },
      );
      expect(page.body.objData.listPage[0]).toEqual(a.body.objData);
    });

    it('refuses each broken rule with a localized field error and stores nothing', async () => {
      const before = await storedCount();
      const valid = { strPlatformName: 'P', strStartTime: at(1), strEndTime: at(2) };
      const cases: [object, { strField: string; strMessage: string }[]][] = [
        [
          { ...valid, strPlatformName: ' ' },
          [{ strField: 'strPlatformName', strMessage: '该项不能为空' }],
        ],
        [
          { ...valid, strPlatformName: 'x'.repeat(51) },
          [{ strField: 'strPlatformName', strMessage: '长度不能超过 50 个字符' }],
        ],
        [
          { strPlatformName: 'P' },
          [
            { strField: 'strStartTime', strMessage: '请选择时间范围' },
            { strField: 'strEndTime', strMessage: '请选择时间范围' },
          ],
        ],
        [
          { ...valid, strStartTime: '' },
          [{ strField: 'strStartTime', strMessage: '请选择时间范围' }],
        ],
        [
          { ...valid, strEndTime: 'tomorrow' },
          [{ strField: 'strEndTime', strMessage: '日期格式不正确' }],
        ],
        [
          { ...valid, strEndTime: valid.strStartTime },
          [{ strField: 'strEndTime', strMessage: '结束时间必须晚于开始时间' }],
        ],
        [
          { ...valid, strStartTime: at(3) },
          [{ strField: 'strEndTime', strMessage: '结束时间必须晚于开始时间' }],
        ],
        [
          { ...valid, strStartTime: at(-3), strEndTime: at(-1) },
          [{ strField: 'strEndTime', strMessage: '结束时间必须晚于当前时间' }],
        ],
        [
          { ...valid, strContent: 'x'.repeat(501) },
          [{ strField: 'strContent', strMessage: '长度不能超过 500 个字符' }],
        ],
      ];
      for (const [body, errors] of cases) {
        const a = await publish(body);
        expect(a.status, JSON.stringify(body)).toBe(400);
        expect(a.body.objData, JSON.stringify(body)).toEqual(errors);
      }
      const english = await publish(
        { ...valid, strStartTime: at(-3), strEndTime: at(-1) },
        admin,
        'en',
      );
      expect(english.body.objData).toEqual([
        { strField: 'strEndTime', strMessage: 'The end time must be in the future' },
      ]);
      expect(await storedCount()).toBe(before);
    });

    it('takes a notice whose upgrade is already under way (start past, end ahead)', async () => {
      const n = await published(-1, 1);
      expect(n.strStartTime < t.clock.now().toISOString()).toBe(true);
    });

    it('is for platform administrators only', async () => {
      const before = await storedCount();
      for (const token of [hadmin, doctor, expert]) {
        const body = { strPlatformName: 'P', strStartTime: at(1), strEndTime: at(2) };
        expect((await publish(body, token)).status).toBe(403);
        expect((await api.get('upgradeNotice/select', {}, { token })).status).toBe(403);
        const del = await api.post('upgradeNotice/delete', { iNoticeId: MISSING_ID }, { token });
        expect(del.status).toBe(403);
      }
      expect(await storedCount()).toBe(before);
    });

    it('audits the publication with what was announced', async () => {
      const n = await published(2, 4, 'Audit platform');
      const record = await latestAuditRecord(t.database.db, 'userManage/platformSendMessage');
      expect(record).toMatchObject({
        userName: 'admin',
        targetType: 'upgradeNotice',
        targetId: String(n.iNoticeId),
        detail: { strPlatformName: 'Audit platform' },
      });
    });
  });

  describe('listing and deleting', () => {
    it('lists newest published first, a page at a time', async () => {
      const first = await published(1, 2);
      t.clock.advanceMinutes(1);
      const second = await published(1, 2);
      const page1 = await api.get<Page<UpgradeNoticeDto>>(
        'upgradeNotice/select',
        { iPageSize: 1, iCurPage: 1 },
        { token: admin },
      );
      expect(page1.body.objData.listPage.map((n) => n.iNoticeId)).toEqual([second.iNoticeId]);
      const page2 = await api.get<Page<UpgradeNoticeDto>>(
        'upgradeNotice/select',
        { iPageSize: 1, iCurPage: 2 },
        { token: admin },
      );
      expect(page2.body.objData.listPage.map((n) => n.iNoticeId)).toEqual([first.iNoticeId]);
      expect(page1.body.objData.iTotalCount).toBe(await storedCount());
    });

    it('deletes a notice, which leaves the banner; a second delete answers 404', async () => {
      const n = await published(1, 2);
      expect((await current()).map((c) => c.iNoticeId)).toContain(n.iNoticeId);
      const del = () =>
        api.post('upgradeNotice/delete', { iNoticeId: n.iNoticeId }, { token: admin });
      expect((await del()).body).toMatchObject({ iCode: 0, objData: {} });
      expect((await current()).map((c) => c.iNoticeId)).not.toContain(n.iNoticeId);
      expect((await del()).status).toBe(404);
    });
  });

  describe('current notices', () => {
    it('are readable by everyone, before login too, without the publisher', async () => {
      const n = await published(1, 2);
      for (const token of [undefined, admin, hadmin, doctor, expert]) {
        const found = (await current(token)).find((c) => c.iNoticeId === n.iNoticeId);
        expect(found).toEqual({
          iNoticeId: n.iNoticeId,
          strPlatformName: n.strPlatformName,
          strStartTime: n.strStartTime,
          strEndTime: n.strEndTime,
          strContent: '',
          bOngoing: false,
        });
      }
    });

    it('answer upcoming and ongoing notices soonest first, and drop them once over', async () => {
      // Earlier tests' notices are removed so that only these three are current.
      await t.database.db.delete(upgradeNotices);
      const later = await published(5, 6, 'later');
      const ongoing = await published(-1, 2, 'ongoing');
      const soon = await published(1, 3, 'soon');
      const names = async () => (await current()).map((c) => [c.strPlatformName, c.bOngoing]);
      expect(await names()).toEqual([
        ['ongoing', true],
        ['soon', false],
        ['later', false],
      ]);
      t.clock.advanceMinutes(150); // +2.5 h: "ongoing" is over, "soon" has begun
      expect(await names()).toEqual([
        ['soon', true],
        ['later', false],
      ]);
      t.clock.advanceMinutes(300); // +7.5 h: all over
      expect(await current()).toEqual([]);
      // Over is not deleted: the administrators' list keeps them.
      await logInAll();
      const page = await api.get<Page<UpgradeNoticeDto>>(
        'upgradeNotice/select',
        {},
        {
          token: admin,
        },
      );
      expect(page.body.objData.listPage.map((n) => n.iNoticeId).sort()).toEqual(
        [later.iNoticeId, ongoing.iNoticeId, soon.iNoticeId].sort(),
      );
    });
  });
});
