import { and, eq } from 'drizzle-orm';
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
import type { Actor } from '../auth/actor';
import { chunkCrc32 } from '../../lib/chunk-crc';
import { claimChunk } from './chunk-claims';
import { completeDocument } from './completion';
import { failUpload } from './discard';
import { uploadFailedError } from './upload-failed';
import { readRange, writeChunk } from './disk';
import { isDiskFullError } from '../../storage/disk-space';
import { findChunkTarget, type ChunkTarget } from './lookup';
import type { ReceivedChunk } from './received-chunk';
import {
  ACTIVE_REFRESH_MS,
  activityDue,
  cachedTarget,
  forgetDocument,
  rememberTarget,
} from './target-cache';
import { assertWithinQuota } from './quota';
import type { ChunkDeps } from './completion';

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
  deps: ChunkDeps,
  t: ChunkTarget,
  fields: ChunkFields,
  chunk: ReceivedChunk,
) {
  const offset = fields.iChunk * t.doc.chunkBytes;
  const stored = await readRange(
    deps.dataDir,
    t.doc,
    t.file.storedPath,
    offset,
    chunk.bytes.length,
  );
  if (!stored.equals(chunk.bytes)) {
    throw new AppError('CHUNK_CONFLICT');
  }
  return resultOf(t, fields, true, t.doc.state);
}

/**
 * slideDocument/fileUploadHandler: checks one chunk (owner, quota, place and length, CRC-32,
 * content of the main file's first chunk), claims its index, then writes it in place. A chunk
 * already held is compared, never rewritten: the same bytes are a harmless repeat, other bytes
 * are refused and nothing changes. With iUpdadeState 1 the document is completed.
 */
export async function receiveChunk(
  deps: ChunkDeps,
  actor: Actor,
  fields: ChunkFields,
  chunk: ReceivedChunk,
): Promise<ChunkResultDto> {
  const { db, clock, dataDir } = deps;
  const t = await targetFor(deps, actor, fields);
  if (t.doc.state !== SlideUploadState.Uploading) {
    forgetDocument(deps.db, t.doc.id);
  }
  // A failed upload lost its files; a complete one the slide engine refused keeps them.
  if (t.doc.state === SlideUploadState.Failed && t.doc.completedAt === null) {
    throw uploadFailedError(t.doc);
  }
  if (
    fields.iChunk >= t.file.chunkCount ||
    chunk.bytes.length !== chunkLengthOf(t.file.size, fields.iChunk, t.doc.chunkBytes)
  ) {
    throw new AppError('CHUNK_OUT_OF_RANGE');
  }
  if (chunkCrc32(chunk.bytes) !== fields.strChunkCrc32) {
    throw new AppError('CHUNK_CHECKSUM_MISMATCH');
  }
  if (t.doc.completedAt !== null) {
    return againForFinished(deps, t, fields, chunk);
  }
  assertWithinQuota(t.usedBytes, t.totalGb);
  if (
    fields.iChunk === 0 &&
    t.file.position === 0 &&
    !contentMatchesType(t.doc.fileType, chunk.bytes.subarray(0, SNIFF_BYTES))
  ) {
    // Where a first chunk is already stored (it passed this check), other bytes for its place are
    // a conflict like any other: they must not fail the upload and throw away what it holds.
    const [held] = await db
      .select({ index: slideChunks.chunkIndex })
      .from(slideChunks)
      .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, 0)));
    if (held) {
      throw new AppError('CHUNK_CONFLICT');
    }
    forgetDocument(deps.db, t.doc.id);
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
      .select({ crc32: slideChunks.crc32 })
      .from(slideChunks)
      .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, fields.iChunk)));
    if (!held) {
      // The document is no longer being uploaded (completed, failed or removed meanwhile):
      // answer from its current state.
      forgetDocument(deps.db, t.doc.id);
      return receiveChunk(deps, actor, fields, chunk);
    }
    if (held.crc32 !== fields.strChunkCrc32) {
      throw new AppError('CHUNK_CONFLICT');
    }
    duplicate = true;
  } else {
    try {
      const offset = fields.iChunk * t.doc.chunkBytes;
      await writeChunk(dataDir, t.doc, t.file.storedPath, offset, chunk.bytes, chunk.aligned);
      deps.digests.chunkWritten(t.file.id, fields.iChunk, chunk);
    } catch (error) {
      // The files were removed (deleted or cancelled meanwhile): the upload is gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        forgetDocument(deps.db, t.doc.id);
        throw notFound();
      }
      await db
        .delete(slideChunks)
        .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, fields.iChunk)));
      // The server's disk is full: said as such (the client stops its queue, and no retry helps
      // until space is freed), not as an internal error tried again for minutes.
      throw isDiskFullError(error) ? new AppError('SERVER_DISK_FULL') : error;
    }
  }

  const now = clock.now();
  if (activityDue(db, t.doc.id, now.getTime(), ACTIVE_REFRESH_MS)) {
    await db.update(slideDocuments).set({ activeAt: now }).where(eq(slideDocuments.id, t.doc.id));
  }

  if (fields.iUpdadeState === 1) {
    const state = await completeDocument(deps, t.doc);
    forgetDocument(deps.db, t.doc.id);
    return resultOf(t, fields, duplicate, state);
  }
  return resultOf(t, fields, duplicate, SlideUploadState.Uploading);
}

/** The chunk's document, file and quota: from the short-lived cache, else from the database. */
async function targetFor(deps: ChunkDeps, actor: Actor, fields: ChunkFields): Promise<ChunkTarget> {
  const now = deps.clock.now().getTime();
  const cached = cachedTarget(deps.db, fields.iSlideDocumentId, fields.strFilePath, now);
  // The cache serves the uploader only; anyone else goes to the database (and gets its 404).
  if (cached && cached.doc.uploadUserId === actor.userId) {
    return cached;
  }
  const target = await findChunkTarget(deps.db, actor, fields.iSlideDocumentId, fields.strFilePath);
  if (target.doc.state === SlideUploadState.Uploading) {
    rememberTarget(deps.db, target, now);
  }
  return target;
}

/** Claims the chunk's index (chunk-claims.ts); a gone upload answers as missing. */
async function claim(deps: ChunkDeps, t: ChunkTarget, fields: ChunkFields): Promise<boolean> {
  try {
    return await claimChunk(deps.db, {
      documentId: t.doc.id,
      fileId: t.file.id,
      index: fields.iChunk,
      crc32: fields.strChunkCrc32,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      forgetDocument(deps.db, t.doc.id);
    }
    throw error;
  }
}
