import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SlideUploadState, sameFileAs } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import {
  hospitals,
  patients,
  slideChunks,
  slideDocuments,
  slideFiles,
  users,
} from '../../db/schema';
import { visibleWhere, type SlideDocumentRow } from './access';
import type { Actor } from '../auth/actor';

/*
 * The reads behind slide documents as lists show them: the document with its hospital's,
 * uploader's, case's and remover's names, its file count and the bytes received so far.
 */

export interface SlideDocumentView {
  doc: SlideDocumentRow;
  hospitalName: string;
  uploaderName: string;
  patientName: string | null;
  /** The matched case's state (null: unmatched). */
  patientState: number | null;
  /** The matched case's owner, the doctor who removes it from the case (null: unmatched). */
  patientOwnerId: number | null;
  /** Unmatched, and a case of the slide's hospital has its number (what matching looks for). */
  numberHasCase: boolean;
  deleterName: string | null;
  fileCount: number;
  /** Bytes received: the whole size once uploaded, the chunks held while uploading. */
  progress: number;
}

const uploader = alias(users, 'uploader');
const deleter = alias(users, 'deleter');

/**
 * Whether an unmatched slide's number has a case in the slide's own hospital (the slide is one
 * the caller sees, so no other hospital is looked at), compared without case like
 * patients_hospital_num_key, whose index answers it: lists switch Match off for a slide no case
 * can take yet, instead of offering it only to say so afterwards.
 */
function numberHasCase() {
  return sql<boolean>`(${slideDocuments.patientId} is null and exists (
    select 1 from ${patients} as number_case
    where number_case.hospital_id = ${slideDocuments.hospitalId}
      and lower(number_case.diagnosis_num) = lower(${slideDocuments.diagnosisNum})))`;
}

/** Newest first; (created_at, id) keeps pages stable and follows slide_documents_hospital_idx. */
export const NEWEST_FIRST = [desc(slideDocuments.createdAt), desc(slideDocuments.id)];

/**
 * The documents `where` admits, in `order` (newest first), one page when `page` is given, with
 * their names.
 */
export async function documentViews(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
  order = NEWEST_FIRST,
): Promise<SlideDocumentView[]> {
  const query = db
    .select({
      doc: slideDocuments,
      hospitalName: hospitals.name,
      uploaderName: uploader.realName,
      patientName: patients.name,
      patientState: patients.state,
      patientOwnerId: patients.ownerId,
      numberHasCase: numberHasCase(),
      deleterName: deleter.realName,
    })
    .from(slideDocuments)
    .innerJoin(hospitals, eq(hospitals.id, slideDocuments.hospitalId))
    .innerJoin(uploader, eq(uploader.id, slideDocuments.uploadUserId))
    .leftJoin(patients, eq(patients.id, slideDocuments.patientId))
    .leftJoin(deleter, eq(deleter.id, slideDocuments.deletedBy))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  const docs = rows.map((r) => r.doc);
  const [files, received] = await Promise.all([fileCounts(db, docs), receivedBytes(db, docs)]);
  return rows.map((r) => ({
    ...r,
    fileCount: files.get(r.doc.id) ?? 0,
    progress: progressOf(r.doc, received),
  }));
}

export function progressOf(
  doc: Pick<SlideDocumentRow, 'id' | 'state' | 'totalBytes'>,
  received: ReadonlyMap<number, number>,
): number {
  return doc.state === SlideUploadState.Uploaded ? doc.totalBytes : (received.get(doc.id) ?? 0);
}

