import fs from 'node:fs';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RoleType,
  SlideUploadState,
  type SlideInfoDto,
  type SlideUploadStateValue,
  type SlideViewState,
} from '@pathconsult/shared';
import { slideViewStates, users } from '../src/db/schema';
import { tokenExpiry } from '../src/modules/tiles/token';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
import { expectNotFound, expectOk, expectRefused } from './helpers/assertions';
import { latestAuditRecord } from './helpers/audit-records';
import {
  addCase,
  caseNumber,
  doctorElsewhere,
  loggedInUser,
  setReportView,
  userHospital,
} from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient, type ApiClient } from './helpers/http';
import { insertSlide } from './helpers/slide-fixtures';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

const { file: CMU_PATH, truth } = openSlideTruth('CMU-1-Small-Region.svs');
const CMU = fs.readFileSync(CMU_PATH);
/** boxes.tiff: 300 × 250, no label or macro. */
const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);
const [WIDTH, HEIGHT] = truth.dimensions;

type User = { id: number; token: string };

describe.each(await testDatabases())('slide viewer open and close on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let owner: User;
  let reportViewer: User;
  let slideId: number;
  let bareSlide: number;

  const db = () => t.database.db;
  const info = (id: number, token: string, lang?: 'zh' | 'en') =>
    api.get<SlideInfoDto>('diagnosis/GetSlideInfo', { iSlideDocumentId: id }, { token, lang });
  const close = (id: number, objView: unknown, token: string) =>
    api.post<{ iSlideDocumentId: number }>(
      'webViewer/slideViewer/closeSlide',
      { iSlideDocumentId: id, objView },
      { token },
    );
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${url}`, { headers });
  const savedRows = (userId: number, id: number) =>
    db()
      .select()
      .from(slideViewStates)
      .where(and(eq(slideViewStates.userId, userId), eq(slideViewStates.slideDocumentId, id)));
  const view = (over: Partial<SlideViewState> = {}): SlideViewState => ({
    dCenterX: 1110.5,
    dCenterY: 1483,
    dImageZoom: 0.25,
    iRotation: 90,
    bFlip: true,
    bWholeSlide: false,
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    const hospital = await userHospital(db(), 'demo_doctor');
    owner = await loggedInUser(db(), api, hospital);
    reportViewer = await loggedInUser(db(), api, hospital, RoleType.HospitalAdmin);
    await setReportView(db(), reportViewer.id, 1);
    const target = { iPatientId: (await addCase(api, owner.token)).iPatientId };
    slideId = await uploadSlide(api, t.baseUrl, owner.token, target, 'CMU-1.svs', CMU);
    bareSlide = await uploadSlide(api, t.baseUrl, owner.token, target, 'boxes.tiff', BOXES);
    await t.app.slideIngest.idle();
  });
  afterAll(() => t.close());

  it('opens a slide with its facts, a working tile token and no view the first time', async () => {
    const got = expectOk(await info(slideId, owner.token));
    expect(got.objSlide).toMatchObject({
      iSlideDocumentId: slideId,
      strFileName: 'CMU-1.svs',
      iWidth: WIDTH,
      iHeight: HEIGHT,
      iLevelCount: truth.level_count,
      listAssociated: ['label', 'macro'],
    });
    // The viewer draws the slide itself: no thumbnail on the way to the first tile (lists have it).
    expect(got.objSlide.strThumbnailBase64).toBeNull();
    const listed = expectOk(
      await api.get<{
        listSlideDocument: { iSlideDocumentId: number; strThumbnailBase64: string | null }[];
      }>(
        'slideDocument/selectSlideDocumentByPatient',
        { iPatientId: got.objSlide.iPatientId ?? 0 },
        { token: owner.token },
      ),
    ).listSlideDocument.find((s) => s.iSlideDocumentId === slideId);
    expect(listed?.strThumbnailBase64).toMatch(/^\/9j\//);
    expect(got.objToken.strToken).toMatch(
      new RegExp(`^${slideId}\\.\\d+\\.\\d+\\.\\d+\\.[\\w-]{43}$`),
    );
    expect(got.objToken.strDziUrl).toBe(`/tiles/${got.objToken.strToken}/slide.dzi`);
    expect(got.objToken.strIiifUrl).toBe(`/iiif/${got.objToken.strToken}`);
    expect(Date.parse(got.objToken.dtExpire) / 1000).toBe(tokenExpiry(t.clock.now()));
    const dzi = await get(got.objToken.strDziUrl);
    expect(dzi.status).toBe(200);
    expect(await dzi.text()).toContain(`<Size Width="${WIDTH}" Height="${HEIGHT}"/>`);
    // The descriptor's geometry comes with the facts, so the viewer asks for tiles at once:
    // CMU-1's stored 240-pixel tiles go out as they are.
    expect(got.objDeepZoom).toEqual({ iTileSize: 240, iWidth: WIDTH, iHeight: HEIGHT });
    expect(got.objLastView).toBeNull();
    expect(await latestAuditRecord(db(), 'diagnosis/GetSlideInfo')).toMatchObject({
      userId: owner.id,
      targetType: 'slideDocument',
      targetId: String(slideId),
      outcome: 'success',
    });
  });

  it('saves where the user leaves a slide, one row per user and slide, overwritten', async () => {
    const first = view();
    expect(expectOk(await close(slideId, first, owner.token))).toEqual({
      iSlideDocumentId: slideId,
    });
    expect(expectOk(await info(slideId, owner.token)).objLastView).toEqual(first);
    expect(await latestAuditRecord(db(), 'webViewer/slideViewer/closeSlide')).toMatchObject({
      userId: owner.id,
      targetType: 'slideDocument',
      targetId: String(slideId),
      outcome: 'success',
    });

    // The slide's far corner is still on it.
    const second = view({
      dCenterX: WIDTH,
      dCenterY: HEIGHT,
      dImageZoom: 40,
      iRotation: 0,
      bFlip: false,
    });
    expectOk(await close(slideId, second, owner.token));
    expect(expectOk(await info(slideId, owner.token)).objLastView).toEqual(second);
    expect(await savedRows(owner.id, slideId)).toHaveLength(1);

    // Left at Home: said so, so that it opens fitted to the next window, whatever its size.
    const whole = view({ bWholeSlide: true });
    expectOk(await close(slideId, whole, owner.token));
    expect(expectOk(await info(slideId, owner.token)).objLastView).toEqual(whole);
    // A client that does not say (an older page still open) leaves a plain view.
    const { bWholeSlide: _unsaid, ...unsaid } = second;
    expectOk(await close(slideId, unsaid, owner.token));
    expect(expectOk(await info(slideId, owner.token)).objLastView).toEqual(second);

    // Another reader of the case keeps a view of their own.
    expect(expectOk(await info(slideId, reportViewer.token)).objLastView).toBeNull();
    const theirs = view({ dCenterX: 10, dCenterY: 20, iRotation: 270 });
    expectOk(await close(slideId, theirs, reportViewer.token));
    expect(expectOk(await info(slideId, reportViewer.token)).objLastView).toEqual(theirs);
    expect(expectOk(await info(slideId, owner.token)).objLastView).toEqual(second);
    // A view of one slide is not another slide's.
    expect(expectOk(await info(bareSlide, owner.token)).objLastView).toBeNull();
  });

  it('refuses a centre off the slide and saves nothing', async () => {
    const before = expectOk(await info(slideId, owner.token)).objLastView;
    expectRefused(
      await close(slideId, view({ dCenterX: WIDTH + 1 }), owner.token),
      'VIEW_OUTSIDE_SLIDE',
    );
    expectRefused(
      await close(slideId, view({ dCenterY: HEIGHT + 0.5 }), owner.token),
      'VIEW_OUTSIDE_SLIDE',
    );
    expect(expectOk(await info(slideId, owner.token)).objLastView).toEqual(before);
    // boxes.tiff is 300 × 250: a centre fine on CMU-1 is off it.
    expectRefused(await close(bareSlide, view(), owner.token), 'VIEW_OUTSIDE_SLIDE');
    expect(await savedRows(owner.id, bareSlide)).toHaveLength(0);
  });

  it('refuses a view of the wrong shape (400)', async () => {
    for (const bad of [
      view({ iRotation: 45 as SlideViewState['iRotation'] }),
      view({ dCenterX: -1 }),
      view({ dImageZoom: 0 }),
      view({ dImageZoom: 65 }),
      { ...view(), bFlip: 'yes' },
      { dCenterX: 1, dCenterY: 1 },
    ]) {
      const a = await close(slideId, bad, owner.token);
      expect(a.status, JSON.stringify(bad)).toBe(400);
      expect(a.body.strErrorCode).toBe('VALIDATION_FAILED');
    }
    expect(
      (await api.post('webViewer/slideViewer/closeSlide', {}, { token: owner.token })).status,
    ).toBe(400);
  });

  it('answers 404 to another hospital’s user; a slide not viewable yet says why', async () => {
    const stranger = await doctorElsewhere(db(), api);
    expectNotFound(await info(slideId, stranger.token));
    expectNotFound(await close(slideId, view(), stranger.token));
    expect(await savedRows(stranger.id, slideId)).toHaveLength(0);
    expectNotFound(await info(slideId + 10_000, owner.token));
    expectNotFound(await close(slideId + 10_000, view(), owner.token));

    const hospitalId = await userHospital(db(), 'demo_doctor');
    const slideIn = (state: SlideUploadStateValue) =>
      insertSlide(db(), t.dataDir, {
        hospitalId,
        uploadUserId: owner.id,
        diagnosisNum: caseNumber('V'),
        state,
      });
    // Finished, not read yet: wait; still uploading: finish the upload; failed (upload or slide
    // engine): the slide list says why.
    const unread = await slideIn(SlideUploadState.Uploaded);
    expectRefused(await info(unread.id, owner.token), 'SLIDE_NOT_READY');
    expectRefused(await close(unread.id, view(), owner.token), 'SLIDE_NOT_READY');
    const uploading = await slideIn(SlideUploadState.Uploading);
    const unfinished = await info(uploading.id, owner.token);
    expectRefused(unfinished, 'SLIDE_UPLOAD_UNFINISHED');
    // Its uploader is told to go on with it (anyone else, to wait for them).
    expect((unfinished.body as { objErrorParams?: unknown }).objErrorParams).toEqual({
      mine: 1,
      name: uploading.displayName,
    });
    // A colleague sees the slide (it waits for its case), but only its uploader can finish it.
    const colleague = await loggedInUser(db(), api, hospitalId, RoleType.Doctor);
    const others = await info(uploading.id, colleague.token);
    expectRefused(others, 'SLIDE_UPLOAD_UNFINISHED');
    expect((others.body as { objErrorParams?: unknown }).objErrorParams).toEqual({
      mine: 0,
      name: uploading.displayName,
    });
    expect((await info(uploading.id, owner.token, 'en')).body.strMessage).toBe(
      'The slide has not finished uploading: it cannot be viewed yet',
    );
    const failed = await slideIn(SlideUploadState.Failed);
    const failedInfo = await info(failed.id, owner.token);
    expectRefused(failedInfo, 'SLIDE_READ_FAILED');
    // Named, so that a pane beside others says which slide it is.
    expect((failedInfo.body as { objErrorParams?: unknown }).objErrorParams).toEqual({
      name: failed.displayName,
    });
    expect((await info(failed.id, owner.token, 'zh')).body.strMessage).toBe(
      '切片上传失败或无法读取，不能浏览',
    );
  });

  it('lets an account with saved views be deleted, and its views go with it', async () => {
    const reader = await loggedInUser(
      db(),
      api,
      await userHospital(db(), 'demo_doctor'),
      RoleType.HospitalAdmin,
    );
    await setReportView(db(), reader.id, 1);
    expectOk(await close(slideId, view(), reader.token));
    expect(await savedRows(reader.id, slideId)).toHaveLength(1);
    await db().delete(users).where(eq(users.id, reader.id));
    expect(await savedRows(reader.id, slideId)).toHaveLength(0);
    expect(await savedRows(owner.id, slideId)).toHaveLength(1);
  });

  it('serves the label and macro over the tile token, and nothing else', async () => {
    const token = expectOk(await info(slideId, owner.token)).objToken.strToken;
    const sizes = truth.associated_images;
    for (const name of ['label', 'macro']) {
      const res = await get(`/tiles/${token}/associated/${name}.jpg`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('private, max-age=7200');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual(sizes[name]);
      const again = await get(`/tiles/${token}/associated/${name}.jpg`, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe('private, max-age=7200');
    }
    for (const name of ['thumbnail.jpg', 'label', 'label.png', 'slide.dzi', '..%2Fslide.svs']) {
      expect((await get(`/tiles/${token}/associated/${name}`)).status, name).toBe(404);
    }
    // A slide without a label answers 404 for it.
    const bare = expectOk(await info(bareSlide, owner.token)).objToken.strToken;
    expect((await get(`/tiles/${bare}/associated/label.jpg`)).status).toBe(404);

    const [id, hospital, expiry, sig] = token.split('.') as [string, string, string, string];
    const flipped = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    for (const bad of [
      `${id}.${hospital}.${expiry}.${flipped}`,
      `${bareSlide}.${hospital}.${expiry}.${sig}`,
      `${id}.${Number(hospital) + 1}.${expiry}.${sig}`,
      'garbage',
    ]) {
      expect((await get(`/tiles/${bad}/associated/label.jpg`)).status, bad).toBe(403);
    }
    // Access ends with the token.
    t.clock.advanceMinutes(121);
    expect((await get(`/tiles/${token}/associated/label.jpg`)).status).toBe(403);
  });
});
