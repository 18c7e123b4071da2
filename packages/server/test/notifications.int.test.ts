import { once } from 'node:events';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RoleType, type NoticePage, type PatientReceiveList } from '@pathconsult/shared';
import { users } from '../src/db/schema';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import { expectFieldError, expectOk } from './helpers/assertions';
import { addCase, loggedInUser, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient, type ApiClient } from './helpers/http';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);

type User = { id: number; token: string };

/*
 * Workflow messages (issue 7): each step writes a message to the people concerned, in the same
 * transaction, and tells their open pages over /ws once committed. The socket carries no data.
 */
describe.each(await testDatabases())('workflow messages on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let doctor: User;
  let expert: User;

  const db = () => t.database.db;
  const notices = (token: string, query: Record<string, string | number> = {}) =>
    api.get<NoticePage>('notice/selectNotices', query, { token });
  const unread = async (token: string) =>
    expectOk(await api.get<{ iUnread: number }>('notice/unreadCount', {}, { token })).iUnread;

  /** A socket of `token`'s user, ready once the server said so; `messages` collects the rest. */
  async function socketOf(token: string, greeting: Record<string, unknown> = {}) {
    const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws`);
    const messages: unknown[] = [];
    await once(ws, 'open');
    const ready = new Promise<void>((resolve) =>
      ws.on('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as { type: string };
        if (m.type === 'ready') {
          resolve();
        } else {
          messages.push(m);
        }
      }),
    );
    ws.send(JSON.stringify({ token, ...greeting }));
    await ready;
    return { ws, messages };
  }

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    doctor = await loggedInUser(db(), api, await userHospital(db(), 'demo_doctor'));
    const center = await userHospital(db(), 'demo_expert');
    expert = await loggedInUser(db(), api, center, RoleType.Expert);
    await db()
      .update(users)
      .set({ signaturePng: 'data:image/png;base64,iVBORw0KGgo=' })
      .where(eq(users.id, expert.id));
  });
  afterAll(() => t.close());

  it('tells the expert of a new case and the doctor of its report, live and in the list', async () => {
    const live = await socketOf(expert.token);
    const before = await unread(expert.token);
    const c = await addCase(api, doctor.token);
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
        { listPatient: [{ iPatientId: c.iPatientId }], listUser: [{ iUserId: expert.id }] },
        { token: doctor.token },
      ),
    ).listPatientReceive[0]!;
    await expect.poll(() => live.messages.length).toBeGreaterThan(0);
    expect(live.messages[0]).toEqual({ type: 'notifications' });
    expect(await unread(expert.token)).toBe(before + 1);
    const page = expectOk(await notices(expert.token, { bUnread: 'true' }));
    expect(page.listPage[0]).toMatchObject({
      strKind: 'submit',
      iPatientId: c.iPatientId,
      strDiagnosistNum: c.strDiagnosistNum,
      actor: { iUserId: doctor.id },
      bRead: false,
    });
    // The doctor is not told of their own step.
    expect(expectOk(await notices(doctor.token)).listPage.map((n) => n.iPatientId)).not.toContain(
      c.iPatientId,
    );

    // Signing tells the doctor.
    expectOk(
      await api.post(
        'diagnosis/confirmDiagnosis',
        { iPatientReceiveId: sent.iPatientReceiveId, strResult: 'Benign' },
        { token: expert.token },
      ),
    );
    const mine = expectOk(await notices(doctor.token)).listPage[0];
    expect(mine).toMatchObject({ strKind: 'complete', actor: { iUserId: expert.id } });

    // Read: one, then all; someone else's ids change nothing.
    expectOk(
      await api.post(
        'notice/markRead',
        { listNoticeId: [page.listPage[0]!.iNoticeId] },
        { token: doctor.token },
      ),
    );
    expect(await unread(expert.token)).toBe(before + 1);
    expectOk(
      await api.post(
        'notice/markRead',
        { listNoticeId: [page.listPage[0]!.iNoticeId] },
        { token: expert.token },
      ),
    );
    expect(await unread(expert.token)).toBe(before);
    expectOk(await api.post('notice/markRead', { bAll: true }, { token: doctor.token }));
    expect(await unread(doctor.token)).toBe(0);
    expectFieldError(
      await api.post('notice/markRead', {}, { token: doctor.token, lang: 'en' }),
      '',
      'validation.required',
    );
    live.ws.close();
  });

  it('closes a socket whose first message is not a valid session', async () => {
    const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws`);
    await once(ws, 'open');
    ws.send(JSON.stringify({ token: 'not-a-session' }));
    const [code] = (await once(ws, 'close')) as [number];
    expect(code).toBe(4401);
    expect(t.app.notificationHub.openFor(expert.id)).toBe(0);
  });

  // Last: the clock jumps past the idle limit of every session.
  it('takes a greeting from a tab left alone as no use of the session', async () => {
    const user = await loggedInUser(db(), api, await userHospital(db(), 'demo_doctor'));
    t.clock.advanceMinutes(20);
    // The socket reconnects (a server restart, say) in a tab nobody touched since the login.
    const live = await socketOf(user.token, { idleSeconds: 20 * 60 });
    live.ws.close();
    t.clock.advanceMinutes(10);
    // 30 minutes after the last use: the session has ended (the greeting renewed it before).
    expect((await api.get('userManage/getUserInfo', {}, { token: user.token })).status).toBe(401);
  });
});
