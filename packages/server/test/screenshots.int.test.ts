import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RoleType,
  SCREENSHOTS_PER_REPORT,
  translate,
  type ScreenshotDto,
  type ScreenshotList,
  type ScreenshotSlideList,
} from '@pathconsult/shared';
import { caseScreenshots, hospitals, slideDocuments, users } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import { openSlideTruth } from '../src/slides/testing/ground-truth';
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
  setReportView,
  userHospital,
} from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient, type ApiClient } from './helpers/http';
import { uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);
const REGION = { iX: 10, iY: 20, iWidth: 200, iHeight: 150, iRotation: 90, bFlipped: true };

const picture = (format: 'png' | 'jpeg', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 160 } } })
    .toFormat(format)
    .toBuffer();
const dataUrl = (bytes: Buffer, type = 'png') =>
  `data:image/${type};base64,${bytes.toString('base64')}`;

type User = { id: number; token: string };

describe.each(await testDatabases())('case screenshots on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let hospital: number;
  let owner: User;
  let colleague: User;
  let reportViewer: User;
  let caseId: number;
  let caseSlide: number;
  let unmatchedSlide: number;

  const db = () => t.database.db;
  const BASE = 'webViewer/consulation';
  const take = (
    slide: number,
    image: string,
    token: string,
    lang?: 'en' | 'zh',
    extra: {
      dMagnification?: unknown;
      region?: unknown;
      bDigitalZoom?: unknown;
      adjustments?: unknown;
    } = {},
  ) =>
    api.post<ScreenshotDto>(
      `${BASE}/setPathologyImg`,
      { iSlideDocumentId: slide, strImage: image, region: REGION, ...extra },
      { token, lang },
    );
  const ofCase = (id: number, token: string) =>
    api.post<ScreenshotList>(`${BASE}/getPathologyImgBySlides`, { iPatientId: id }, { token });
  const ofSlides = (ids: number[], token: string) =>
    api.post<ScreenshotSlideList>(
      `${BASE}/getCutImgBySlides`,
      { listSlideDocumentId: ids },
      { token },
    );
  const remove = (id: number, token: string) =>
    api.post(`${BASE}/deletePathologyImg`, { iScreenshotId: id }, { token });
  const image = (dto: Pick<ScreenshotDto, 'strImageUrl'>, token: string) =>
    fetch(`${t.baseUrl}${dto.strImageUrl}`, { headers: { token } });
  /** The hospital's storage in use, as its row counts it. */
  const usedBytes = async () => {
    const [row] = await db()
      .select({ used: hospitals.storageUsedBytes })
      .from(hospitals)
      .where(eq(hospitals.id, hospital));
    return row!.used;
  };
  const storedFiles = () => {
    const folder = path.join(t.dataDir, 'screenshots', String(hospital), String(caseId));
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    hospital = await userHospital(db(), 'demo_doctor');
    owner = await loggedInUser(db(), api, hospital);
    colleague = await loggedInUser(db(), api, hospital);
    reportViewer = await loggedInUser(db(), api, hospital, RoleType.HospitalAdmin);
    await setReportView(db(), reportViewer.id, 1);
    caseId = (await addCase(api, owner.token)).iPatientId;
    caseSlide = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { iPatientId: caseId },
      'boxes.tiff',
      BOXES,
    );
    unmatchedSlide = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { strDiagnosistNum: caseNumber('U') },
      'boxes.tiff',
      BOXES,
    );
    await t.app.slideIngest.idle();
  });
  afterAll(() => t.close());

  it('keeps PNG and JPEG screenshots under generated names beside the case, and serves them', async () => {
    const png = await picture('png');
    const jpeg = await picture('jpeg', 80, 60);
    const first = expectOk(
      await take(caseSlide, dataUrl(png), owner.token, undefined, { dMagnification: 20 }),
    );
    // The content decides the type, not what the data URL claims.
    const second = expectOk(await take(caseSlide, dataUrl(jpeg, 'png'), owner.token));
    expect(first).toMatchObject({
      iPatientId: caseId,
      iSlideDocumentId: caseSlide,
      strSlideName: 'boxes.tiff',
      bMine: true,
      strMimeType: 'image/png',
      iWidth: 64,
      iHeight: 48,
      iBytes: png.length,
      region: REGION,
      dMagnification: 20,
      author: { iUserId: owner.id },
    });
    // Taken by a client that did not say (or of a slide without objective power): no magnification.
    expect(second).toMatchObject({
      strMimeType: 'image/jpeg',
      iWidth: 80,
      iHeight: 60,
      dMagnification: null,
    });
    const files = storedFiles();
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);
    }

    const res = await image(first, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);

    const listed = expectOk(await ofCase(caseId, owner.token));
    expect(listed).toMatchObject({
      iLimit: SCREENSHOTS_PER_REPORT,
      iMineCount: 2,
      bMayWrite: true,
    });
    expect(listed.listScreenshot.map((s) => [s.iScreenshotId, s.dMagnification])).toEqual([
      [first.iScreenshotId, 20],
      [second.iScreenshotId, null],
    ]);
    const bySlide = expectOk(await ofSlides([caseSlide, unmatchedSlide], owner.token));
    expect(bySlide.listScreenshot.map((s) => s.iScreenshotId)).toEqual([
      first.iScreenshotId,
      second.iScreenshotId,
    ]);

    expect(await latestAuditRecord(db(), 'webViewer/consulation/setPathologyImg')).toMatchObject({
      userId: owner.id,
      targetType: 'slideDocument',
      targetId: String(caseSlide),
      outcome: 'success',
      detail: { iScreenshotId: second.iScreenshotId, iPatientId: caseId },
    });
    expect(
      await latestAuditRecord(db(), 'webViewer/consulation/getPathologyImgFile'),
    ).toMatchObject({ userId: owner.id, targetType: 'screenshot', outcome: 'success' });
    expect(
      await latestAuditRecord(db(), 'webViewer/consulation/getPathologyImgBySlides'),
    ).toMatchObject({ targetType: 'patient', targetId: String(caseId) });
    expect((await fetch(`${t.baseUrl}${first.strImageUrl}`)).status).toBe(401);
  });

  it('serves a list a scaled-down JPEG of a screenshot, and the whole picture without iWidth', async () => {
    const png = await picture('png', 1600, 900);
    const shot = expectOk(await take(caseSlide, dataUrl(png), owner.token));
    const scaled = await fetch(`${t.baseUrl}${shot.strImageUrl}&iWidth=200`, {
      headers: { token: owner.token },
    });
    expect(scaled.status).toBe(200);
    expect(scaled.headers.get('content-type')).toBe('image/jpeg');
    const small = Buffer.from(await scaled.arrayBuffer());
    // Taken up to the next width served (256), in proportion, and far smaller than the original.
    expect(await sharp(small).metadata()).toMatchObject({
      format: 'jpeg',
      width: 256,
      height: 144,
    });
    expect(small.length).toBeLessThan(png.length / 4);
    const stats = await sharp(small).stats();
    expect(stats.channels.map((c) => Math.round(c.mean / 10))).toEqual([20, 12, 16]);
    // A picture no wider than asked comes as it is; so does the whole one.
    const wide = await fetch(`${t.baseUrl}${shot.strImageUrl}&iWidth=4000`, {
      headers: { token: owner.token },
    });
    expect(Buffer.from(await wide.arrayBuffer()).equals(png)).toBe(true);
    const whole = await image(shot, owner.token);
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true);
    // A width that is no number is refused; another hospital's user gets 404 as for the whole.
    const bad = await fetch(`${t.baseUrl}${shot.strImageUrl}&iWidth=wide`, {
      headers: { token: owner.token },
    });
    expect(bad.status).toBe(400);
    const stranger = await doctorElsewhere(db(), api);
    const foreign = await fetch(`${t.baseUrl}${shot.strImageUrl}&iWidth=200`, {
      headers: { token: stranger.token },
    });
    expect(foreign.status).toBe(404);
    // What it takes of the hospital's storage is counted, by a calibration too, and given back
    // when it is deleted (also out of the way of the author's limit in the tests after this).
    const kept = await usedBytes();
    const hadmin = await loggedInUser(db(), api, hospital, RoleType.HospitalAdmin);
    const calibrated = expectOk(
      await api.post<{ lUsedBytes: number }>(
        'hospitalManage/calibrateMemory',
        { iHospitalId: hospital },
        { token: hadmin.token },
      ),
    );
    expect(calibrated.lUsedBytes).toBe(kept);
    expectOk(await remove(shot.iScreenshotId, owner.token));
    expect(await usedBytes()).toBe(kept - png.length);
  });

  it('marks a screenshot past the slide’s objective power as digital zoom, from the slide alone', async () => {
    const row = eq(slideDocuments.id, caseSlide);
    await db().update(slideDocuments).set({ objectiveMagnification: '20' }).where(row);
    try {
      const png = dataUrl(await picture('png'));
      const at = (dMagnification: number, bDigitalZoom?: boolean) =>
        take(caseSlide, png, owner.token, undefined, { dMagnification, bDigitalZoom });
      const native = expectOk(await at(20, true));
      // The client's word is not taken: a 20× scan shown at 40× is enlarged pixels.
      const digital = expectOk(await at(40, false));
      expect([native.bDigitalZoom, digital.bDigitalZoom]).toEqual([false, true]);
      const listed = expectOk(await ofCase(caseId, owner.token)).listScreenshot;
      expect(listed.filter((s) => s.bDigitalZoom).map((s) => s.iScreenshotId)).toEqual([
        digital.iScreenshotId,
      ]);
      for (const shot of [native, digital]) {
        expectOk(await remove(shot.iScreenshotId, owner.token));
      }
    } finally {
      await db().update(slideDocuments).set({ objectiveMagnification: null }).where(row);
    }
  });

  it('tells digital zoom of a scan without a recorded power from its pixel size, as the viewer does', async () => {
    const row = eq(slideDocuments.id, caseSlide);
    const [before] = await db()
      .select({ mppX: slideDocuments.mppX, objective: slideDocuments.objectiveMagnification })
      .from(slideDocuments)
      .where(row);
    // A generic TIFF scanned at 20× (0.499 µm per pixel) states no objective power: the viewer
    // steps it as 20×, so its 40× is enlarged pixels.
    await db()
      .update(slideDocuments)
      .set({ objectiveMagnification: null, mppX: '0.499' })
      .where(row);
    try {
      const png = dataUrl(await picture('png'));
      /** The flag a screenshot at this magnification is saved with (removed again: 4 at most). */
      const flagAt = async (dMagnification: number) => {
        const shot = expectOk(
          await take(caseSlide, png, owner.token, undefined, { dMagnification }),
        );
        expectOk(await remove(shot.iScreenshotId, owner.token));
        return shot.bDigitalZoom;
      };
      expect([await flagAt(20), await flagAt(40)]).toEqual([false, true]);
      // Neither power nor pixel size: nothing to tell it by, so no flag.
      await db().update(slideDocuments).set({ mppX: null }).where(row);
      expect(await flagAt(40)).toBe(false);
    } finally {
      await db()
        .update(slideDocuments)
        .set({ objectiveMagnification: before!.objective, mppX: before!.mppX })
        .where(row);
    }
  });

  it('keeps the brightness, contrast and gamma the view was shown with, none for the scan’s colours', async () => {
    const png = dataUrl(await picture('png'));
    const bright = { dBrightness: 1.7, dContrast: 1, dGamma: 1.25 };
    const adjusted = expectOk(
      await take(caseSlide, png, owner.token, undefined, { adjustments: bright }),
    );
    expect(adjusted.adjustments).toEqual(bright);
    // Unchanged values are no adjustment; and none sent is none.
    const neutral = { dBrightness: 1, dContrast: 1, dGamma: 1 };
    const plain = expectOk(
      await take(caseSlide, png, owner.token, undefined, { adjustments: neutral }),
    );
    expect(plain.adjustments).toBeNull();
    // Each removed once read: an author keeps 4 screenshots of a case, earlier tests' included.
    expectOk(await remove(plain.iScreenshotId, owner.token));
    // A mirrored view is kept as such, with the scan's colours; not mirrored is none.
    const unmirrored = expectOk(
      await take(caseSlide, png, owner.token, undefined, {
        adjustments: { ...neutral, bMirrored: false },
      }),
    );
    expect(unmirrored.adjustments).toBeNull();
    expectOk(await remove(unmirrored.iScreenshotId, owner.token));
    const mirrored = expectOk(
      await take(caseSlide, png, owner.token, undefined, {
        adjustments: { ...neutral, bMirrored: true },
      }),
    );
    expect(mirrored.adjustments).toEqual({ ...neutral, bMirrored: true });
    const listed = expectOk(await ofCase(caseId, owner.token)).listScreenshot;
    expect(listed.find((s) => s.iScreenshotId === adjusted.iScreenshotId)?.adjustments).toEqual(
      bright,
    );
    expect(listed.find((s) => s.iScreenshotId === mirrored.iScreenshotId)?.adjustments).toEqual({
      ...neutral,
      bMirrored: true,
    });
    // Outside the viewer's ranges: refused, nothing saved.
    const before = storedFiles();
    for (const [adjustments, field, key] of [
      [{ ...bright, dBrightness: 5 }, 'adjustments.dBrightness', 'validation.invalid'],
      [{ ...bright, dGamma: 0 }, 'adjustments.dGamma', 'validation.invalid'],
      [{ dBrightness: 1.7, dGamma: 1 }, 'adjustments.dContrast', 'validation.invalid'],
      [{ ...bright, bMirrored: 'yes' }, 'adjustments.bMirrored', 'validation.invalid'],
    ] as const) {
      const refused = await take(caseSlide, png, owner.token, 'en', { adjustments });
      expectFieldError(refused, field, key);
    }
    expect(storedFiles()).toEqual(before);
    for (const shot of [adjusted, mirrored]) {
      expectOk(await remove(shot.iScreenshotId, owner.token));
    }
  });

  it('refuses what is not a PNG or JPEG of sane size, saving nothing', async () => {
    const before = storedFiles();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const forgedPng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really an image'),
    ]);
    const truncatedJpeg = (await picture('jpeg')).subarray(0, 20);
    for (const bad of [
      dataUrl(Buffer.from('hello, world')),
      dataUrl(gif, 'gif'),
      dataUrl(forgedPng),
      dataUrl(truncatedJpeg, 'jpeg'),
      'data:image/png;base64,@@@@',
    ]) {
      expectRefused(await take(caseSlide, bad, owner.token), 'SCREENSHOT_INVALID_IMAGE');
    }
    const huge = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    const tooLarge = await take(caseSlide, dataUrl(huge), owner.token, 'en');
    expectRefused(tooLarge, 'SCREENSHOT_TOO_LARGE');
    expect(tooLarge.body.strMessage).toBe(translate('SCREENSHOT_TOO_LARGE', 'en', { max: '5 MB' }));
    const wide = await picture('png', 5000, 10);
    expectRefused(await take(caseSlide, dataUrl(wide), owner.token), 'SCREENSHOT_TOO_LARGE');
    expectRefused(
      await take(unmatchedSlide, dataUrl(await picture('png')), owner.token),
      'SCREENSHOT_NEEDS_CASE',
    );
    for (const dMagnification of [0, -4, 5000, '20×']) {
      const bad = await take(caseSlide, dataUrl(await picture('png')), owner.token, 'en', {
        dMagnification,
      });
      expect(bad.status, String(dMagnification)).toBe(400);
    }
    // A region of no width or height is no view's.
    for (const region of [
      { ...REGION, iWidth: 0 },
      { ...REGION, iHeight: -10 },
    ]) {
      const bad = await take(caseSlide, dataUrl(await picture('png')), owner.token, 'en', {
        region,
      });
      expect(bad.status, JSON.stringify(region)).toBe(400);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses the fifth screenshot of an author with a localized message, until one is deleted', async () => {
    const png = dataUrl(await picture('png'));
    const start = expectOk(await ofCase(caseId, owner.token)).iMineCount;
    for (let n = start; n < SCREENSHOTS_PER_REPORT; n++) {
      expectOk(await take(caseSlide, png, owner.token));
    }
    const en = await take(caseSlide, png, owner.token, 'en');
    expectRefused(en, 'SCREENSHOT_LIMIT');
    expect(en.body.strMessage).toBe(translate('SCREENSHOT_LIMIT', 'en', { max: 4 }));
    const zh = await take(caseSlide, png, owner.token, 'zh');
    expect(zh.body.strMessage).toBe('每份报告最多保存 4 张截图，请先删除不需要的截图');
    expect(storedFiles()).toHaveLength(SCREENSHOTS_PER_REPORT);

    const listed = expectOk(await ofCase(caseId, owner.token));
    const gone = listed.listScreenshot[0]!;
    const removedFile = storedFiles();
    expectOk(await remove(gone.iScreenshotId, owner.token));
    expect(await latestAuditRecord(db(), 'webViewer/consulation/deletePathologyImg')).toMatchObject(
      { userId: owner.id, targetId: String(gone.iScreenshotId), outcome: 'success' },
    );
    expect(storedFiles()).toHaveLength(SCREENSHOTS_PER_REPORT - 1);
    expect(removedFile.length - storedFiles().length).toBe(1);
    expect((await image(gone, owner.token)).status).toBe(404);
    expectNotFound(await remove(gone.iScreenshotId, owner.token));
    expectOk(await take(caseSlide, png, owner.token));
  });

  it('counts the limit per author: another author’s screenshot is theirs to delete', async () => {
    // The expert's side arrives with issue 7; its screenshot is put in place directly here.
    const [expert] = await db().select().from(users).where(eq(users.userName, 'demo_expert'));
    const [own] = expectOk(await ofCase(caseId, owner.token)).listScreenshot;
    const [row] = await db()
      .insert(caseScreenshots)
      .values({
        hospitalId: hospital,
        patientId: caseId,
        authorId: expert!.id,
        slideDocumentId: caseSlide,
        storedName: path.basename(storedFiles()[0]!),
        mimeType: own!.strMimeType,
        bytes: own!.iBytes,
        width: own!.iWidth,
        height: own!.iHeight,
        // Stored before regions had to have a size: it still lists (and ofSlides below too).
        region: { ...REGION, iWidth: 0 },
        createdAt: t.clock.now(),
      })
      .returning();
    expectOk(await ofSlides([caseSlide], owner.token));
    const listed = expectOk(await ofCase(caseId, owner.token));
    expect(listed.iMineCount).toBe(SCREENSHOTS_PER_REPORT);
    expect(listed.listScreenshot).toHaveLength(SCREENSHOTS_PER_REPORT + 1);
    expect(listed.listScreenshot.at(-1)).toMatchObject({
      bMine: false,
      author: { iUserId: expert!.id },
    });
    expectRefused(await remove(row!.id, owner.token), 'SCREENSHOT_NOT_OWNED');
    await db().delete(caseScreenshots).where(eq(caseScreenshots.id, row!.id));
  });

  it('lets report-view administrators look without taking or deleting', async () => {
    const listed = expectOk(await ofCase(caseId, reportViewer.token));
    expect(listed.bMayWrite).toBe(false);
    expect(listed.iMineCount).toBe(0);
    const [first] = listed.listScreenshot;
    expect((await image(first!, reportViewer.token)).status).toBe(200);
    expectForbidden(await take(caseSlide, dataUrl(await picture('png')), reportViewer.token));
    expectForbidden(await remove(first!.iScreenshotId, reportViewer.token));
  });

  it('answers 404 to another hospital and keeps a colleague out of the case', async () => {
    const stranger = await doctorElsewhere(db(), api);
    const [first] = expectOk(await ofCase(caseId, owner.token)).listScreenshot;
    expectNotFound(await ofCase(caseId, stranger.token));
    expectNotFound(await ofSlides([caseSlide], stranger.token));
    expectNotFound(await take(caseSlide, dataUrl(await picture('png')), stranger.token));
    expectNotFound(await remove(first!.iScreenshotId, stranger.token));
    const res = await image(first!, stranger.token);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { strErrorCode: string }).strErrorCode).toBe('NOT_FOUND');
    expectNotFound(await ofCase(caseId + 10_000, owner.token));

    expectRefused(await ofCase(caseId, colleague.token), 'CASE_NOT_OWNED');
    expectNotFound(await take(caseSlide, dataUrl(await picture('png')), colleague.token));
    // The colleague sees the unmatched slide, which has no screenshots of a case they read.
    expect(expectOk(await ofSlides([unmatchedSlide], colleague.token)).listScreenshot).toEqual([]);
    expect(expectOk(await ofCase(caseId, owner.token)).listScreenshot).toHaveLength(
      SCREENSHOTS_PER_REPORT,
    );
  });

  /** Another case of the owner's with one slide, read by the slide engine. */
  async function caseWithReadSlide(name: string) {
    const other = (await addCase(api, owner.token)).iPatientId;
    const slide = await uploadSlide(
      api,
      t.baseUrl,
      owner.token,
      { iPatientId: other },
      name,
      BOXES,
    );
    await t.app.slideIngest.idle();
    return { other, slide };
  }

  it('keeps a screenshot of a deleted slide, which no longer names it', async () => {
    const { other, slide } = await caseWithReadSlide('gone.tiff');
    const shot = expectOk(await take(slide, dataUrl(await picture('png')), owner.token));
    expect(shot.strSlideName).toBe('gone.tiff');
    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: slide }] },
        { token: owner.token },
      ),
    );
    // The slide's row stays (marked deleted): its screenshot says it is gone, not its old name.
    const [listed] = expectOk(await ofCase(other, owner.token)).listScreenshot;
    expect(listed).toMatchObject({ iScreenshotId: shot.iScreenshotId, strSlideName: null });
    expectOk(
      await api.post('patient/deletePatient', { iPatientId: other }, { token: owner.token }),
    );
  });

  it('removes the image files of a deleted case', async () => {
    const { other, slide } = await caseWithReadSlide('boxes.tiff');
    const before = await usedBytes();
    const png = await picture('png');
    expectOk(await take(slide, dataUrl(png), owner.token));
    // Counted in the hospital's storage while kept…
    expect(await usedBytes()).toBe(before + png.length);
    const folder = path.join(t.dataDir, 'screenshots', String(hospital), String(other));
    expect(fs.readdirSync(folder)).toHaveLength(1);
    expectOk(
      await api.post('patient/deletePatient', { iPatientId: other }, { token: owner.token }),
    );
    expect(fs.existsSync(folder)).toBe(false);
    // …and given back with its case.
    expect(await usedBytes()).toBe(before);
    expect(storedFiles()).toHaveLength(SCREENSHOTS_PER_REPORT);
  });
});
