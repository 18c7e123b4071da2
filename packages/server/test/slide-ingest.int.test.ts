import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  SlideUploadState,
  type SlideDocumentDto,
  type SlideDocumentList,
  type UploadRecordsDto,
} from '@pathconsult/shared';
import { hospitals, slideDocuments } from '../src/db/schema';
import { isOpenSlideAvailable } from '../src/slides/openslide';
import { nativeFrames, wsiElements, writeDicom } from '../src/slides/dicom/testing/write-dicom';
import { buildTiff, long8, rgbTileTags } from '../src/slides/tiff/testing/build-tiff';
import { documentDir } from '../src/storage/slide-paths';
import { TEST_SLIDES_DIR } from '../src/slides/testing/test-slides-dir';
import { expectOk, expectRefused } from './helpers/assertions';
import { addCase, loggedInUser, userHospital } from './helpers/case-fixtures';
import { testDatabases } from './helpers/databases';
import { apiClient, type ApiClient } from './helpers/http';
import { sendChunk, uploadSlide } from './helpers/slide-upload';
import { startTestApp, type TestApp } from './helpers/test-app';

const SLIDES = TEST_SLIDES_DIR;
const read = (name: string) => fs.readFileSync(path.join(SLIDES, name));
const CMU = read('CMU-1-Small-Region.svs');
const BOXES = read('boxes.tiff');
const DICOM = read('small_dicom.dcm');

interface Truth {
  files: Array<{ name: string }>;
  openslide?: {
    vendor: string;
    level_count: number;
    dimensions: [number, number];
    mpp_x: number | null;
    mpp_y: number | null;
    objective_power: number | null;
    associated_images: Record<string, [number, number]>;
    pixel_probes: { lowest_level_mean_rgb: [number, number, number] };
  };
  dicom?: {
    instances: Array<{
      total_pixel_matrix: [number, number];
      mpp_x: number | null;
      mpp_y: number | null;
      objective_power: number | null;
    }>;
  };
}
const truths = (
  JSON.parse(fs.readFileSync(path.join(SLIDES, 'groundtruth.json'), 'utf8')) as {
    slides: Truth[];
  }
).slides;
const truthOf = (file: string) => truths.find((s) => s.files.some((f) => f.name === file))!;

/** What the slide list should say about an OpenSlide-readable test slide (groundtruth.json). */
function expectedFromOpenSlide(file: string) {
  const o = truthOf(file).openslide!;
  return {
    iWidth: o.dimensions[0],
    iHeight: o.dimensions[1],
    iLevelCount: o.level_count,
    dMppX: o.mpp_x,
    dMppY: o.mpp_y,
    dObjectiveMagnification: o.objective_power,
    strVendor: o.vendor,
    listAssociated: ['label', 'macro'].filter((n) => n in o.associated_images),
  };
}

/** A file that starts like a TIFF (so the upload's content check takes it) and is not one. */
function tiffHeadedGarbage(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = x & 0xff;
  }
  bytes.write('II*\0', 0, 'latin1');
  return bytes;
}

/** A BigTIFF declaring a 10,000,000-pixel-square tiled image: refused before anything is read. */
function absurdBigTiff(): Buffer {
  return buildTiff({
    bigTiff: true,
    ifds: () => [
      {
        tags: rgbTileTags(long8(10_000_000), long8(10_000_000), 256, long8(16), long8(16)),
      },
    ],
  });
}

async function decodedJpeg(base64: string | null | undefined) {
  expect(base64).toBeTruthy();
  expect(base64).not.toMatch(/^data:/);
  const { data, info } = await sharp(Buffer.from(base64 ?? '', 'base64'))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const metadata = await sharp(Buffer.from(base64 ?? '', 'base64')).metadata();
  expect(metadata.format).toBe('jpeg');
  const mean = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    for (let c = 0; c < 3; c++) {
      mean[c]! += data[i + c]!;
    }
  }
  const pixels = info.width * info.height;
  return { width: info.width, height: info.height, mean: mean.map((v) => v / pixels) };
}

