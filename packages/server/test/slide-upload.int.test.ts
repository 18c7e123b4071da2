import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CaseState,
  RoleType,
  SlideUploadState,
  UPLOAD_CHUNK_BYTES,
  type ChunkChecksumsDto,
  type FileStatusDto,
  type MissingChunks,
  type SlideDocumentList,
  type SupportSlideDto,
} from '@pathconsult/shared';
import {
  auditLogs,
  hospitals,
  patients,
  slideChunks,
  slideDocuments,
  slideFiles,
} from '../src/db/schema';
import { lockCaseNumber } from '../src/modules/slides/match-service';
import { claimChunk } from '../src/modules/slide-upload/chunk-claims';
import { completeDocument, type ChunkDeps } from '../src/modules/slide-upload/completion';
import { loadAlignedAllocator } from '../src/modules/slide-upload/direct-write';
import { ChunkBufferPool } from '../src/modules/slide-upload/received-chunk';
import { RunningDigests } from '../src/modules/slide-upload/running-digests';
import { loadFileChecksums } from '../src/lib/file-checksum';
import {
  SWEEP_AUDIT_ACTION,
  idleSince,
  sweepAbandonedUploads,
} from '../src/modules/slide-upload/cleanup';
import { discardUpload, failUpload } from '../src/modules/slide-upload/discard';
import { measureHospitalDisk, usedBytesFrom } from '../src/modules/slide-upload/measure-usage';
import { reserveStorage } from '../src/modules/slide-upload/quota';
import { forgetDocument } from '../src/modules/slide-upload/target-cache';
import { TEST_SLIDES_DIR } from '../src/slides/testing/test-slides-dir';
import { hospitalSlidesDir } from '../src/storage/hospital-usage';
import { documentDir, newStorageKey, storedFilePath } from '../src/storage/slide-paths';
import { testDatabases } from './helpers/databases';
import { insertSlide } from './helpers/slide-fixtures';
import { latestAuditRecord } from './helpers/audit-records';
import { startTestApp, type TestApp } from './helpers/test-app';
import { apiClient, type ApiClient } from './helpers/http';
import { createHospital } from './helpers/factories';
import {
  expectFieldError,
  expectForbidden,
  expectNotFound,
  expectOk,
  expectRefused,
} from './helpers/assertions';
import {
  addCase,
  doctorElsewhere,
  loggedInUser,
  setCaseState,
  userHospital,
} from './helpers/case-fixtures';
import {
  addRecords,
  chunkCrc,
  chunkOf,
  sendChunk,
  sendCutOffChunk,
  sha256,
  uploadSlide,
  xxh128,
} from './helpers/slide-upload';

const SLIDES = TEST_SLIDES_DIR;
const CMU = fs.readFileSync(path.join(SLIDES, 'CMU-1-Small-Region.svs'));
const CMU_SHA256 = 'ed92d5a9f2e86df67640d6f92ce3e231419ce127131697fbbce42ad5e002c8a7';

/** A TIFF-headed file of `chunks` full chunks plus a tail: enough to reorder chunks. */
function tiffLike(chunks: number, tail = 1000, seed = 1): Buffer {
  const bytes = Buffer.alloc(chunks * UPLOAD_CHUNK_BYTES + tail);
  let x = seed;
  for (let i = 0; i < bytes.length; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = x & 0xff;
  }
  bytes.write('II*\0', 0, 'latin1');
  return bytes;
}

const GB = 1024 ** 3;

