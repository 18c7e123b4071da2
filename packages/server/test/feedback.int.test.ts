import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_IMAGE_MAX_BYTES, RoleType, type FeedbackDto } from '@pathconsult/shared';
import { feedback, userPrivileges, users } from '../src/db/schema';
import { testDatabases } from './helpers/databases';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { latestAuditRecord } from './helpers/audit-records';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { expectForbidden, expectOk } from './helpers/assertions';
import { demoCallers, logInDemoAccounts, NOT_LOGGED_IN } from './helpers/demo-accounts';
import {
  reachesOwnOrAny,
  tenancyMatrixFailures,
  type HospitalKind,
  type MatrixRoute,
} from './helpers/tenancy-matrix';
import { MISSING_ID, unique, type Page } from './helpers/test-values';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const GIF_HEAD = [...Buffer.from('GIF89a')];

/** Bytes that start like the given format, `size` long in all. */
function imageBytes(head: number[], size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(head).copy(bytes);
  return bytes;
}
const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

describe.each(await testDatabases())('feedback on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let { admin, hadmin, doctor, expert } = NOT_LOGGED_IN;
  let hadminId: number;
  let applicantId: number;
  let centerId: number;

  /** A new account of its own (so lists can be filtered to one test's rows) and its token. */
  async function newSender(role: 2 | 3 | 4, hospitalId: number) {
    const userName = unique('fb');
    const user = await createUser(t.database.db, { userName, roleType: role, hospitalId });
    return { user, userName, token: await api.login(userName, TEST_PASSWORD) };
  }
  const send = (token: string, body: object, lang?: 'en') =>
    api.post<FeedbackDto>('feedback/AddFeedback', body, { token, lang });
  const sent = async (token: string, strContent = unique('反馈')) =>
    expectOk(await send(token, { strContent }));
  const list = (query: Record<string, string | number>, token = admin) =>
    api.get<Page<FeedbackDto>>('feedback/select', query, { token });
  const storedCount = async () => (await t.database.db.select().from(feedback)).length;
  const grantFeedbackMenu = (userId: number) =>
    t.database.db
      .insert(userPrivileges)
      .values({ userId, code: 'menu.userFeedback', scope: 1 })
      .onConflictDoNothing();

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    ({ admin, hadmin, doctor, expert } = await logInDemoAccounts(api));
    const demo = await t.database.db.select().from(users);
    const byName = (name: string) => {
      const u = demo.find((x) => x.userName === name);
      if (!u?.hospitalId) {
        throw new Error(`${name} missing`);
      }
      return u;
    };
    hadminId = byName('demo_hadmin').id;
    applicantId = byName('demo_hadmin').hospitalId ?? 0;
    centerId = byName('demo_expert').hospitalId ?? 0;
    // Default privileges of hospital administrators are another part's work: grant what we need.
    await grantFeedbackMenu(hadminId);
  });
  afterAll(() => t.close());

  describe('sending feedback', () => {
    it('stores content, contact and a PNG image with the sender and the hospital', async () => {
      const png = imageBytes(PNG_HEAD, 2048);
      const a = await send(doctor, {
        strContent: '  切片加载很慢  ',
        strContact: ' 13800000000 ',
        strImage: dataUrl(png),
      });
      expect(a.status).toBe(200);
      expect(a.body.iCode).toBe(0);
      expect(a.body.objData).toMatchObject({
        strContent: '切片加载很慢',
        strContact: '13800000000',
        strUserName: 'demo_doctor',
        strRealName: '李医生',
        iHospitalId: applicantId,
        bHasImage: true,
        bHandled: false,
        dtHandledTime: null,
        strHandledBy: null,
        dtCreateTime: t.clock.now().toISOString(),
      });
      expect(a.body.objData).not.toHaveProperty('strImage');
      const image = await api.get<{ strImage: string }>(
        'feedback/getImage',
        { iFeedbackId: a.body.objData.iFeedbackId },
        { token: admin },
      );
      expect(image.body.objData.strImage).toBe(dataUrl(png));
    });

    it('takes feedback without contact or image', async () => {
      const a = await send(expert, { strContent: '建议增加快捷键' });
      expect(a.body.objData).toMatchObject({ strContact: '', bHasImage: false });
      const image = await api.get(
        'feedback/getImage',
        { iFeedbackId: a.body.objData.iFeedbackId },
        { token: admin },
      );
      expect(image.status).toBe(404);
    });

    it('judges the image by its bytes: a JPEG or a mislabelled PNG is kept as what it is', async () => {
      const jpeg = imageBytes(JPEG_HEAD, 1000);
      const png = imageBytes(PNG_HEAD, 1000);
      const cases: [string, string][] = [
        [dataUrl(jpeg, 'image/jpeg'), dataUrl(jpeg, 'image/jpeg')],
        [dataUrl(png, 'image/gif'), dataUrl(png, 'image/png')],
        [dataUrl(jpeg, 'application/octet-stream'), dataUrl(jpeg, 'image/jpeg')],
      ];
      for (const [sentImage, stored] of cases) {
        const a = await send(doctor, { strContent: 'x', strImage: sentImage });
        expect(a.body.iCode).toBe(0);
        const image = await api.get<{ strImage: string }>(
          'feedback/getImage',
          { iFeedbackId: a.body.objData.iFeedbackId },
          { token: admin },
        );
        expect(image.body.objData.strImage).toBe(stored);
      }
    });

    it('accepts an image of exactly 100 K (102,400 bytes) and refuses one byte more', async () => {
      const fits = await send(doctor, {
        strContent: 'x',
        strImage: dataUrl(imageBytes(PNG_HEAD, FEEDBACK_IMAGE_MAX_BYTES)),
      });
      expect(fits.body.iCode).toBe(0);
      const before = await storedCount();
      const tooLarge = await send(
        doctor,
        { strContent: 'x', strImage: dataUrl(imageBytes(PNG_HEAD, FEEDBACK_IMAGE_MAX_BYTES + 1)) },
        'en',
      );
      expect(tooLarge.status).toBe(200);
      expect(tooLarge.body).toMatchObject({
        iCode: 1000,
        strErrorCode: 'FEEDBACK_IMAGE_TOO_LARGE',
        strMessage: 'The feedback image must not exceed 100K',
      });
      expect(await storedCount()).toBe(before);
    });

    it('refuses images that are not PNG or JPEG, whatever they claim, and stores nothing', async () => {
      const before = await storedCount();
      const refused = [
        dataUrl(imageBytes(GIF_HEAD, 500), 'image/png'),
        dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'),
        'not a data url',
        'data:image/png;base64,',
        'data:image/png,iVBORw0KGgo=',
        'data:image/png;base64,iVBORw0KGgo*AAAA',
      ];
      for (const strImage of refused) {
        const a = await send(doctor, { strContent: 'x', strImage });
        expect(a.body, strImage.slice(0, 40)).toMatchObject({
          iCode: 1000,
          strErrorCode: 'FEEDBACK_IMAGE_FORMAT',
          strMessage: '反馈图片格式错误，仅支持 PNG 或 JPEG',
        });
      }
      expect(await storedCount()).toBe(before);
    });

    it('refuses empty or too long content and too long contact, with localized field errors', async () => {
      const before = await storedCount();
      const empty = await send(doctor, { strContent: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.objData).toEqual([
        { strField: 'strContent', strMessage: '反馈内容不能为空' },
      ]);
      const missing = await send(doctor, {}, 'en');
      expect(missing.body.objData).toEqual([
        { strField: 'strContent', strMessage: 'Feedback cannot be empty' },
      ]);
      const long = await send(doctor, {
        strContent: 'x'.repeat(2001),
        strContact: 'y'.repeat(101),
      });
      expect(long.status).toBe(400);
      expect(long.body.objData).toEqual([
        { strField: 'strContent', strMessage: '长度不能超过 2000 个字符' },
        { strField: 'strContact', strMessage: '长度不能超过 100 个字符' },
      ]);
      expect((await send(doctor, { strContent: 'x'.repeat(2000) })).body.iCode).toBe(0);
      expect(await storedCount()).toBe(before + 1);
    });

    it('needs a session', async () => {
      const a = await api.post('feedback/AddFeedback', { strContent: 'x' });
      expect(a.status).toBe(401);
    });

    it('audits the sending without the image bytes', async () => {
      const png = imageBytes(PNG_HEAD, 3000);
      const a = await send(doctor, { strContent: 'audit me', strImage: dataUrl(png) });
      const record = await latestAuditRecord(t.database.db, 'feedback/AddFeedback');
      expect(record).toMatchObject({
        userName: 'demo_doctor',
        targetType: 'feedback',
        targetId: String(a.body.objData.iFeedbackId),
        outcome: 'success',
        detail: { bHasImage: true, iImageBytes: 3000 },
      });
      expect(JSON.stringify(record)).not.toContain(png.toString('base64').slice(0, 40));
    });
  });

  describe('reading feedback', () => {
    it('lists newest first, a page at a time, without images', async () => {
      const s = await newSender(3, applicantId);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        const a = await send(s.token, {
          strContent: `第 ${i} 条`,
          strImage: dataUrl(imageBytes(PNG_HEAD, 100)),
        });
        ids.push(a.body.objData.iFeedbackId);
        t.clock.advanceMinutes(1);
      }
      const first = await list({ strUserName: s.userName, iPageSize: 2, iCurPage: 1 });
      expect(first.body.objData.iTotalCount).toBe(3);
      expect(first.body.objData.listPage.map((f) => f.iFeedbackId)).toEqual([ids[2], ids[1]]);
      const second = await list({ strUserName: s.userName, iPageSize: 2, iCurPage: 2 });
      expect(second.body.objData.listPage.map((f) => f.iFeedbackId)).toEqual([ids[0]]);
      for (const row of first.body.objData.listPage) {
        expect(row.bHasImage).toBe(true);
        expect(JSON.stringify(row)).not.toContain('base64');
      }
    });

    it('filters by part of the user name in any case, by handled state and by time', async () => {
      const s = await newSender(3, applicantId);
      const early = await sent(s.token);
      t.clock.advanceMinutes(2);
      const middle = await sent(s.token);
      t.clock.advanceMinutes(2);
      const late = await sent(s.token);
      t.clock.advanceMinutes(1);
      await api.post(
        'feedback/update',
        { iFeedbackId: late.iFeedbackId, bHandled: true },
        {
          token: admin,
        },
      );
      const ids = async (query: Record<string, string | number>) =>
        (await list({ strUserName: s.userName.toUpperCase(), ...query })).body.objData.listPage.map(
          (f) => f.iFeedbackId,
        );
      expect(await ids({})).toEqual([late.iFeedbackId, middle.iFeedbackId, early.iFeedbackId]);
      expect(await ids({ strHandled: 'handled' })).toEqual([late.iFeedbackId]);
      expect(await ids({ strHandled: 'unhandled' })).toEqual([
        middle.iFeedbackId,
        early.iFeedbackId,
      ]);
      const minuteAfter = (iso: string) => new Date(Date.parse(iso) + 60_000).toISOString();
      expect(
        await ids({
          dtStart: minuteAfter(early.dtCreateTime),
          dtEnd: minuteAfter(middle.dtCreateTime),
        }),
      ).toEqual([middle.iFeedbackId]);
      expect(await ids({ dtEnd: '2025-12-31' })).toEqual([]);
      expect(await ids({ dtStart: early.dtCreateTime.slice(0, 10) })).toHaveLength(3);
      // Wildcards are text, not patterns.
      expect((await list({ strUserName: '%' })).body.objData.iTotalCount).toBe(0);
    });

    it('refuses a reversed date range or an unknown state (400)', async () => {
      const reversed = await list({ dtStart: '2026-02-01', dtEnd: '2026-01-01' });
      expect(reversed.status).toBe(400);
      expect(reversed.body.objData).toEqual([
        { strField: 'dtEnd', strMessage: '开始日期不能晚于结束日期' },
      ]);
      expect((await list({ strHandled: 'maybe' })).status).toBe(400);
    });

    it('shows hospital administrators the feedback of their own hospital’s users only', async () => {
      const own = await newSender(3, applicantId);
      const other = await newSender(4, centerId);
      const ownFeedback = await sent(own.token);
      const otherFeedback = await sent(other.token);
      const platformFeedback = await sent(admin);
      expect(platformFeedback.iHospitalId).toBeNull();
      const seen = async (token: string) =>
        new Set(
          (await list({ iPageSize: 100 }, token)).body.objData.listPage.map((f) => f.iFeedbackId),
        );
      const byHospitalAdmin = await seen(hadmin);
      expect(byHospitalAdmin.has(ownFeedback.iFeedbackId)).toBe(true);
      expect(byHospitalAdmin.has(otherFeedback.iFeedbackId)).toBe(false);
      expect(byHospitalAdmin.has(platformFeedback.iFeedbackId)).toBe(false);
      const byPlatform = await seen(admin);
      for (const f of [ownFeedback, otherFeedback, platformFeedback]) {
        expect(byPlatform.has(f.iFeedbackId)).toBe(true);
      }
      const all = (await list({ iPageSize: 100 }, hadmin)).body.objData.listPage;
      expect(all.every((f) => f.iHospitalId === applicantId)).toBe(true);
    });
  });

  describe('handling and deleting', () => {
    it('marks handled with who and when, and back to unhandled', async () => {
      const f = await sent(doctor);
      t.clock.advanceMinutes(1);
      const handled = await api.post<FeedbackDto>(
        'feedback/update',
        { iFeedbackId: f.iFeedbackId, bHandled: true },
        { token: hadmin },
      );
      expect(handled.body.objData).toMatchObject({
        iFeedbackId: f.iFeedbackId,
        bHandled: true,
        strHandledBy: 'demo_hadmin',
        dtHandledTime: t.clock.now().toISOString(),
        strContent: f.strContent,
      });
      const again = await api.post<FeedbackDto>(
        'feedback/update',
        { iFeedbackId: f.iFeedbackId, bHandled: false },
        { token: admin },
      );
      expect(again.body.objData).toMatchObject({
        bHandled: false,
        strHandledBy: null,
        dtHandledTime: null,
      });
      const bad = await api.post(
        'feedback/update',
        { iFeedbackId: f.iFeedbackId },
        { token: admin },
      );
      expect(bad.status).toBe(400);
    });

    it('deletes, then answers 404', async () => {
      const f = await sent(doctor);
      const del = () =>
        api.post('feedback/delete', { iFeedbackId: f.iFeedbackId }, { token: hadmin });
      expect((await del()).body).toMatchObject({ iCode: 0, objData: {} });
      expect((await del()).status).toBe(404);
      const [row] = await t.database.db
        .select()
        .from(feedback)
        .where(eq(feedback.id, f.iFeedbackId));
      expect(row).toBeUndefined();
    });
  });

  describe('the user feedback menu privilege', () => {
    it('refuses hospital administrators without it (403), and opens with it', async () => {
      const s = await newSender(2, applicantId);
      // New hospital administrators may start with it (defaults): take it away first.
      const revoke = () =>
        t.database.db
          .delete(userPrivileges)
          .where(
            and(eq(userPrivileges.userId, s.user.id), eq(userPrivileges.code, 'menu.userFeedback')),
          );
      await revoke();
      const f = await sent(doctor);
      const calls = [
        () => list({}, s.token),
        () => api.get('feedback/getImage', { iFeedbackId: f.iFeedbackId }, { token: s.token }),
        () =>
          api.post(
            'feedback/update',
            { iFeedbackId: f.iFeedbackId, bHandled: true },
            { token: s.token },
          ),
        () => api.post('feedback/delete', { iFeedbackId: MISSING_ID }, { token: s.token }),
      ];
      for (const call of calls) {
        expectForbidden(await call());
      }
      // Sending is for everyone, privilege or not.
      expect((await sent(s.token)).strUserName).toBe(s.userName);
      try {
        await grantFeedbackMenu(s.user.id);
        expect((await list({}, s.token)).status).toBe(200);
      } finally {
        await revoke();
      }
      expect((await list({}, s.token)).status).toBe(403);
    });
  });

  describe('cross-tenant matrix', () => {
    const ADMINS = [RoleType.PlatformAdmin, RoleType.HospitalAdmin] as number[];

    it('answers 403 to a wrong role, 404 for another hospital’s or a missing id, else 200', async () => {
      const png = dataUrl(imageBytes(PNG_HEAD, 64));
      const withImage = async (token: string) =>
        (await send(token, { strContent: 'matrix', strImage: png })).body.objData;
      const targets: Record<HospitalKind, FeedbackDto> = {
        // The hospital administrator's own hospital (the demo doctor's) and another (the center).
        own: await withImage(doctor),
        other: await withImage(expert),
        missing: { iFeedbackId: MISSING_ID } as FeedbackDto,
      };
      const routes: MatrixRoute<FeedbackDto>[] = [
        {
          name: 'select',
          roles: ADMINS,
          listed: (a, target) =>
            (a.body.objData as Page<FeedbackDto>).listPage.some(
              (f) => f.iFeedbackId === target.iFeedbackId,
            ),
          call: (token) => list({ iPageSize: 100, strUserName: 'demo_' }, token),
        },
        {
          name: 'getImage',
          roles: ADMINS,
          call: (token, f) =>
            api.get('feedback/getImage', { iFeedbackId: f.iFeedbackId }, { token }),
        },
        {
          name: 'update',
          roles: ADMINS,
          call: (token, f) =>
            api.post('feedback/update', { iFeedbackId: f.iFeedbackId, bHandled: true }, { token }),
        },
        {
          name: 'delete',
          roles: ADMINS,
          // An allowed delete really deletes: a disposable feedback of the same hospital stands in.
          call: async (token, f, { role, kind }) => {
            const id =
              ADMINS.includes(role) && reachesOwnOrAny(role, kind)
                ? (await withImage(kind === 'own' ? doctor : expert)).iFeedbackId
                : f.iFeedbackId;
            return api.post('feedback/delete', { iFeedbackId: id }, { token });
          },
        },
      ];
      const failures = await tenancyMatrixFailures({
        routes,
        callers: demoCallers({ admin, hadmin, doctor, expert }),
        target: (kind) => targets[kind],
      });
      expect(failures).toEqual([]);
      // The other hospital's feedback was neither deleted nor handled by the hospital administrator.
      const [other] = await t.database.db
        .select()
        .from(feedback)
        .where(eq(feedback.id, targets.other.iFeedbackId));
      expect(other).toBeDefined();
      expect(other?.handledBy).not.toBe(hadminId);
    });
  });
});