describe.each(await testDatabases())('slide ingest on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let hospitalA: number;
  let doctor: { id: number; token: string };
  let caseId: number;

  const db = () => t.database.db;
  const rowOf = async (id: number) =>
    (await db().select().from(slideDocuments).where(eq(slideDocuments.id, id)))[0]!;
  const used = async () =>
    (await db().select().from(hospitals).where(eq(hospitals.id, hospitalA)))[0]!.storageUsedBytes;
  const folderOf = async (id: number) => {
    const row = await rowOf(id);
    return documentDir(t.dataDir, row.hospitalId, row.storageKey);
  };
  const toCase = (name: string, bytes: Uint8Array) =>
    uploadSlide(api, t.baseUrl, doctor.token, { iPatientId: caseId }, name, bytes);
  const unmatched = (name: string, bytes: Uint8Array) =>
    uploadSlide(api, t.baseUrl, doctor.token, { strDiagnosistNum: 'INGEST-1' }, name, bytes);
  const caseSlides = async (lang: 'zh' | 'en' = 'en') =>
    expectOk(
      await api.get<SlideDocumentList>(
        'slideDocument/selectSlideDocumentByPatient',
        { iPatientId: caseId },
        { token: doctor.token, lang },
      ),
    ).listSlideDocument;
  const listed = async (id: number, lang: 'zh' | 'en' = 'en'): Promise<SlideDocumentDto> => {
    const { listPage } = expectOk(
      await api.get<{ listPage: SlideDocumentDto[] }>(
        'slideDocument/selectSlideDocumentByType',
        { iCurPage: 1, iPageSize: 100 },
        { token: doctor.token, lang },
      ),
    );
    return listPage.find((s) => s.iSlideDocumentId === id)!;
  };

  beforeAll(async () => {
    t = await startTestApp(testDb);
    api = apiClient(t.baseUrl);
    hospitalA = await userHospital(db(), 'demo_doctor');
    doctor = await loggedInUser(db(), api, hospitalA);
    caseId = (await addCase(api, doctor.token)).iPatientId;
  });
  afterAll(() => t.close());

  it('reads SVS, TIFF and DICOM after upload: facts, thumbnail, label and macro', async () => {
    const cmu = await toCase('CMU-1-Small-Region.svs', CMU);
    const boxes = await toCase('boxes.tiff', BOXES);
    const dicom = await toCase('small_dicom.dcm', DICOM);
    await t.app.slideIngest.idle();

    const slides = new Map((await caseSlides()).map((s) => [s.iSlideDocumentId, s]));
    const done = { ddUploadState: { iNumber: SlideUploadState.Uploaded }, strFailReason: null };
    expect(slides.get(cmu)).toMatchObject({
      ...done,
      ...expectedFromOpenSlide('CMU-1-Small-Region.svs'),
    });
    expect(slides.get(cmu)).toMatchObject({
      iWidth: 2220,
      iHeight: 2967,
      dMppX: 0.499,
      dObjectiveMagnification: 20,
      listAssociated: ['label', 'macro'],
    });
    expect(slides.get(boxes)).toMatchObject({ ...done, ...expectedFromOpenSlide('boxes.tiff') });
    const dicomTruth = truthOf('small_dicom.dcm').dicom!.instances[0]!;
    expect(slides.get(dicom)).toMatchObject({
      ...done,
      iWidth: dicomTruth.total_pixel_matrix[0],
      iHeight: dicomTruth.total_pixel_matrix[1],
      iLevelCount: 1,
      dMppX: dicomTruth.mpp_x,
      dMppY: dicomTruth.mpp_y,
      dObjectiveMagnification: dicomTruth.objective_power,
      strVendor: 'dicom',
      listAssociated: [],
    });

    // Thumbnails: bare base64 JPEGs fitted within 256×256, keeping the slide's proportions.
    for (const id of [cmu, boxes, dicom]) {
      const s = slides.get(id)!;
      const thumb = await decodedJpeg(s.strThumbnailBase64);
      expect(Math.max(thumb.width, thumb.height)).toBe(256);
      expect(Math.abs(thumb.width / thumb.height - s.iWidth! / s.iHeight!)).toBeLessThan(0.02);
    }
    const cmuThumb = await decodedJpeg(slides.get(cmu)!.strThumbnailBase64);
    const cmuMean = truthOf('CMU-1-Small-Region.svs').openslide!.pixel_probes.lowest_level_mean_rgb;
    cmuThumb.mean.forEach((v, i) => expect(Math.abs(v - cmuMean[i]!)).toBeLessThan(5));

    // Label and macro saved beside the slide at their stored sizes.
    const folder = await folderOf(cmu);
    const sizes = truthOf('CMU-1-Small-Region.svs').openslide!.associated_images;
    for (const name of ['label', 'macro']) {
      const meta = await sharp(path.join(folder, `${name}.jpg`)).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual(sizes[name]);
    }
    expect(fs.existsSync(path.join(await folderOf(boxes), 'label.jpg'))).toBe(false);

    expect(await rowOf(cmu)).toMatchObject({
      reader: 'tiff',
      ingestedAt: t.clock.now(),
      associatedImages: ['label', 'macro'],
    });
    expect(await rowOf(dicom)).toMatchObject({ reader: 'dicom', ingestedAt: t.clock.now() });
  });

  it('counts the label and macro it saves in the used storage, and gives them back on deletion', async () => {
    const before = await used();
    const id = await unmatched('CMU-1-Small-Region.svs', CMU);
    await t.app.slideIngest.idle();
    const folder = await folderOf(id);
    const onDisk = fs
      .readdirSync(folder)
      .reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0);
    expect(fs.readdirSync(folder).sort()).toEqual(['label.jpg', 'macro.jpg', 'slide.svs']);
    // What a recalculation would find: the slide's bytes and the two images beside it.
    expect((await rowOf(id)).associatedBytes).toBe(onDisk - CMU.length);
    expect(await used()).toBe(before + onDisk);

    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: id }] },
        { token: doctor.token },
      ),
    );
    expect(await used()).toBe(before);
  });

  it('reads a DICOM slide uploaded as the files of its series', async () => {
    const gradient = (x: number, y: number) => [x * 3, y * 4, 120];
    const instance = (o: Parameters<typeof wsiElements>[0]) =>
      writeDicom({
        elements: wsiElements(o),
        pixels: { native: nativeFrames(o.width, o.height, o.tile, gradient) },
      });
    // Base level, a level at half size and the label: three files of series 1.2.3.9.
    const files = [
      ['Series/base.dcm', instance({ width: 64, height: 48, tile: 16, frames: 12, instance: 1 })],
      ['Series/half.dcm', instance({ width: 32, height: 24, tile: 16, frames: 4, instance: 2 })],
      [
        'Series/label.dcm',
        instance({ width: 20, height: 10, tile: 20, frames: 1, instance: 3, imageType: 'LABEL' }),
      ],
    ] as const;
    const records = expectOk(
      await api.post<UploadRecordsDto>(
        'slideDocument/addUploadRecords',
        {
          iPatientId: caseId,
          iUploadType: 1,
          listFile: [
            {
              strFileName: 'Series.dcm',
              lSize: files.reduce((n, [, b]) => n + b.length, 0),
              listFileSliceInfo: files.map(([p, b]) => ({ strFilePath: p, lSize: b.length })),
            },
          ],
        },
        { token: doctor.token },
      ),
    );
    const id = records.listFile[0]!.iSlideDocumentId;
    for (const [n, [p, b]] of files.entries()) {
      expectOk(
        await sendChunk(t.baseUrl, doctor.token, {
          iSlideDocumentId: id,
          strFilePath: p,
          iChunk: 0,
          bytes: b,
          iUpdadeState: n === files.length - 1 ? 1 : 0,
        }),
      );
    }
    await t.app.slideIngest.idle();
    const s = (await caseSlides()).find((x) => x.iSlideDocumentId === id)!;
    expect(s).toMatchObject({
      strFileName: 'Series.dcm',
      ddUploadState: { iNumber: SlideUploadState.Uploaded },
      strFailReason: null,
      iWidth: 64,
      iHeight: 48,
      iLevelCount: 2,
      strVendor: 'dicom',
      listAssociated: ['label'],
    });
    expect(fs.readdirSync(path.join(await folderOf(id), 'slide')).sort()).toEqual([
      'base.dcm',
      'half.dcm',
      'label.dcm',
    ]);
  });

  it.runIf(isOpenSlideAvailable())('reads vendor types through OpenSlide', async () => {
    // OpenSlide recognises files by content: an Aperio file under a vendor type stands in for one.
    const id = await toCase('CMU-1-as-vendor.ndpi', CMU);
    await t.app.slideIngest.idle();
    const s = (await caseSlides()).find((x) => x.iSlideDocumentId === id)!;
    expect(s).toMatchObject({
      ddUploadState: { iNumber: SlideUploadState.Uploaded },
      ...expectedFromOpenSlide('CMU-1-Small-Region.svs'),
    });
    expect((await rowOf(id)).reader).toBe('openslide');
    const thumb = await decodedJpeg(s.strThumbnailBase64);
    expect(Math.max(thumb.width, thumb.height)).toBe(256);
    expect(fs.existsSync(path.join(await folderOf(id), 'label.jpg'))).toBe(true);
  });

  it('marks files the engine refuses failed with the reason, keeping files and storage', async () => {
    const before = await used();
    const garbage = tiffHeadedGarbage(3000, 5);
    const absurd = absurdBigTiff();
    const broken = await unmatched('broken.svs', garbage);
    const huge = await unmatched('huge.tif', absurd);
    await t.app.slideIngest.idle();

    expect(await rowOf(broken)).toMatchObject({
      state: SlideUploadState.Failed,
      failReason: 'SLIDE_UNREADABLE',
      ingestedAt: null,
      thumbnail: null,
    });
    expect(await rowOf(huge)).toMatchObject({
      state: SlideUploadState.Failed,
      failReason: 'SLIDE_TOO_LARGE',
    });
    // Shown in the reader's language.
    expect((await listed(broken, 'en')).strFailReason).toBe(
      'The slide cannot be read: the file is damaged or is not a slide image',
    );
    expect((await listed(broken, 'zh')).strFailReason).toBe(
      '无法读取该切片：文件已损坏或不是切片图像',
    );
    expect((await listed(huge, 'en')).strFailReason).toMatch(/impossibly large/);
    expect((await listed(broken)).iWidth).toBeUndefined();
    // The upload itself succeeded: a chunk sent again is compared with the file, as for any
    // finished upload, and the answer carries the document's state.
    const again = { iSlideDocumentId: broken, strFilePath: 'broken.svs', iChunk: 0 };
    expect(
      expectOk(await sendChunk(t.baseUrl, doctor.token, { ...again, bytes: garbage })),
    ).toMatchObject({ bDuplicate: true, ddUploadState: { iNumber: SlideUploadState.Failed } });
    expectRefused(
      await sendChunk(t.baseUrl, doctor.token, { ...again, bytes: Buffer.alloc(3000, 1) }),
      'CHUNK_CONFLICT',
    );

    // The files stay (the uploader decides) and so does their storage, until deleted.
    expect(fs.readdirSync(await folderOf(broken))).toEqual(['slide.svs']);
    expect(await used()).toBe(before + garbage.length + absurd.length);
    const folders = [await folderOf(broken), await folderOf(huge)];
    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: broken }, { iSlideDocumentId: huge }] },
        { token: doctor.token },
      ),
    );
    expect(await used()).toBe(before);
    for (const folder of folders) {
      expect(fs.existsSync(folder)).toBe(false);
    }
  });

  it('takes up at start what a stop left unread, and leaves refused and deleted slides', async () => {
    const unread = await toCase('restart-unread.svs', CMU);
    const missingLib = await toCase('restart-lib.tiff', BOXES);
    const refused = await unmatched('restart-refused.svs', tiffHeadedGarbage(2000, 9));
    const deleted = await toCase('restart-deleted.tiff', BOXES);
    await t.app.slideIngest.idle();
    const notRead = {
      ingestedAt: null,
      thumbnail: null,
      width: null,
      height: null,
      levelCount: null,
      reader: null,
      associatedImages: null,
    };
    // As a crash during ingest leaves them; one refused only because OpenSlide was missing.
    await db().update(slideDocuments).set(notRead).where(eq(slideDocuments.id, unread));
    fs.rmSync(path.join(await folderOf(unread), 'label.jpg'));
    await db()
      .update(slideDocuments)
      .set({ ...notRead, state: SlideUploadState.Failed, failReason: 'SLIDE_OPENSLIDE_MISSING' })
      .where(eq(slideDocuments.id, missingLib));
    await db()
      .update(slideDocuments)
      .set({ ...notRead, deletedAt: t.clock.now() })
      .where(eq(slideDocuments.id, deleted));
    const waiting = await db()
      .select({ id: slideDocuments.id })
      .from(slideDocuments)
      .where(inArray(slideDocuments.id, [unread, missingLib, refused, deleted]));
    expect(waiting).toHaveLength(4);

    await t.restart();
    api = apiClient(t.baseUrl);
    await t.app.slideIngest.idle();

    expect(await rowOf(unread)).toMatchObject({
      state: SlideUploadState.Uploaded,
      ingestedAt: t.clock.now(),
      width: 2220,
      levelCount: 1,
      associatedImages: ['label', 'macro'],
    });
    expect((await rowOf(unread)).thumbnail).toBeTruthy();
    expect(fs.existsSync(path.join(await folderOf(unread), 'label.jpg'))).toBe(true);
    if (isOpenSlideAvailable()) {
      expect(await rowOf(missingLib)).toMatchObject({
        state: SlideUploadState.Uploaded,
        failReason: null,
        width: 300,
        levelCount: 4,
      });
    }
    expect(await rowOf(refused)).toMatchObject({
      state: SlideUploadState.Failed,
      failReason: 'SLIDE_UNREADABLE',
      ingestedAt: null,
    });
    expect(await rowOf(deleted)).toMatchObject({ ingestedAt: null, thumbnail: null });
    const s = (await caseSlides()).find((x) => x.iSlideDocumentId === unread)!;
    expect(s).toMatchObject({ iWidth: 2220, listAssociated: ['label', 'macro'] });
  });
});