async function fileCounts(db: Db, docs: readonly SlideDocumentRow[]): Promise<Map<number, number>> {
  if (docs.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: slideFiles.documentId, n: count() })
    .from(slideFiles)
    .where(
      inArray(
        slideFiles.documentId,
        docs.map((d) => d.id),
      ),
    )
    .groupBy(slideFiles.documentId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * For each uploaded document of `docs` in a case, the name of the case's earlier slide that is
 * the same file (shared `sameFileAs`, the rule of the case's Slide files tab), among the slides
 * `actor` sees (`visibleWhere`): an upload by number can join a colleague's case, whose other
 * slides' names its uploader must not learn.
 */
export async function sameFileNames(
  db: Db,
  actor: Actor,
  docs: readonly SlideDocumentRow[],
): Promise<Map<number, string>> {
  const candidates = docs.filter(
    (d) => d.state === SlideUploadState.Uploaded && d.checksum !== null && d.patientId !== null,
  );
  if (candidates.length === 0) {
    return new Map();
  }
  const inCases = await db
    .select()
    .from(slideDocuments)
    .where(
      and(
        visibleWhere(actor),
        inArray(slideDocuments.patientId, [...new Set(candidates.map((d) => d.patientId!))]),
        inArray(slideDocuments.checksum, [...new Set(candidates.map((d) => d.checksum!))]),
        isNull(slideDocuments.deletedAt),
      ),
    );
  const files = await fileCounts(db, inCases);
  const byCase = new Map<number, SlideDocumentRow[]>();
  for (const d of inCases) {
    const slides = byCase.get(d.patientId!) ?? [];
    slides.push(d);
    byCase.set(d.patientId!, slides);
  }
  // Only the documents asked about: the case's other copies are not theirs to report.
  const asked = new Set(candidates.map((d) => d.id));
  const same = new Map<number, string>();
  for (const slides of byCase.values()) {
    const rows = slides.map((d) => ({
      iSlideDocumentId: d.id,
      strFileName: d.displayName,
      strChecksum: d.checksum,
      iFileCount: files.get(d.id) ?? 0,
    }));
    for (const [id, name] of sameFileAs(rows)) {
      if (asked.has(id)) {
        same.set(id, name);
      }
    }
  }
  return same;
}

/**
 * Bytes held of the documents still uploading: each chunk received is a full chunk except the
 * last of its file (chunkLengthOf, in SQL). Uploaded documents are whole; failed ones hold none.
 */
export async function receivedBytes(
  db: Db,
  docs: readonly Pick<SlideDocumentRow, 'id' | 'state'>[],
): Promise<Map<number, number>> {
  const uploading = docs.filter((d) => d.state === SlideUploadState.Uploading).map((d) => d.id);
  if (uploading.length === 0) {
    return new Map();
  }
  const offset = sql`${slideChunks.chunkIndex}::bigint * ${slideDocuments.chunkBytes}`;
  const size = sql`least(${slideDocuments.chunkBytes}::bigint, ${slideFiles.size} - ${offset})`;
  const rows = await db
    .select({
      id: slideFiles.documentId,
      bytes: sql<number>`coalesce(sum(${size}), 0)`.mapWith(Number),
    })
    .from(slideChunks)
    .innerJoin(slideFiles, eq(slideFiles.id, slideChunks.fileId))
    .innerJoin(slideDocuments, eq(slideDocuments.id, slideFiles.documentId))
    .where(inArray(slideFiles.documentId, uploading))
    .groupBy(slideFiles.documentId);
  return new Map(rows.map((r) => [r.id, r.bytes]));
}

/**
 * The live documents among `ids` that the caller sees in slide management, in id order; with
 * `lock`, their rows are locked until the transaction ends (id order, so that two calls over
 * overlapping selections wait for each other instead of deadlocking).
 */
export async function visibleLiveDocuments(
  tx: Db,
  actor: Actor,
  ids: readonly number[],
  lock: boolean,
): Promise<SlideDocumentRow[]> {
  const query = tx
    .select()
    .from(slideDocuments)
    .where(
      and(
        inArray(slideDocuments.id, [...ids]),
        isNull(slideDocuments.deletedAt),
        visibleWhere(actor),
      ),
    )
    .orderBy(asc(slideDocuments.id))
    .$dynamic();
  return lock ? query.for('update') : query;
}