describe.each(await testDatabases())('slide upload on $name', (testDb) => {
  let t: TestApp;
  let api: ApiClient;
  let hospitalA: number;
  let doctor: { id: number; token: string };
  let colleague: { id: number; token: string };
  let outsider: { hospitalId: number; id: number; token: string };

  const db = () => t.database.db;
  /** Whether the server finds OpenSlide (a test turns it off). */
  let openSlideHere = true;
  const used = async (hospitalId = hospitalA) =>
    (await db().select().from(hospitals).where(eq(hospitals.id, hospitalId)))[0]?.storageUsedBytes;
  const status = (id: number, token = doctor.token) =>
    api.get<FileStatusDto>('slideDocument/getFileStatus', { iSlideDocumentId: id }, { token });
  const checksums = (id: number, token = doctor.token) =>
    api.get<ChunkChecksumsDto>(
      'slideDocument/getChunkChecksums',
      { iSlideDocumentId: id },
      { token },
    );
  const chunk = (c: Parameters<typeof sendChunk>[2], token = doctor.token, lang?: 'zh' | 'en') =>
    sendChunk(t.baseUrl, token, c, lang);
  /** Sends chunk `iChunk` of a single-file upload's `bytes`; `last` completes it. */
  const chunkSender =
    (iSlideDocumentId: number, strFilePath: string, bytes: Buffer) =>
    (iChunk: number, last = false) =>
      chunk({
        iSlideDocumentId,
        strFilePath,
        iChunk,
        bytes: chunkOf(bytes, iChunk),
        iUpdadeState: last ? 1 : 0,
      });
  /** Upload records for one single-file slide of a fresh case; returns the case and document. */
  const startUpload = async (name: string, size: number, token = doctor.token) => {
    const c = await addCase(api, token);
    const doc = expectOk(
      await addRecords(api, token, {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [
          { iFileId: 7, strFileName: name, lSize: size, lLastModified: 1_700_000_000_000 },
        ],
      }),
    ).listFile[0];
    if (!doc) {
      throw new Error('no record');
    }
    return { c, doc };
  };

  beforeAll(async () => {
    t = await startTestApp(testDb, { openSlideAvailable: () => openSlideHere });
    api = apiClient(t.baseUrl);
    hospitalA = await userHospital(db(), 'demo_doctor');
    doctor = await loggedInUser(db(), api, hospitalA);
    colleague = await loggedInUser(db(), api, hospitalA);
    outsider = await doctorElsewhere(db(), api);
    await db()
      .update(hospitals)
      .set({ storageTotalGb: '10' })
      .where(eq(hospitals.id, outsider.hospitalId));
  });
  afterAll(() => t.close());

  it('lists the supported types and the 1 MB chunk size', async () => {
    const support = expectOk(
      await api.get<SupportSlideDto>('slideDocument/getSupportSlide', {}, { token: doctor.token }),
    );
    expect(support.lChunkSize).toBe(1024 * 1024);
    expect(support.listType).toEqual(
      expect.arrayContaining(['svs', 'tif', 'tiff', 'ndpi', 'mrxs', 'dcm']),
    );
    expect(support.listNeedsOpenSlide).toEqual([]);
  });

  it('stores a real slide byte for byte, in place, and counts it against the quota', async () => {
    const before = (await used()) ?? 0;
    const { c, doc } = await startUpload('CMU-1-Small-Region.svs', CMU.length);
    expect(doc).toMatchObject({ iFileId: 7, bResumed: false, lChunkSize: UPLOAD_CHUNK_BYTES });
    expect(doc.listFileSliceInfo).toEqual([
      expect.objectContaining({
        strFilePath: 'CMU-1-Small-Region.svs',
        iChunkCount: 2,
        listReceived: [],
      }),
    ]);
    // The storage is reserved as the upload starts.
    expect(await used()).toBe(before + CMU.length);

    const first = expectOk(
      await chunk({
        iSlideDocumentId: doc.iSlideDocumentId,
        strFilePath: 'CMU-1-Small-Region.svs',
        iChunk: 0,
        bytes: chunkOf(CMU, 0),
      }),
    );
    expect(first).toMatchObject({
      bDuplicate: false,
      ddUploadState: { iNumber: 0 },
      iUpdateState: 0,
    });
    const last = expectOk(
      await chunk({
        iSlideDocumentId: doc.iSlideDocumentId,
        strFilePath: 'CMU-1-Small-Region.svs',
        iChunk: 1,
        bytes: chunkOf(CMU, 1),
        iUpdadeState: 1,
      }),
    );
    expect(last).toMatchObject({ ddUploadState: { iNumber: 1 }, iUpdateState: 1 });

    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expect(row).toMatchObject({
      state: SlideUploadState.Uploaded,
      checksum: await xxh128(CMU),
      patientId: c.iPatientId,
    });
    // Stored under a generated path: the folder key and slide.<ext>, never the user's name.
    const stored = storedFilePath(t.dataDir, hospitalA, row?.storageKey ?? '', 'slide.svs');
    expect(sha256(fs.readFileSync(stored))).toBe(CMU_SHA256);
    // Beside it, once the slide engine has read it: its label and macro images (issue 6).
    await t.app.slideIngest.idle();
    expect(fs.readdirSync(path.dirname(stored)).sort()).toEqual([
      'label.jpg',
      'macro.jpg',
      'slide.svs',
    ]);
    // Counted as they are on the disk: the slide and the two images the engine saved.
    const folderBytes = fs
      .readdirSync(path.dirname(stored))
      .reduce((sum, name) => sum + fs.statSync(path.join(path.dirname(stored), name)).size, 0);
    expect(folderBytes).toBeGreaterThan(CMU.length);
    expect(await used()).toBe(before + folderBytes);

    const s = expectOk(await status(doc.iSlideDocumentId));
    expect(s).toMatchObject({ iUpdateState: 1, lProgress: CMU.length, lSize: CMU.length });
    expect(s.listFileSliceInfo[0]).toMatchObject({ strStatus: 'uploaded', listReceived: [[0, 1]] });

    // Completion is audited; individual chunks are not.
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'slideDocument/fileUploadHandler'),
          eq(auditLogs.targetId, String(doc.iSlideDocumentId)),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.outcome).toBe('success');
  });

  it('takes chunks in any order, repeats them harmlessly and resumes after a server restart', async () => {
    const bytes = tiffLike(3);
    const { doc } = await startUpload('reorder.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    const send = (i: number, flag: 0 | 1 = 0) =>
      chunk({
        iSlideDocumentId: id,
        strFilePath: 'reorder.svs',
        iChunk: i,
        bytes: chunkOf(bytes, i),
        iUpdadeState: flag,
      });
    expectOk(await send(3));
    expectOk(await send(1));
    expect(expectOk(await send(1)).bDuplicate).toBe(true);

    await t.restart();
    api = apiClient(t.baseUrl);
    const s = expectOk(await status(id));
    expect(s.listFileSliceInfo[0]?.listReceived).toEqual([
      [1, 1],
      [3, 3],
    ]);
    expect(s.lProgress).toBe(UPLOAD_CHUNK_BYTES + 1000);

    // Re-picking the same file after a reload finds the upload again.
    const again = expectOk(
      await addRecords(api, doctor.token, {
        iPatientId:
          (await db().select().from(slideDocuments).where(eq(slideDocuments.id, id)))[0]
            ?.patientId ?? 0,
        iUploadType: 0,
        listFile: [
          { strFileName: 'reorder.svs', lSize: bytes.length, lLastModified: 1_700_000_000_000 },
        ],
      }),
    ).listFile[0];
    expect(again).toMatchObject({ iSlideDocumentId: id, bResumed: true });
    expect(again?.listFileSliceInfo[0]?.listReceived).toEqual([
      [1, 1],
      [3, 3],
    ]);
    // What the client checks the file chosen again against: the CRC-32 of each chunk held.
    expect(expectOk(await checksums(id))).toEqual({
      iSlideDocumentId: id,
      listFile: [
        {
          strFilePath: 'reorder.svs',
          listChunk: [
            [1, chunkCrc(chunkOf(bytes, 1))],
            [3, chunkCrc(chunkOf(bytes, 3))],
          ],
        },
      ],
    });
    // The same file chosen under the case's pathology number instead (slide management's upload
    // by number): the number is the caller's own case, which takes slides, so it is that case's
    // upload, continued (a case that no longer takes slides is not: case-by-number.int.test).
    const [stored] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    const byNumber = expectOk(
      await addRecords(api, doctor.token, {
        strDiagnosistNum: stored!.diagnosisNum,
        iUploadType: 0,
        listFile: [
          { strFileName: 'reorder.svs', lSize: bytes.length, lLastModified: 1_700_000_000_000 },
        ],
      }),
    );
    expect(byNumber.listFile[0]).toMatchObject({ iSlideDocumentId: id, bResumed: true });

    expectOk(await send(0));
    expect(expectOk(await send(2, 1)).iUpdateState).toBe(1);
    const [row] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    expect(row?.checksum).toBe(await xxh128(bytes));
    // A chunk sent again after completion: the same bytes are fine, others are refused.
    expect(expectOk(await send(2)).bDuplicate).toBe(true);
    expectRefused(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'reorder.svs',
        iChunk: 2,
        bytes: Buffer.alloc(UPLOAD_CHUNK_BYTES, 9),
      }),
      'CHUNK_CONFLICT',
    );
  });

  it('refuses a bad checksum, a conflicting chunk and a wrong length, and changes nothing', async () => {
    const bytes = tiffLike(2);
    const { doc } = await startUpload('refusals.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    expectRefused(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk: 1,
        bytes: chunkOf(bytes, 1),
        strChunkCrc32: chunkCrc(Buffer.from('x')),
      }),
      'CHUNK_CHECKSUM_MISMATCH',
    );
    expect(expectOk(await status(id)).listFileSliceInfo[0]?.listReceived).toEqual([]);

    expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk: 1,
        bytes: chunkOf(bytes, 1),
      }),
    );
    const other = Buffer.alloc(UPLOAD_CHUNK_BYTES, 7);
    expectRefused(
      await chunk({ iSlideDocumentId: id, strFilePath: 'refusals.svs', iChunk: 1, bytes: other }),
      'CHUNK_CONFLICT',
    );
    const [row] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    const onDisk = fs.readFileSync(
      storedFilePath(t.dataDir, hospitalA, row?.storageKey ?? '', 'slide.svs'),
    );
    expect(sha256(onDisk.subarray(UPLOAD_CHUNK_BYTES, 2 * UPLOAD_CHUNK_BYTES))).toBe(
      sha256(chunkOf(bytes, 1)),
    );
    // A first chunk already stored, sent again with bytes that are no slide at all: a conflict
    // like any other, not a reason to fail the upload and throw away what it holds.
    expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk: 0,
        bytes: chunkOf(bytes, 0),
      }),
    );
    expectRefused(
      await chunk({ iSlideDocumentId: id, strFilePath: 'refusals.svs', iChunk: 0, bytes: other }),
      'CHUNK_CONFLICT',
    );
    // A chunk's number is decimal digits: '' is not chunk 0, nor '0x1' chunk 1, nor '1e0'.
    for (const iChunk of ['', '0x1', '1e0', ' 1']) {
      const refused = await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk,
        bytes: chunkOf(bytes, 1),
      });
      expect(refused.status, iChunk).toBe(400);
      expect(refused.body).toMatchObject({
        strErrorCode: 'VALIDATION_FAILED',
        objData: [{ strField: 'iChunk' }],
      });
    }
    expect(expectOk(await status(id)).listFileSliceInfo[0]?.listReceived).toEqual([[0, 1]]);

    // The last chunk is 1000 bytes; a full-size one does not fit there, nor does chunk 3.
    expectRefused(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk: 2,
        bytes: Buffer.alloc(UPLOAD_CHUNK_BYTES),
      }),
      'CHUNK_OUT_OF_RANGE',
    );
    expectRefused(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk: 3,
        bytes: Buffer.alloc(10),
      }),
      'CHUNK_OUT_OF_RANGE',
    );
    // More than 1 MB in one part is refused before it is read into memory.
    expectRefused(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'refusals.svs',
        iChunk: 0,
        bytes: Buffer.alloc(UPLOAD_CHUNK_BYTES + 1),
      }),
      'CHUNK_OUT_OF_RANGE',
    );
  });

  it('audits the refusals that come while the chunk form is read, not a chunk cut off', async () => {
    const bytes = tiffLike(1);
    const { doc } = await startUpload('form.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    const records = () =>
      db()
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.action, 'slideDocument/fileUploadHandler'),
            eq(auditLogs.targetId, String(id)),
          ),
        );
    // A part over 1 MB: refused before the chunk is checked, recorded under its document.
    expectRefused(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'form.svs',
        iChunk: 0,
        bytes: Buffer.alloc(UPLOAD_CHUNK_BYTES + 1),
      }),
      'CHUNK_OUT_OF_RANGE',
    );
    expect(await records()).toMatchObject([
      { userId: doctor.id, outcome: 'failure', detail: { strErrorCode: 'CHUNK_OUT_OF_RANGE' } },
    ]);
    // A second file part: over the form's limits, recorded as what the caller is told.
    const form = new FormData();
    form.append('iSlideDocumentId', String(id));
    form.append('strFilePath', 'form.svs');
    form.append('iChunk', '0');
    form.append('strChunkCrc32', chunkCrc(chunkOf(bytes, 0)));
    form.append('file', new Blob([chunkOf(bytes, 0)]), 'blob');
    form.append('file2', new Blob([Buffer.alloc(10)]), 'blob');
    const twoFiles = await fetch(`${t.baseUrl}/api/slideDocument/fileUploadHandler`, {
      method: 'POST',
      headers: { token: doctor.token },
      body: form,
    });
    expect(twoFiles.status).toBe(413);
    expect(((await twoFiles.json()) as { strErrorCode: string }).strErrorCode).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect((await records()).map((r) => r.detail)).toEqual([
      { strErrorCode: 'CHUNK_OUT_OF_RANGE' },
      { strErrorCode: 'PAYLOAD_TOO_LARGE' },
    ]);
    // A chunk the browser stops sending halfway (a pause, a cancel) is no refusal: no record.
    await sendCutOffChunk(t.baseUrl, doctor.token, id, 'form.svs');
    expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'form.svs',
        iChunk: 0,
        bytes: chunkOf(bytes, 0),
      }),
    );
    expect(await records()).toHaveLength(2);
  });

  it('records a chunk refused to a role that does not upload', async () => {
    const bytes = tiffLike(1);
    const { doc } = await startUpload('role.svs', bytes.length);
    const expert = await loggedInUser(db(), api, hospitalA, RoleType.Expert);
    const refused = await chunk(
      {
        iSlideDocumentId: doc.iSlideDocumentId,
        strFilePath: 'role.svs',
        iChunk: 0,
        bytes: chunkOf(bytes, 0),
      },
      expert.token,
    );
    expect(refused.status).toBe(403);
    // Refused before the route ran (it writes its own records): recorded as a denial.
    expect(await latestAuditRecord(db(), 'slideDocument/fileUploadHandler')).toMatchObject({
      userId: expert.id,
      outcome: 'denied',
    });
    expect(expectOk(await status(doc.iSlideDocumentId)).listFileSliceInfo[0]?.listReceived).toEqual(
      [],
    );
  });

  it('refuses completion while a chunk is missing and says which', async () => {
    const bytes = tiffLike(2);
    const { doc } = await startUpload('missing.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'missing.svs',
        iChunk: 0,
        bytes: chunkOf(bytes, 0),
      }),
    );
    const a = await chunk(
      {
        iSlideDocumentId: id,
        strFilePath: 'missing.svs',
        iChunk: 2,
        bytes: chunkOf(bytes, 2),
        iUpdadeState: 1,
      },
      doctor.token,
      'en',
    );
    expectRefused(a, 'SLIDE_CHUNKS_MISSING');
    expect(a.body.strMessage).toBe('Upload not complete: 1 chunks are still missing');
    expect(a.body.objData as unknown as MissingChunks).toEqual({
      listMissing: [{ strFilePath: 'missing.svs', listChunks: [[1, 1]] }],
    });
    expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'missing.svs',
        iChunk: 1,
        bytes: chunkOf(bytes, 1),
        iUpdadeState: 1,
      }),
    );
  });

  it('decides chunks sent at once one by one: repeats, a conflicting place, the whole file', async () => {
    const bytes = tiffLike(5);
    const { doc } = await startUpload('together.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    const other = tiffLike(5, 1000, 7);
    // Sent together, so their claims share statements: chunk 3 twice with the same bytes and
    // once with other bytes, every other chunk once.
    const answers = await Promise.all(
      [0, 1, 2, 3, 3, 4].map((i) =>
        chunk({
          iSlideDocumentId: id,
          strFilePath: 'together.svs',
          iChunk: i,
          bytes: chunkOf(bytes, i),
        }),
      ),
    );
    answers.forEach((a) => expectOk(a));
    expect(answers.filter((a) => a.body.objData.bDuplicate)).toHaveLength(1);
    const conflicting = await chunk({
      iSlideDocumentId: id,
      strFilePath: 'together.svs',
      iChunk: 3,
      bytes: chunkOf(other, 3),
    });
    expectRefused(conflicting, 'CHUNK_CONFLICT');
    const done = expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'together.svs',
        iChunk: 5,
        bytes: chunkOf(bytes, 5),
        iUpdadeState: 1,
      }),
    );
    expect(done.ddUploadState.iNumber).toBe(SlideUploadState.Uploaded);
    const [row] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    const file = storedFilePath(t.dataDir, hospitalA, row?.storageKey ?? '', 'slide.svs');
    expect(sha256(fs.readFileSync(file))).toBe(sha256(bytes));
    expect(row?.checksum).toBe(await xxh128(bytes));
  });

  it('stores claims that arrive while one is being stored together, each decided once', async () => {
    const { doc } = await startUpload('claims.svs', tiffLike(3).length);
    const [file] = await db()
      .select()
      .from(slideFiles)
      .where(eq(slideFiles.documentId, doc.iSlideDocumentId));
    const claim = (index: number, crc32: string, fileId = file?.id ?? 0) =>
      claimChunk(db(), { documentId: doc.iSlideDocumentId, fileId, index, crc32 });
    // The first two (the same chunk twice) get statements of their own, running at once: one
    // of them holds the place, whichever PostgreSQL lets in first. The three sent meanwhile
    // share one statement: other bytes for the taken place, a new place, a file that is gone.
    const results = await Promise.allSettled([
      claim(0, 'a'.repeat(8)),
      claim(0, 'a'.repeat(8)),
      claim(0, 'b'.repeat(8)),
      claim(1, 'c'.repeat(8)),
      claim(2, 'd'.repeat(8), 2_000_000_000),
    ]);
    const values = results.map((r) => (r.status === 'fulfilled' ? r.value : r.status));
    expect([...values.slice(0, 2)].sort()).toEqual([false, true]);
    expect(values.slice(2, 4)).toEqual([false, true]);
    expect(results[4]).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
    const held = expectOk(await status(doc.iSlideDocumentId));
    expect(held.listFileSliceInfo[0]?.listReceived).toEqual([[0, 1]]);
  });

  it('refuses a claim that arrives while a completion is being committed', async () => {
    const { doc } = await startUpload('claim-race.svs', tiffLike(1, 500).length);
    const [file] = await db()
      .select()
      .from(slideFiles)
      .where(eq(slideFiles.documentId, doc.iSlideDocumentId));
    const fileId = file?.id ?? 0;
    const claim = (index: number, crc32: string) =>
      claimChunk(db(), { documentId: doc.iSlideDocumentId, fileId, index, crc32 });
    expect(await claim(0, 'a'.repeat(8))).toBe(true);
    expect(await claim(1, 'b'.repeat(8))).toBe(true);
    // Completion's writes, held uncommitted while other bytes for chunk 1 come in (on
    // PostgreSQL the claim runs meanwhile on another connection and waits; the embedded
    // database runs it after the commit).
    let late: Promise<boolean> | undefined;
    await db().transaction(async (tx) => {
      await tx
        .update(slideDocuments)
        .set({ state: SlideUploadState.Uploaded, completedAt: t.clock.now() })
        .where(eq(slideDocuments.id, doc.iSlideDocumentId));
      await tx.delete(slideChunks).where(eq(slideChunks.fileId, fileId));
      late = claim(1, 'c'.repeat(8));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    // The finished file is not written again, and no claim row is left behind.
    expect(await late).toBe(false);
    expect(await db().select().from(slideChunks).where(eq(slideChunks.fileId, fileId))).toEqual([]);
    forgetDocument(db(), doc.iSlideDocumentId);
  });

  it('stops taking chunks at once when the uploader logs out', async () => {
    const session = await loggedInUser(db(), api, hospitalA);
    const bytes = tiffLike(2);
    const { doc } = await startUpload('logout.svs', bytes.length, session.token);
    const id = doc.iSlideDocumentId;
    const send = (i: number) =>
      chunk(
        { iSlideDocumentId: id, strFilePath: 'logout.svs', iChunk: i, bytes: chunkOf(bytes, i) },
        session.token,
      );
    expectOk(await send(0));
    expectOk(await api.post('user/logout', {}, { token: session.token }));
    const after = await send(1);
    expect(after.status).toBe(401);
  });

  it('asks again for a chunk whose bytes were lost on the disk (checked at completion)', async () => {
    const bytes = tiffLike(2);
    const { doc } = await startUpload('lost.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    for (const i of [0, 1, 2]) {
      expectOk(
        await chunk({
          iSlideDocumentId: id,
          strFilePath: 'lost.svs',
          iChunk: i,
          bytes: chunkOf(bytes, i),
        }),
      );
    }
    // As if the machine died after recording chunk 1 but before its bytes reached the disk:
    // the bytes are gone, and so is everything the server held in memory.
    const [row] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    const file = storedFilePath(t.dataDir, hospitalA, row?.storageKey ?? '', 'slide.svs');
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(UPLOAD_CHUNK_BYTES), 0, UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES);
    fs.closeSync(fd);
    await t.restart();
    api = apiClient(t.baseUrl);
    const a = await chunk({
      iSlideDocumentId: id,
      strFilePath: 'lost.svs',
      iChunk: 2,
      bytes: chunkOf(bytes, 2),
      iUpdadeState: 1,
    });
    expectRefused(a, 'SLIDE_CHUNKS_MISSING');
    expect((a.body.objData as unknown as MissingChunks).listMissing[0]?.listChunks).toEqual([
      [1, 1],
    ]);
    expectOk(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'lost.svs',
        iChunk: 1,
        bytes: chunkOf(bytes, 1),
        iUpdadeState: 1,
      }),
    );
    expect(sha256(fs.readFileSync(file))).toBe(sha256(bytes));
  });

  it('refuses a file whose content is not what its extension says, and frees its storage', async () => {
    const before = (await used()) ?? 0;
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 1)]);
    const { c, doc } = await startUpload('renamed.svs', jpeg.length);
    const a = await chunk(
      {
        iSlideDocumentId: doc.iSlideDocumentId,
        strFilePath: 'renamed.svs',
        iChunk: 0,
        bytes: jpeg,
        iUpdadeState: 1,
      },
      doctor.token,
      'en',
    );
    expectRefused(a, 'SLIDE_CONTENT_MISMATCH');
    expect(a.body.strMessage).toContain('is not a slide of type SVS');
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expect(row).toMatchObject({
      state: SlideUploadState.Failed,
      failReason: 'SLIDE_CONTENT_MISMATCH',
    });
    expect(fs.existsSync(documentDir(t.dataDir, hospitalA, row?.storageKey ?? ''))).toBe(false);
    expect(await used()).toBe(before);
    const again = await chunk(
      {
        iSlideDocumentId: doc.iSlideDocumentId,
        strFilePath: 'renamed.svs',
        iChunk: 0,
        bytes: jpeg,
      },
      doctor.token,
      'en',
    );
    expectRefused(again, 'SLIDE_UPLOAD_FAILED');
    // Why, in the caller's words: not the stored code.
    expect(again.body.strMessage).toMatch(/^Upload failed: .*is not a slide of type SVS/);
    expect(again.body.strMessage).not.toContain('SLIDE_CONTENT_MISMATCH');
    // And by its parts, so that a client keeping it can show it in another language.
    expect(again.body).toMatchObject({
      objErrorParams: { name: 'renamed.svs', type: 'SVS' },
      objErrorMessageParams: { reason: 'SLIDE_CONTENT_MISMATCH' },
    });
    // Its name stays taken until it is deleted, and the refusal says so (not "uploaded or
    // uploading", which sent the doctor looking for a slide that is not there).
    const sameName = await addRecords(api, doctor.token, {
      iPatientId: c.iPatientId,
      iUploadType: 0,
      listFile: [{ strFileName: 'RENAMED.svs', lSize: jpeg.length }],
    });
    expectRefused(sameName, 'SLIDE_NAME_FAILED');
    expect(sameName.body.strMessage).toContain('上传失败');
    // Cancelling the failed upload removes it without giving its storage back a second time.
    expectOk(
      await api.post(
        'slideDocument/cancelUpload',
        { iSlideDocumentId: doc.iSlideDocumentId },
        { token: doctor.token },
      ),
    );
    expect(await used()).toBe(before);
  });

  it('stores an MRXS-style folder slide under generated paths', async () => {
    const mrxs = Buffer.from('[GENERAL]\nSLIDE_VERSION = 01.02\n');
    const ini = Buffer.from('[GENERAL]\nIMAGENUMBER_X = 1\n');
    const index = Buffer.alloc(300, 3);
    const data = tiffLike(1, 5000, 9);
    const files = [
      ['S1.mrxs', mrxs],
      ['S1/Slidedat.ini', ini],
      ['S1/Index.dat', index],
      ['S1/Data0000.dat', data],
    ] as const;
    const total = files.reduce((n, [, b]) => n + b.length, 0);
    const c = await addCase(api, doctor.token);
    const doc = expectOk(
      await addRecords(api, doctor.token, {
        iPatientId: c.iPatientId,
        iUploadType: 1,
        listFile: [
          {
            strFileName: 'S1.mrxs',
            lSize: total,
            listFileSliceInfo: files.map(([p, b]) => ({ strFilePath: p, lSize: b.length })),
          },
        ],
      }),
    ).listFile[0];
    expect(doc?.listFileSliceInfo.map((f) => [f.strFilePath, f.iChunkCount])).toEqual([
      ['S1.mrxs', 1],
      ['S1/Slidedat.ini', 1],
      ['S1/Index.dat', 1],
      ['S1/Data0000.dat', 2],
    ]);
    const id = doc?.iSlideDocumentId ?? 0;
    const sends = files.flatMap(([p, b]) =>
      (b.length > UPLOAD_CHUNK_BYTES ? [0, 1] : [0]).map((i) => ({ p, b, i })),
    );
    for (const [n, s] of sends.entries()) {
      expectOk(
        await chunk({
          iSlideDocumentId: id,
          strFilePath: s.p,
          iChunk: s.i,
          bytes: chunkOf(s.b, s.i),
          iUpdadeState: n === sends.length - 1 ? 1 : 0,
        }),
      );
    }
    const [row] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    // Complete (the slide engine then refuses these made-up contents: not this test's matter).
    expect(row?.completedAt).not.toBeNull();
    const dir = documentDir(t.dataDir, hospitalA, row?.storageKey ?? '');
    expect(fs.readdirSync(dir).sort()).toEqual(['slide', 'slide.mrxs']);
    expect(fs.readdirSync(path.join(dir, 'slide')).sort()).toEqual([
      'Data0000.dat',
      'Index.dat',
      'Slidedat.ini',
    ]);
    expect(sha256(fs.readFileSync(path.join(dir, 'slide', 'Data0000.dat')))).toBe(sha256(data));
    const stored = await db().select().from(slideFiles).where(eq(slideFiles.documentId, id));
    expect(stored.find((f) => f.relativePath === 'S1/Index.dat')?.checksum).toBe(
      await xxh128(index),
    );
  });

  it('refuses path tricks in names and folder layouts before anything is stored', async () => {
    const c = await addCase(api, doctor.token);
    const records = (listFile: unknown[], lang: 'zh' | 'en' = 'en') =>
      api.post(
        'slideDocument/addUploadRecords',
        { iPatientId: c.iPatientId, iUploadType: 1, listFile },
        { token: doctor.token, lang },
      );
    for (const name of ['../../etc/passwd.svs', 'a/b.svs', '..\\x.svs', '.', 'x\u0000.svs']) {
      const a = await records([{ strFileName: name, lSize: 10 }]);
      expect(a.status, name).toBe(400);
    }
    expectFieldError(
      await records([{ strFileName: '../x.svs', lSize: 10 }]),
      'listFile.0.strFileName',
      'validation.fileName',
    );
    // A number longer than any case's could never be matched: refused before anything is stored.
    expectFieldError(
      await api.post(
        'slideDocument/addUploadRecords',
        {
          strDiagnosistNum: 'N'.repeat(17),
          iUploadType: 1,
          listFile: [{ strFileName: 'n.svs', lSize: 10 }],
        },
        { token: doctor.token, lang: 'en' },
      ),
      'strDiagnosistNum',
      'validation.tooLong',
      { max: 16 },
    );
    const layouts = [
      [
        { strFilePath: 'S2.mrxs', lSize: 5 },
        { strFilePath: 'S2/../../../evil.dat', lSize: 5 },
      ],
      [
        { strFilePath: 'S2.mrxs', lSize: 5 },
        { strFilePath: '/etc/Slidedat.ini', lSize: 5 },
      ],
      [
        { strFilePath: 'S2.mrxs', lSize: 5 },
        { strFilePath: 'Other/Slidedat.ini', lSize: 5 },
      ],
      [
        { strFilePath: 'S2.mrxs', lSize: 5 },
        { strFilePath: 'S2/sub/Slidedat.ini', lSize: 5 },
      ],
      [{ strFilePath: 'S2.mrxs', lSize: 10 }],
      // One file on the disks of Windows and macOS.
      [
        { strFilePath: 'S2.mrxs', lSize: 5 },
        { strFilePath: 'S2/Slidedat.ini', lSize: 5 },
        { strFilePath: 'S2/slidedat.ini', lSize: 5 },
      ],
    ];
    for (const list of layouts) {
      const total = list.reduce((n, f) => n + f.lSize, 0);
      expectRefused(
        await records([{ strFileName: 'S2.mrxs', lSize: total, listFileSliceInfo: list }]),
        'SLIDE_LAYOUT_INVALID',
      );
    }
    // The refusal names the slide and says what makes one, whatever the format.
    const empty = await records([{ strFileName: 'z.svs', lSize: 0 }]);
    expectRefused(empty, 'SLIDE_LAYOUT_INVALID');
    expect(empty.body.strMessage).toMatch(
      /^The files of “z\.svs” do not make a slide: a slide is one file, not empty/,
    );
    expectRefused(
      await records([{ strFileName: 'photo.jpg', lSize: 10 }]),
      'SLIDE_TYPE_UNSUPPORTED',
    );
    const rows = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.patientId, c.iPatientId));
    expect(rows).toHaveLength(0);
    expect(fs.readdirSync(path.dirname(t.dataDir)).includes('evil.dat')).toBe(false);
  });

  it('refuses duplicate names per case and in one request, a locked case and free upload', async () => {
    const c = await addCase(api, doctor.token);
    // A real slide: it stays uploaded once the slide engine has read it (a made-up one would turn
    // failed whenever the engine got to it, and a failed slide's name has its own refusal).
    await uploadSlide(api, t.baseUrl, doctor.token, { iPatientId: c.iPatientId }, 'dup.svs', CMU);
    const again = await addRecords(api, doctor.token, {
      iPatientId: c.iPatientId,
      iUploadType: 0,
      listFile: [{ strFileName: 'DUP.svs', lSize: 900 }],
    });
    expectRefused(again, 'SLIDE_NAME_EXISTS');
    await t.app.slideIngest.idle();
    expectRefused(
      await addRecords(api, doctor.token, {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [{ strFileName: 'dup.svs', lSize: 900 }],
      }),
      'SLIDE_NAME_EXISTS',
    );
    expectRefused(
      await addRecords(api, doctor.token, {
        iPatientId: c.iPatientId,
        iUploadType: 1,
        listFile: [
          { strFileName: 'twice.svs', lSize: 900 },
          { strFileName: 'twice.svs', lSize: 900 },
        ],
      }),
      'SLIDE_NAME_EXISTS',
    );
    // A single upload takes one file; a batch several.
    const single = await api.post(
      'slideDocument/addUploadRecords',
      {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [
          { strFileName: 'one.svs', lSize: 900 },
          { strFileName: 'two.svs', lSize: 900 },
        ],
      },
      { token: doctor.token, lang: 'en' },
    );
    expectFieldError(single, 'listFile', 'validation.singleUpload');
    expectRefused(
      await addRecords(api, doctor.token, {
        iPatientId: c.iPatientId,
        iUploadType: 2,
        listFile: [{ strFileName: 'f.svs', lSize: 9 }],
      }),
      'FREE_UPLOAD_UNAVAILABLE',
    );
    await setCaseState(db(), c.iPatientId, CaseState.Submitted);
    expectRefused(
      await addRecords(api, doctor.token, {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [{ strFileName: 'late.svs', lSize: 9 }],
      }),
      'SLIDE_CASE_LOCKED',
    );
    // Someone else's case: refused inside the hospital, unknown outside it.
    const other = await addCase(api, colleague.token);
    const input = {
      iPatientId: other.iPatientId,
      iUploadType: 0 as const,
      listFile: [{ strFileName: 'x.svs', lSize: 9 }],
    };
    expectRefused(await addRecords(api, doctor.token, input), 'CASE_NOT_OWNED');
    expectNotFound(await addRecords(api, outsider.token, input));
  });

  it('refuses vendor formats at once where OpenSlide is missing, saying how to enable them', async () => {
    openSlideHere = false;
    try {
      // The picker hears it first: the vendor types are named apart, not offered as supported.
      const support = expectOk(
        await api.get<SupportSlideDto>(
          'slideDocument/getSupportSlide',
          {},
          { token: doctor.token },
        ),
      );
      expect(support.listType).toEqual(expect.arrayContaining(['svs', 'tif', 'tiff', 'dcm']));
      expect(support.listType).not.toContain('ndpi');
      expect(support.listType).not.toContain('mrxs');
      expect(support.listNeedsOpenSlide).toEqual(
        expect.arrayContaining(['ndpi', 'mrxs', 'scn', 'bif', 'vms', 'vmu']),
      );
      const c = await addCase(api, doctor.token);
      // Another type's refusal lists only what this server reads now.
      const photo = await api.post(
        'slideDocument/addUploadRecords',
        {
          iPatientId: c.iPatientId,
          iUploadType: 0,
          listFile: [{ strFileName: 'photo.jpg', lSize: 900 }],
        },
        { token: doctor.token, lang: 'en' },
      );
      expectRefused(photo, 'SLIDE_TYPE_UNSUPPORTED');
      expect(photo.body.strMessage).toBe(
        'Unsupported slide file type. Supported: SVS / TIF / TIFF / DCM',
      );
      const refused = await api.post(
        'slideDocument/addUploadRecords',
        {
          iPatientId: c.iPatientId,
          iUploadType: 1,
          listFile: [
            { strFileName: 'fine.svs', lSize: 900 },
            { strFileName: 'scan.ndpi', lSize: 900 },
          ],
        },
        { token: doctor.token, lang: 'en' },
      );
      expectRefused(refused, 'SLIDE_TYPE_NEEDS_OPENSLIDE');
      expect(refused.body.strMessage).toContain('cannot take NDPI slides');
      expect(refused.body.strMessage).toContain('apt-get install libopenslide0');
      // Nothing was recorded, not even the slide it could read.
      const rows = await db()
        .select()
        .from(slideDocuments)
        .where(eq(slideDocuments.patientId, c.iPatientId));
      expect(rows).toEqual([]);
      // Formats read in TypeScript go on as before.
      expectOk(
        await addRecords(api, doctor.token, {
          iPatientId: c.iPatientId,
          iUploadType: 0,
          listFile: [{ strFileName: 'fine.svs', lSize: 900 }],
        }),
      );
      openSlideHere = true;
      expectOk(
        await addRecords(api, doctor.token, {
          iPatientId: c.iPatientId,
          iUploadType: 0,
          listFile: [{ strFileName: 'scan.ndpi', lSize: 900 }],
        }),
      );
    } finally {
      openSlideHere = true;
    }
  });

  it('answers another user’s upload like a missing one', async () => {
    const bytes = tiffLike(1);
    const { doc } = await startUpload('mine.svs', bytes.length);
    const id = doc.iSlideDocumentId;
    for (const token of [colleague.token, outsider.token]) {
      expectNotFound(
        await chunk(
          { iSlideDocumentId: id, strFilePath: 'mine.svs', iChunk: 0, bytes: chunkOf(bytes, 0) },
          token,
        ),
      );
      // The attempt is in the audit trail, under the caller (the answer still says nothing).
      const caller = token === colleague.token ? colleague.id : outsider.id;
      expect(await latestAuditRecord(db(), 'slideDocument/fileUploadHandler')).toMatchObject({
        userId: caller,
        outcome: 'failure',
        targetId: String(id),
        detail: { strErrorCode: 'NOT_FOUND', iChunk: 0 },
      });
      expectNotFound(await status(id, token));
      expect(await latestAuditRecord(db(), 'slideDocument/getFileStatus')).toMatchObject({
        userId: caller,
        outcome: 'failure',
        targetId: String(id),
      });
      expectNotFound(await checksums(id, token));
      expect(await latestAuditRecord(db(), 'slideDocument/getChunkChecksums')).toMatchObject({
        userId: caller,
        outcome: 'failure',
      });
      expectNotFound(
        await api.post('slideDocument/cancelUpload', { iSlideDocumentId: id }, { token }),
      );
    }
    expectNotFound(
      await chunk({
        iSlideDocumentId: id,
        strFilePath: 'other.svs',
        iChunk: 0,
        bytes: chunkOf(bytes, 0),
      }),
    );
    expectNotFound(await status(2_000_000_000));
    expect(expectOk(await status(id)).listFileSliceInfo[0]?.listReceived).toEqual([]);
  });

  it('gives a slide registered by number to its case made at the same moment', async () => {
    const user = await loggedInUser(db(), api, hospitalA);
    const c = await addCase(api, user.token);
    const num = `${c.strDiagnosistNum}-N`;
    let upload: ReturnType<typeof addRecords> | undefined;
    // The case takes the number in a transaction that holds it (as making or renumbering a case
    // does) while the slide is registered under it: on PostgreSQL the upload looked for the case
    // before it had the number, and waits for the number; the embedded database runs it after.
    await db().transaction(async (tx) => {
      await lockCaseNumber(tx, hospitalA, num);
      await tx.update(patients).set({ diagnosisNum: num }).where(eq(patients.id, c.iPatientId));
      upload = addRecords(api, user.token, {
        strDiagnosistNum: num,
        iUploadType: 0,
        listFile: [{ strFileName: 'meanwhile.svs', lSize: 1000 }],
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const doc = expectOk(await upload!).listFile[0];
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc?.iSlideDocumentId ?? 0));
    expect(row).toMatchObject({ patientId: c.iPatientId, diagnosisNum: num });
  });

  it('registers a slide to a case under the number and state the case has once it is in', async () => {
    const user = await loggedInUser(db(), api, hospitalA);
    const register = (c: { iPatientId: number }, name: string) =>
      addRecords(api, user.token, {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [{ strFileName: name, lSize: 1000 }],
      });
    // The case is renumbered (its row held, as editing a case holds it) while a slide is
    // registered to it: on PostgreSQL the upload read the old number before it and used it, which
    // left the slide outside its case's number; now it waits for the case. The embedded database
    // runs it after.
    const renumbered = await addCase(api, user.token);
    const num = `${renumbered.strDiagnosistNum}-R`;
    let upload: ReturnType<typeof addRecords> | undefined;
    await db().transaction(async (tx) => {
      await tx
        .update(patients)
        .set({ diagnosisNum: num })
        .where(eq(patients.id, renumbered.iPatientId));
      upload = register(renumbered, 'renumbered.svs');
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const doc = expectOk(await upload!).listFile[0];
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc?.iSlideDocumentId ?? 0));
    expect(row).toMatchObject({ patientId: renumbered.iPatientId, diagnosisNum: num });

    // The case is sent meanwhile: it no longer takes slides, and nothing is registered.
    const sent = await addCase(api, user.token);
    let late: ReturnType<typeof addRecords> | undefined;
    await db().transaction(async (tx) => {
      await tx
        .update(patients)
        .set({ state: CaseState.Submitted })
        .where(eq(patients.id, sent.iPatientId));
      late = register(sent, 'late.svs');
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expectRefused(await late!, 'SLIDE_CASE_LOCKED');
    expect(
      await db().select().from(slideDocuments).where(eq(slideDocuments.patientId, sent.iPatientId)),
    ).toEqual([]);
  });

  it('checks the quota before the start and on every chunk', async () => {
    const hospital = await createHospital(db(), { storageTotalGb: '0.001' });
    const small = await loggedInUser(db(), api, hospital.id);
    const records = (size: number, name = 'q.svs') =>
      addRecords(api, small.token, {
        strDiagnosistNum: 'Q-1',
        iUploadType: 0,
        listFile: [{ strFileName: name, lSize: size }],
      });
    // 0.001 GB ≈ 1.07 MB: a 2 MB slide does not fit.
    const a = await records(2 * 1024 * 1024);
    expectRefused(a, 'SLIDE_EXCEEDS_CAPACITY');
    expect(a.body).toMatchObject({ objErrorParams: { free: '1.02 MB' } });
    expect(await used(hospital.id)).toBe(0);
    const bytes = tiffLike(0, 600_000);
    const doc = expectOk(await records(bytes.length)).listFile[0];
    const second = await records(600_000, 'q2.svs');
    expectRefused(second, 'SLIDE_EXCEEDS_CAPACITY');
    // Under a megabyte left is said as it is, not floored to "0 MB".
    expect(second.body).toMatchObject({ objErrorParams: { free: '463 KB' } });
    await db()
      .update(hospitals)
      .set({ storageUsedBytes: Math.ceil(0.001 * GB) })
      .where(eq(hospitals.id, hospital.id));
    expectRefused(await records(10, 'q3.svs'), 'CAPACITY_USED_UP');
    // The administrator lowers the total while the upload runs: the next chunk is refused.
    await db().update(hospitals).set({ storageTotalGb: '0' }).where(eq(hospitals.id, hospital.id));
    expectRefused(
      await chunk(
        { iSlideDocumentId: doc?.iSlideDocumentId ?? 0, strFilePath: 'q.svs', iChunk: 0, bytes },
        small.token,
      ),
      'CAPACITY_USED_UP',
    );
  });

  it('lists an upload no chunk reached for two minutes as interrupted, until one does', async () => {
    const bytes = tiffLike(2);
    const { c, doc } = await startUpload('stalled.svs', bytes.length);
    const send = chunkSender(doc.iSlideDocumentId, 'stalled.svs', bytes);
    const stalled = async () => {
      const list = expectOk(
        await api.get<SlideDocumentList>(
          'slideDocument/selectSlideDocumentByPatient',
          { iPatientId: c.iPatientId },
          { token: doctor.token },
        ),
      ).listSlideDocument;
      return list.map((s) => [s.strFileName, s.ddUploadState.iNumber, s.bStalled]);
    };
    expectOk(await send(0));
    expect(await stalled()).toEqual([['stalled.svs', SlideUploadState.Uploading, false]]);
    // A queue whose chunk timed out (60 s) waits up to 30 s before trying again: still uploading.
    t.clock.advanceMinutes(1.75);
    expect(await stalled()).toEqual([['stalled.svs', SlideUploadState.Uploading, false]]);
    // Over two minutes without a chunk: interrupted (the page was closed).
    t.clock.advanceMinutes(0.5);
    expect(await stalled()).toEqual([['stalled.svs', SlideUploadState.Uploading, true]]);
    // The queue picks it up again: the next chunk is a sign of life.
    expectOk(await send(1));
    expect(await stalled()).toEqual([['stalled.svs', SlideUploadState.Uploading, false]]);
    t.clock.advanceMinutes(4);
    expectOk(await send(2, true));
    // The engine's verdict comes after the last chunk (these bytes are no readable slide):
    // wait for it, or the list answers Uploaded or Failed depending on who is faster.
    await t.app.slideIngest.idle();
    expect(await stalled()).toEqual([['stalled.svs', SlideUploadState.Failed, false]]);
  });

  it('lists an upload its uploader paused as interrupted at once, until its next chunk, however soon', async () => {
    const bytes = tiffLike(2);
    const { c, doc } = await startUpload('paused.svs', bytes.length);
    const send = chunkSender(doc.iSlideDocumentId, 'paused.svs', bytes);
    const stalled = async () =>
      expectOk(
        await api.get<SlideDocumentList>(
          'slideDocument/selectSlideDocumentByPatient',
          { iPatientId: c.iPatientId },
          { token: doctor.token },
        ),
      ).listSlideDocument.map((s) => s.bStalled);
    const pause = (token: string) =>
      api.post('slideDocument/pauseUpload', { iSlideDocumentId: doc.iSlideDocumentId }, { token });
    expectOk(await send(0));
    expect(await stalled()).toEqual([false]);
    // Another hospital's doctor cannot pause it: the upload does not exist for them. Uploads
    // are doctors' work: an expert of the hospital is refused the call.
    expectNotFound(await pause(outsider.token));
    expectForbidden(await pause((await loggedInUser(db(), api, hospitalA, RoleType.Expert)).token));
    expect(await stalled()).toEqual([false]);
    expectOk(await pause(doctor.token));
    expect(await stalled()).toEqual([true]);
    // Resumed a second later: its activity was refreshed by the chunk before the pause, and the
    // next one refreshes it again anyway.
    t.clock.advanceMinutes(1 / 60);
    expectOk(await send(1));
    expect(await stalled()).toEqual([false]);
    expectOk(await pause(doctor.token));
    expectOk(await send(2, true));
    await t.app.slideIngest.idle();
    // Finished: pausing it changes nothing and is no error (its last chunk was on the wire).
    expectOk(await pause(doctor.token));
    expect(await stalled()).toEqual([false]);
  });

  it('cancels an upload and sweeps abandoned ones, giving their storage back', async () => {
    const before = (await used()) ?? 0;
    const bytes = tiffLike(1);
    const { doc } = await startUpload('cancel.svs', bytes.length);
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expect(await used()).toBe(before + bytes.length);
    expectOk(
      await api.post(
        'slideDocument/cancelUpload',
        { iSlideDocumentId: doc.iSlideDocumentId },
        { token: doctor.token },
      ),
    );
    expect(await used()).toBe(before);
    expect(fs.existsSync(documentDir(t.dataDir, hospitalA, row?.storageKey ?? ''))).toBe(false);
    expectNotFound(await status(doc.iSlideDocumentId));

    const idle = await startUpload('idle.svs', bytes.length);
    expectOk(
      await chunk({
        iSlideDocumentId: idle.doc.iSlideDocumentId,
        strFilePath: 'idle.svs',
        iChunk: 0,
        bytes: chunkOf(bytes, 0),
      }),
    );
    const deps = { db: db(), dataDir: t.dataDir };
    expect(await sweepAbandonedUploads(deps, t.clock.now(), 48)).toEqual([]);
    t.clock.advanceMinutes(49 * 60);
    // Every unfinished upload of this hospital is idle by now (earlier tests left some).
    const unfinished = await db()
      .select()
      .from(slideDocuments)
      .where(
        and(
          eq(slideDocuments.hospitalId, hospitalA),
          eq(slideDocuments.state, SlideUploadState.Uploading),
        ),
      );
    const reserved = unfinished.reduce((n, d) => n + d.totalBytes, 0);
    const usedBeforeSweep = (await used()) ?? 0;
    const swept = await sweepAbandonedUploads(deps, t.clock.now(), 48);
    expect(swept.length).toBeGreaterThanOrEqual(unfinished.length);
    const gone = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, idle.doc.iSlideDocumentId));
    expect(gone).toHaveLength(0);
    // Each removal is in the audit trail, under the hospital and no user.
    const [trail] = await db()
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, SWEEP_AUDIT_ACTION),
          eq(auditLogs.targetId, String(idle.doc.iSlideDocumentId)),
        ),
      );
    expect(trail).toMatchObject({
      userId: null,
      hospitalId: hospitalA,
      outcome: 'success',
      targetType: 'slideDocument',
      detail: { strFileName: 'idle.svs', lSize: bytes.length, iIdleHours: 48 },
    });
    expect(await used()).toBe(usedBeforeSweep - reserved);
    // Finished slides are never swept.
    expect(
      (
        await db()
          .select()
          .from(slideDocuments)
          .where(eq(slideDocuments.state, SlideUploadState.Uploaded))
      ).length,
    ).toBeGreaterThan(0);
  });

  it('keeps an upload that came back between the sweep’s look and its removal', async () => {
    // Earlier tests moved the clock on past the doctor's session.
    const user = await loggedInUser(db(), api, hospitalA);
    const bytes = tiffLike(1);
    const { doc } = await startUpload('back.svs', bytes.length, user.token);
    const snapshot = async () =>
      (
        await db().select().from(slideDocuments).where(eq(slideDocuments.id, doc.iSlideDocumentId))
      )[0]!;
    t.clock.advanceMinutes(49 * 60);
    const cutoff = new Date(t.clock.now().getTime() - 48 * 3600_000);
    // The sweep saw it idle...
    const seen = await snapshot();
    expect(seen.activeAt.getTime()).toBeLessThan(cutoff.getTime());
    // ...then its user came back: a chunk moved its "last active" time.
    await db()
      .update(slideDocuments)
      .set({ activeAt: t.clock.now() })
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    const usedBefore = await used();
    const deps = { db: db(), dataDir: t.dataDir };
    expect(await discardUpload(deps, seen, idleSince(cutoff))).toBe(false);
    expect(await snapshot()).toMatchObject({ state: SlideUploadState.Uploading, deletedAt: null });
    expect(await used()).toBe(usedBefore);
    // A finished upload is never discarded, whatever the caller saw of it before.
    await db()
      .update(slideDocuments)
      .set({ state: SlideUploadState.Uploaded, completedAt: t.clock.now() })
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expect(await discardUpload(deps, seen)).toBe(false);
    expect((await snapshot()).state).toBe(SlideUploadState.Uploaded);
  });

  it('keeps an idle upload its uploader came back to, before their next chunk', async () => {
    const user = await loggedInUser(db(), api, hospitalA);
    const bytes = tiffLike(1);
    const deps = { db: db(), dataDir: t.dataDir };
    const idleFor = (id: number, hours: number) =>
      db()
        .update(slideDocuments)
        .set({ activeAt: new Date(t.clock.now().getTime() - hours * 3600_000) })
        .where(eq(slideDocuments.id, id));
    const live = async (id: number) =>
      (await db().select().from(slideDocuments).where(eq(slideDocuments.id, id)))[0]?.deletedAt ===
      null;
    // Continued after a reload: the same file chosen again for the same case.
    const { c, doc } = await startUpload('came-back.svs', bytes.length, user.token);
    await idleFor(doc.iSlideDocumentId, 49);
    const again = expectOk(
      await addRecords(api, user.token, {
        iPatientId: c.iPatientId,
        iUploadType: 0,
        listFile: [
          {
            iFileId: 7,
            strFileName: 'came-back.svs',
            lSize: bytes.length,
            lLastModified: 1_700_000_000_000,
          },
        ],
      }),
    ).listFile[0];
    expect(again).toMatchObject({ iSlideDocumentId: doc.iSlideDocumentId, bResumed: true });
    // Read what it holds (another tab, the slide list's "continue").
    const read = await startUpload('read-back.svs', bytes.length, user.token);
    await idleFor(read.doc.iSlideDocumentId, 49);
    expectOk(await status(read.doc.iSlideDocumentId, user.token));
    const checked = await startUpload('checked-back.svs', bytes.length, user.token);
    await idleFor(checked.doc.iSlideDocumentId, 49);
    expectOk(await checksums(checked.doc.iSlideDocumentId, user.token));
    // Left alone: swept.
    const left = await startUpload('left.svs', bytes.length, user.token);
    await idleFor(left.doc.iSlideDocumentId, 49);

    const swept = (await sweepAbandonedUploads(deps, t.clock.now(), 48)).map((d) => d.id);
    expect(swept).toContain(left.doc.iSlideDocumentId);
    for (const id of [doc, read.doc, checked.doc].map((d) => d.iSlideDocumentId)) {
      expect(swept).not.toContain(id);
      expect(await live(id)).toBe(true);
    }
  });

  it('gives a deleted upload’s storage back once, when a chunk read before the deletion fails it after', async () => {
    const user = await loggedInUser(db(), api, hospitalA);
    const bytes = tiffLike(1);
    const { doc } = await startUpload('late-failure.svs', bytes.length, user.token);
    // Another slide stored, so that a second release would show (storage never goes below 0).
    await insertSlide(db(), t.dataDir, {
      hospitalId: hospitalA,
      uploadUserId: user.id,
      diagnosisNum: 'KEPT-1',
      totalBytes: 5 * bytes.length,
    });
    // A bad chunk's request read the upload (from its cache) just before the deletion...
    const seen = (
      await db().select().from(slideDocuments).where(eq(slideDocuments.id, doc.iSlideDocumentId))
    )[0]!;
    const usedBefore = await used();
    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: doc.iSlideDocumentId }] },
        { token: user.token },
      ),
    );
    const usedAfterDelete = await used();
    expect(usedAfterDelete).toBe((usedBefore ?? 0) - bytes.length);
    // ...and fails it once the deletion is committed: nothing is given back a second time.
    await failUpload({ db: db(), dataDir: t.dataDir }, seen, 'SLIDE_CONTENT_MISMATCH');
    expect(await used()).toBe(usedAfterDelete);
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expect(row?.failReason).toBeNull();
  });

  it('does not finish an upload deleted while its last chunk was on its way', async () => {
    const user = await loggedInUser(db(), api, hospitalA);
    const bytes = tiffLike(1, 500);
    const { doc } = await startUpload('deleted.svs', bytes.length, user.token);
    for (const i of [0, 1]) {
      expectOk(
        await chunk(
          {
            iSlideDocumentId: doc.iSlideDocumentId,
            strFilePath: 'deleted.svs',
            iChunk: i,
            bytes: chunkOf(bytes, i),
          },
          user.token,
        ),
      );
    }
    // Deleted by another server (this one's short-lived view of the upload does not know).
    await db()
      .update(slideDocuments)
      .set({ deletedAt: t.clock.now() })
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expectNotFound(
      await chunk(
        {
          iSlideDocumentId: doc.iSlideDocumentId,
          strFilePath: 'deleted.svs',
          iChunk: 1,
          bytes: chunkOf(bytes, 1),
          iUpdadeState: 1,
        },
        user.token,
      ),
    );
    const [row] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    expect(row).toMatchObject({ state: SlideUploadState.Uploading, completedAt: null });
    // The cache is the process's: the run on the other database must not find this upload in it.
    forgetDocument(db(), doc.iSlideDocumentId);
  });

  it('answers 404 when an upload is removed while its completion checks the files', async () => {
    const user = await loggedInUser(db(), api, hospitalA);
    const bytes = tiffLike(1, 500);
    const { doc } = await startUpload('gone-in-check.svs', bytes.length, user.token);
    for (const i of [0, 1]) {
      expectOk(
        await chunk(
          {
            iSlideDocumentId: doc.iSlideDocumentId,
            strFilePath: 'gone-in-check.svs',
            iChunk: i,
            bytes: chunkOf(bytes, i),
          },
          user.token,
        ),
      );
    }
    const [seen] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    // Completion has read the chunk list; then the upload is deleted (its row marked, its files
    // removed) before the files are read back.
    await db()
      .update(slideDocuments)
      .set({ deletedAt: t.clock.now() })
      .where(eq(slideDocuments.id, doc.iSlideDocumentId));
    fs.rmSync(documentDir(t.dataDir, hospitalA, seen?.storageKey ?? ''), { recursive: true });
    const checksums = await loadFileChecksums();
    const deps: ChunkDeps = {
      db: db(),
      clock: t.clock,
      dataDir: t.dataDir,
      checksums,
      // A fresh process's: nothing hashed on the way in, so every file is read back.
      digests: new RunningDigests(checksums),
      buffers: new ChunkBufferPool(UPLOAD_CHUNK_BYTES, loadAlignedAllocator()),
    };
    await expect(completeDocument(deps, seen!)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    forgetDocument(db(), doc.iSlideDocumentId);

    // Cancelled while its last chunk was on its way, one chunk never sent: gone (404), not
    // "send the missing chunks again" to an upload that no longer exists.
    const half = await startUpload('gone-half.svs', bytes.length, user.token);
    expectOk(
      await chunk(
        {
          iSlideDocumentId: half.doc.iSlideDocumentId,
          strFilePath: 'gone-half.svs',
          iChunk: 0,
          bytes: chunkOf(bytes, 0),
        },
        user.token,
      ),
    );
    const [halfSeen] = await db()
      .select()
      .from(slideDocuments)
      .where(eq(slideDocuments.id, half.doc.iSlideDocumentId));
    await db()
      .update(slideDocuments)
      .set({ deletedAt: t.clock.now() })
      .where(eq(slideDocuments.id, half.doc.iSlideDocumentId));
    await expect(completeDocument(deps, halfSeen!)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    forgetDocument(db(), half.doc.iSlideDocumentId);
  });

  it('recalculates used storage from the files, with uploads under way still reserved', async () => {
    const hospital = await createHospital(db(), { storageTotalGb: '1' });
    const user = await loggedInUser(db(), api, hospital.id);
    const bytes = tiffLike(1, 10);
    await uploadSlide(api, t.baseUrl, user.token, { strDiagnosistNum: 'R-1' }, 'done.svs', bytes);
    await addRecords(api, user.token, {
      strDiagnosistNum: 'R-2',
      iUploadType: 0,
      listFile: [{ strFileName: 'half.svs', lSize: 5000 }],
    });
    await db().update(hospitals).set({ storageUsedBytes: 0 }).where(eq(hospitals.id, hospital.id));
    // Files no slide owns (left by hand, or by a removal that failed) are on the disk all the same.
    const stray = path.join(hospitalSlidesDir(t.dataDir, hospital.id), 'stray');
    fs.mkdirSync(stray, { recursive: true });
    fs.writeFileSync(path.join(stray, 'copy.svs'), Buffer.alloc(700));
    fs.writeFileSync(
      path.join(hospitalSlidesDir(t.dataDir, hospital.id), 'loose.bin'),
      'x'.repeat(30),
    );
    const admin = await api.login('admin', 'Admin@test-1');
    expectOk(
      await api.post(
        'hospitalManage/calibrateMemory',
        { iHospitalId: hospital.id },
        { token: admin },
      ),
    );
    expect(await used(hospital.id)).toBe(bytes.length + 5000 + 730);
  });

  it('takes what changed during the walk from the documents, not from the walk', async () => {
    const hospital = await createHospital(db(), { storageTotalGb: '1' });
    const user = await loggedInUser(db(), api, hospital.id);
    const stored = tiffLike(1, 10);
    await uploadSlide(api, t.baseUrl, user.token, { strDiagnosistNum: 'W-1' }, 'kept.svs', stored);
    const removed = await uploadSlide(
      api,
      t.baseUrl,
      user.token,
      { strDiagnosistNum: 'W-2' },
      'gone.svs',
      stored,
    );
    const start = async (name: string, size: number) =>
      expectOk(
        await addRecords(api, user.token, {
          strDiagnosistNum: 'W-3',
          iUploadType: 0,
          listFile: [{ strFileName: name, lSize: size }],
        }),
      ).listFile[0]!;
    const cancelled = await start('cancelled.svs', 7000);
    const finishing = tiffLike(0, 3000);
    const finished = await start('finished.svs', finishing.length);
    // The folder is walked; then, before the figure is made, an upload is cancelled, a slide is
    // deleted and another upload finishes.
    const walk = await measureHospitalDisk(db(), t.dataDir, hospital.id);
    expectOk(
      await api.post(
        'slideDocument/cancelUpload',
        { iSlideDocumentId: cancelled.iSlideDocumentId },
        { token: user.token },
      ),
    );
    expectOk(
      await api.post(
        'slideDocument/deleteSlideDocument',
        { listSlideDocument: [{ iSlideDocumentId: removed }] },
        { token: user.token },
      ),
    );
    expectOk(
      await chunk(
        {
          iSlideDocumentId: finished.iSlideDocumentId,
          strFilePath: 'finished.svs',
          iChunk: 0,
          bytes: finishing,
          iUpdadeState: 1,
        },
        user.token,
      ),
    );
    // Neither the cancelled upload nor the deleted slide counts (their storage was given back);
    // the finished one counts what it holds now.
    const figure = await db().transaction((tx) => usedBytesFrom(tx, t.dataDir, hospital.id, walk));
    expect(figure).toBe(stored.length + finishing.length);
  });

  it('measures again a slide the engine read during the walk (its label and macro)', async () => {
    const hospital = await createHospital(db(), { storageTotalGb: '1' });
    const user = await loggedInUser(db(), api, hospital.id);
    const id = await uploadSlide(
      api,
      t.baseUrl,
      user.token,
      { strDiagnosistNum: 'W-4' },
      'r.svs',
      CMU,
    );
    await t.app.slideIngest.idle();
    const [row] = await db().select().from(slideDocuments).where(eq(slideDocuments.id, id));
    const folder = documentDir(t.dataDir, hospital.id, row!.storageKey);
    const images = ['label.jpg', 'macro.jpg'].map((name) => ({
      name,
      bytes: fs.readFileSync(path.join(folder, name)),
    }));
    // As the folder was before the engine read the slide: the walk sees the slide alone.
    await db().update(slideDocuments).set({ ingestedAt: null }).where(eq(slideDocuments.id, id));
    images.forEach((image) => fs.rmSync(path.join(folder, image.name)));
    const walk = await measureHospitalDisk(db(), t.dataDir, hospital.id);
    // The engine reads it before the figure is made: it saves the images, the state is unchanged.
    images.forEach((image) => fs.writeFileSync(path.join(folder, image.name), image.bytes));
    await db()
      .update(slideDocuments)
      .set({ ingestedAt: row!.ingestedAt })
      .where(eq(slideDocuments.id, id));
    const figure = await db().transaction((tx) => usedBytesFrom(tx, t.dataDir, hospital.id, walk));
    expect(figure).toBe(CMU.length + images.reduce((sum, image) => sum + image.bytes.length, 0));
  });

  it('keeps an upload accepted while the storage is being measured', async () => {
    const hospital = await createHospital(db(), { storageTotalGb: '1' });
    const user = await loggedInUser(db(), api, hospital.id);
    const admin = await api.login('admin', 'Admin@test-1');
    let calibrated: ReturnType<typeof api.post> | undefined;
    // An upload being accepted: its size reserved and its record written in one transaction,
    // which the measurement starts in the middle of. Measured without waiting for it, the figure
    // written afterwards lost the reservation (on PostgreSQL; PGlite runs one at a time).
    await db().transaction(async (tx) => {
      await reserveStorage(tx, hospital.id, 5000);
      await tx.insert(slideDocuments).values({
        hospitalId: hospital.id,
        diagnosisNum: 'M-1',
        uploadUserId: user.id,
        uploadType: 0,
        originalName: 'meanwhile.svs',
        displayName: 'meanwhile.svs',
        fileType: 'svs',
        totalBytes: 5000,
        chunkBytes: UPLOAD_CHUNK_BYTES,
        storageKey: newStorageKey(),
        createdAt: t.clock.now(),
        activeAt: t.clock.now(),
      });
      calibrated = api.post(
        'hospitalManage/calibrateMemory',
        { iHospitalId: hospital.id },
        { token: admin },
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expectOk(await calibrated!);
    expect(await used(hospital.id)).toBe(5000);
  });
});
