import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SlideUploadState, type FileStatusDto } from '@pathconsult/shared';
import { hospitals, slideDocuments } from '../src/db/schema';
import { TEST_SLIDES_DIR } from '../src/slides/testing/test-slides-dir';
import { freeDiskBytes } from '../src/storage/disk-space';
import { storedFilePath } from '../src/storage/slide-paths';
import { testDatabases } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { expectOk, expectRefused } from './helpers/assertions';
import { addCase, loggedInUser, userHospital } from './helpers/case-fixtures';
import { chunkOf, sendChunk, sha256 } from './helpers/slide-upload';

const CMU = fs.readFileSync(path.join(TEST_SLIDES_DIR, 'CMU-1-Small-Region.svs'));
const GB = 1024 ** 3;

/**
 * The server's own disk (storage/disk-space.ts), apart from the hospital's quota: an upload that
 * would leave less than UPLOAD_DISK_RESERVE_MB free is refused before it starts, and a chunk that
 * meets a full disk is refused as such and changes nothing.
 */
describe.each(await testDatabases())('slide upload and the server disk on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let hospital: number;
  let doctor: { id: number; token: string };
  const db = () => t.database.db;
  const used = async () =>
    (await db().select().from(hospitals).where(eq(hospitals.id, hospital)))[0]?.storageUsedBytes;
  const records = async (name: string, size: number, lang?: 'zh' | 'en') => {
    const c = await addCase(api, doctor.token);
    return api.post<{ listFile: FileStatusDto[] }>(
      'slideDocument/addUploadRecords',
      {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [{ strFileName: name, lSize: size, lLastModified: 1_700_000_000_000 }],
      },
      { token: doctor.token, lang },
    );
  };

  beforeAll(async () => {
    // Leave 2 GB of what is free now: a small slide fits whatever else the tests write
    // meanwhile, a 10 GB one does not.
    const reserve = Math.max(0, (await freeDiskBytes(os.tmpdir())) - 2 * GB);
    t = await startTestApp(testDb, { diskReserveBytes: reserve });
    api = apiClient(t.baseUrl);
    hospital = await userHospital(db(), 'demo_doctor');
    doctor = await loggedInUser(db(), api, hospital);
    // The hospital's quota is no limit here: only the disk is.
    await db()
      .update(hospitals)
      .set({ storageTotalGb: '100000' })
      .where(eq(hospitals.id, hospital));
  });
  afterAll(() => t.close());

  it('refuses a slide larger than the room left before it starts, in either language', async () => {
    const before = await used();
    const countBefore = (await db().select().from(slideDocuments)).length;
    const en = await records('big.svs', 10 * GB, 'en');
    expectRefused(en, 'SLIDE_EXCEEDS_SERVER_DISK');
    expect(en.body.strMessage).toMatch(
      /larger than the room left on the server’s disk \(.+ left\)/,
    );
    const zh = await records('big.svs', 10 * GB, 'zh');
    expectRefused(zh, 'SLIDE_EXCEEDS_SERVER_DISK');
    expect(zh.body.strMessage).toMatch(/超出服务器磁盘剩余空间/);
    // Nothing reserved, nothing registered.
    expect(await used()).toBe(before);
    expect((await db().select().from(slideDocuments)).length).toBe(countBefore);
  });

  it('refuses a chunk the disk cannot take, keeps nothing of it, and takes it once there is room', async () => {
    const doc = expectOk(await records('CMU-1-Small-Region.svs', CMU.length)).listFile[0];
    if (!doc) {
      throw new Error('no record');
    }
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    const stored = storedFilePath(t.dataDir, hospital, row?.storageKey ?? '', 'slide.svs');
    // A real full disk, as the kernel says it: writes to /dev/full fail with ENOSPC.
    fs.rmSync(stored);
    fs.symlinkSync('/dev/full', stored);
    const call = (i: number, last = false) =>
      sendChunk(
        t.baseUrl,
        doctor.token,
        {
          iSlideDocumentId: doc.iSlideDocumentId,
          strFilePath: 'CMU-1-Small-Region.svs',
          iChunk: i,
          bytes: chunkOf(CMU, i),
          iUpdadeState: last ? 1 : 0,
        },
        'en',
      );
    const refused = await call(0);
    expectRefused(refused, 'SERVER_DISK_FULL');
    expect(refused.body.strMessage).toMatch(/contact the platform administrator/);
    // The chunk is not counted as held: a resume sends it again.
    const status = expectOk(
      await api.get<FileStatusDto>(
        'slideDocument/getFileStatus',
        { iSlideDocumentId: doc.iSlideDocumentId },
        { token: doctor.token },
      ),
    );
    expect(status.listFileSliceInfo[0]?.listReceived).toEqual([]);

    // Room again (the administrator freed the disk): the same chunks go through.
    fs.rmSync(stored);
    fs.writeFileSync(stored, '');
    fs.truncateSync(stored, CMU.length);
    expectOk(await call(0));
    const done = expectOk(await call(1, true));
    expect(done.ddUploadState.iNumber).toBe(SlideUploadState.Uploaded);
    expect(sha256(fs.readFileSync(stored))).toBe(sha256(CMU));
  });
});
