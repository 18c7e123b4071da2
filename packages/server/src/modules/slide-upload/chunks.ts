import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  SNIFF_BYTES,
  SlideUploadState,
  chunkLengthOf,
  contentMatchesType,
  type ChunkFields,
  type ChunkResultDto,
} from '@pathconsult/shared';
import { slideChunks, slideDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { completeDocument } from './completion';
import { failUpload } from './discard';
import { readRange, writeChunk } from './disk';
import { findChunkTarget, type ChunkTarget } from './lookup';
import { activityDue, cachedTarget, forgetDocument, rememberTarget } from './target-cache';
import { assertWithinQuota } from './quota';
import type { UploadDeps } from './records';

/** How often a document's "last active" time is refreshed: abandoned uploads are idle ones. */
const ACTIVE_REFRESH_MS = 60_000;

function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function resultOf(
  t: ChunkTarget,
  fields: ChunkFields,
  duplicate: boolean,
  state: number,
): ChunkResultDto {
  return {
    iSlideDocumentId: t.doc.id,
    strFilePath: t.file.relativePath,
    iChunk: fields.iChunk,
    bDuplicate: duplicate,
    ddUploadState: { iNumber: state },
    iUpdateState: state === SlideUploadState.Uploaded ? 1 : 0,
  };
}

/** A chunk sent again for a finished document: the same bytes are fine, other bytes are not. */
async function againForFinished(
  deps: UploadDeps,
  t: ChunkTarget,
  fields: ChunkFields,
  bytes: Buffer,
) {
  const offset = fields.iChunk * t.doc.chunkBytes;
  const stored = await readRange(deps.dataDir, t.doc, t.file.storedPath, offset, bytes.length);
  if (sha256Hex(stored) !== fields.strChunkSha256) {
    throw new AppError('CHUNK_CONFLICT');
  }
  return resultOf(t, fields, true, t.doc.state);
}

/**
 * slideDocument/fileUploadHandler: checks one chunk (owner, quota, place and length, SHA-256,
 * content of the main file's first chunk), claims its index, then writes it in place. A chunk
 * already held is compared, never rewritten: the same bytes are a harmless repeat, other bytes
 * are refused and nothing changes. With iUpdadeState 1 the document is completed.
 */
export async function receiveChunk(
  deps: UploadDeps,
  actor: Actor,
  fields: ChunkFields,
  bytes: Buffer,
): Promise<ChunkResultDto> {
  const { db, clock, dataDir } = deps;
  const t = await targetFor(deps, actor, fields);
  if (t.doc.state !== SlideUploadState.Uploading) {
    forgetDocument(t.doc.id);
  }
  // A failed upload lost its files; a complete one the slide engine refused keeps them.
  if (t.doc.state === SlideUploadState.Failed && t.doc.completedAt === null) {
    throw new AppError('SLIDE_UPLOAD_FAILED', { reason: t.doc.failReason ?? '' });
  }
  if (
    fields.iChunk >= t.file.chunkCount ||
    bytes.length !== chunkLengthOf(t.file.size, fields.iChunk, t.doc.chunkBytes)
  ) {
    throw new AppError('CHUNK_OUT_OF_RANGE');
  }
  if (sha256Hex(bytes) !== fields.strChunkSha256) {
    throw new AppError('CHUNK_CHECKSUM_MISMATCH');
  }
  if (t.doc.completedAt !== null) {
    return againForFinished(deps, t, fields, bytes);
  }
  assertWithinQuota(t.usedBytes, t.totalGb);
  if (
    fields.iChunk === 0 &&
    t.file.position === 0 &&
    !contentMatchesType(t.doc.fileType, bytes.subarray(0, SNIFF_BYTES))
  ) {
    forgetDocument(t.doc.id);
    await failUpload(deps, t.doc, 'SLIDE_CONTENT_MISMATCH');
    throw new AppError('SLIDE_CONTENT_MISMATCH', {
      name: t.doc.displayName,
      type: t.doc.fileType.toUpperCase(),
    });
  }

  // Claim the index first: of two different chunks for one place, only the first is written.
  const claimed = await claim(deps, t, fields);
  let duplicate = false;
  if (!claimed) {
    const [held] = await db
      .select({ sha256: slideChunks.sha256 })
      .from(slideChunks)
      .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, fields.iChunk)));
    if (!held) {
      // The document is no longer being uploaded (completed, failed or removed meanwhile):
      // answer from its current state.
      forgetDocument(t.doc.id);
      return receiveChunk(deps, actor, fields, bytes);
    }
    if (held.sha256 !== fields.strChunkSha256) {
      throw new AppError('CHUNK_CONFLICT');
    }
    duplicate = true;
  } else {
    try {
      await writeChunk(dataDir, t.doc, t.file.storedPath, fields.iChunk * t.doc.chunkBytes, bytes);
    } catch (error) {
      // The files were removed (deleted or cancelled meanwhile): the upload is gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        forgetDocument(t.doc.id);
        throw notFound();
      }
      await db
        .delete(slideChunks)
        .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, fields.iChunk)));
      throw error;
    }
  }

  const now = clock.now();
  if (activityDue(t.doc.id, now.getTime(), ACTIVE_REFRESH_MS)) {
    await db.update(slideDocuments).set({ activeAt: now }).where(eq(slideDocuments.id, t.doc.id));
  }

  if (fields.iUpdadeState === 1) {
    const state = await completeDocument(deps, t.doc);
    forgetDocument(t.doc.id);
    return resultOf(t, fields, duplicate, state);
  }
  return resultOf(t, fields, duplicate, SlideUploadState.Uploading);
}

/** The chunk's document, file and quota: from the short-lived cache, else from the database. */
async function targetFor(
  deps: UploadDeps,
  actor: Actor,
  fields: ChunkFields,
): Promise<ChunkTarget> {
  const now = deps.clock.now().getTime();
  const cached = cachedTarget(fields.iSlideDocumentId, fields.strFilePath, now);
  // The cache serves the uploader only; anyone else goes to the database (and gets its 404).
  if (cached && cached.doc.uploadUserId === actor.userId) {
    return cached;
  }
  const target = await findChunkTarget(deps.db, actor, fields.iSlideDocumentId, fields.strFilePath);
  if (target.doc.state === SlideUploadState.Uploading) {
    rememberTarget(target, now);
  }
  return target;
}

/**
 * Claims the chunk's index. The file row is gone when the upload was cancelled or swept since
 * the target was read (possibly by another instance): the claim's foreign key then fails, and
 * the upload answers as missing.
 */
async function claim(deps: UploadDeps, t: ChunkTarget, fields: ChunkFields): Promise<boolean> {
  try {
    // Only while the document is still being uploaded: a cached target may be a few seconds old,
    // and a finished file must never be written again.
    const result = await deps.db.execute(sql`
      insert into ${slideChunks} (file_id, chunk_index, sha256)
      select ${t.file.id}, ${fields.iChunk}, ${fields.strChunkSha256}
      where exists (
        select 1 from ${slideDocuments} d
        where d.id = ${t.doc.id} and d.state = ${SlideUploadState.Uploading} and d.deleted_at is null
      )
      on conflict do nothing
      returning chunk_index`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      forgetDocument(t.doc.id);
      throw notFound();
    }
    throw error;
  }
}
