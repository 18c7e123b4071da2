import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { SlideUploadState, UPLOAD_CHUNK_BYTES } from '@pathconsult/shared';
import type { Db } from '../../src/db/client';
import {
  hospitals,
  slideChunks,
  slideDocuments,
  slideFiles,
  userPrivileges,
} from '../../src/db/schema';
import { documentDir, storedFilePath } from '../../src/storage/slide-paths';

/*
 * Slide documents for integration tests, put straight into the database and the data folder as
 * slide upload leaves them: the record, its one file (slide.svs) on disk, and the hospital's
 * storage counted (uploads under way and uploaded slides hold their declared size; a failed one
 * gave it back).
 */

export interface SlideValues {
  hospitalId: number;
  uploadUserId: number;
  diagnosisNum: string;
  name?: string;
  patientId?: number | null;
  state?: number;
  totalBytes?: number;
  createdAt?: Date;
  /** The type as uploaded (lower case); svs by default. */
  fileType?: string;
  failReason?: string | null;
  /** When the slide engine read it; unread (null) by default. */
  ingestedAt?: Date | null;
  /** The main file's checksum once uploaded; the same for every fixture by default. */
  checksum?: string;
}

export type SlideRow = typeof slideDocuments.$inferSelect;

let seq = 0;

export async function insertSlide(db: Db, dataDir: string, v: SlideValues): Promise<SlideRow> {
  const n = ++seq;
  const state = v.state ?? SlideUploadState.Uploaded;
  const totalBytes = v.totalBytes ?? 1000 + n;
  const name = v.name ?? `slide-${n}-${Date.now() % 100000}.svs`;
  const storageKey = randomUUID();
  const [doc] = await db
    .insert(slideDocuments)
    .values({
      hospitalId: v.hospitalId,
      uploadUserId: v.uploadUserId,
      patientId: v.patientId ?? null,
      diagnosisNum: v.diagnosisNum,
      originalName: name,
      displayName: name,
      fileType: v.fileType ?? 'svs',
      totalBytes,
      chunkBytes: UPLOAD_CHUNK_BYTES,
      state,
      failReason: v.failReason ?? null,
      ingestedAt: v.ingestedAt ?? null,
      storageKey,
      checksum: state === SlideUploadState.Uploaded ? (v.checksum ?? 'ab'.repeat(16)) : null,
      createdAt: v.createdAt ?? new Date('2026-01-05T08:00:00Z'),
      completedAt: state === SlideUploadState.Uploaded ? new Date('2026-01-05T08:05:00Z') : null,
    })
    .returning();
  if (!doc) {
    throw new Error('slide not inserted');
  }
  await db.insert(slideFiles).values({
    documentId: doc.id,
    position: 0,
    relativePath: name,
    storedPath: 'slide.svs',
    size: totalBytes,
    chunkCount: Math.ceil(totalBytes / UPLOAD_CHUNK_BYTES),
  });
  if (state !== SlideUploadState.Failed) {
    const file = storedFilePath(dataDir, doc.hospitalId, storageKey, 'slide.svs');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.alloc(totalBytes, 7));
    await db
      .update(hospitals)
      .set({ storageUsedBytes: sql`${hospitals.storageUsedBytes} + ${totalBytes}` })
      .where(eq(hospitals.id, doc.hospitalId));
  }
  return doc;
}

/** Records chunks of the document's file as received (an upload under way). */
export async function receiveChunks(db: Db, documentId: number, indexes: readonly number[]) {
  const [file] = await db.select().from(slideFiles).where(eq(slideFiles.documentId, documentId));
  if (!file) {
    throw new Error('no file');
  }
  await db
    .insert(slideChunks)
    .values(indexes.map((chunkIndex) => ({ fileId: file.id, chunkIndex, crc32: 'cdcdcdcd' })));
}

export async function slideRow(db: Db, id: number): Promise<SlideRow | undefined> {
  const [row] = await db.select().from(slideDocuments).where(eq(slideDocuments.id, id));
  return row;
}

export function slideFolderExists(dataDir: string, doc: SlideRow): boolean {
  return fs.existsSync(documentDir(dataDir, doc.hospitalId, doc.storageKey));
}

export async function storageUsed(db: Db, hospitalId: number): Promise<number> {
  const [row] = await db
    .select({ used: hospitals.storageUsedBytes })
    .from(hospitals)
    .where(eq(hospitals.id, hospitalId));
  return row?.used ?? -1;
}

/** A hospital administrator's scoped grant: removed (null), own hospital (1) or all (2). */
export async function setGrant(
  db: Db,
  userId: number,
  code: 'clearSlide' | 'statistics',
  scope: 1 | 2 | null,
) {
  const mine = and(eq(userPrivileges.userId, userId), eq(userPrivileges.code, code));
  await db.delete(userPrivileges).where(mine);
  if (scope !== null) {
    await db.insert(userPrivileges).values({ userId, code, scope });
  }
}

/** A hospital administrator's "clear slide" grant: removed (null), own hospital (1) or all (2). */
export const setClearSlide = (db: Db, userId: number, scope: 1 | 2 | null) =>
  setGrant(db, userId, 'clearSlide', scope);
