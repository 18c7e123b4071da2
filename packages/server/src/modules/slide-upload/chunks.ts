import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  SNIFF_BYTES,
  SlideUploadState,
  chunkLengthOf,
  contentMatchesType,
  type ChunkFields,
  type ChunkResultDto,
} from '@pathconsult/shared';
import { slideChunks, slideDocuments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { completeDocument } from './completion';
import { failUpload } from './discard';
import { readRange, writeChunk } from './disk';
import { findChunkTarget, type ChunkTarget } from './lookup';
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
  return resultOf(t, fields, true, SlideUploadState.Uploaded);
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
  const t = await findChunkTarget(db, actor, fields.iSlideDocumentId, fields.strFilePath);
  if (t.doc.state === SlideUploadState.Failed) {
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
  if (t.doc.state === SlideUploadState.Uploaded) {
    return againForFinished(deps, t, fields, bytes);
  }
  assertWithinQuota(t.usedBytes, t.totalGb);
  if (
    fields.iChunk === 0 &&
    t.file.position === 0 &&
    !contentMatchesType(t.doc.fileType, bytes.subarray(0, SNIFF_BYTES))
  ) {
    await failUpload(deps, t.doc, 'SLIDE_CONTENT_MISMATCH');
    throw new AppError('SLIDE_CONTENT_MISMATCH', {
      name: t.doc.displayName,
      type: t.doc.fileType.toUpperCase(),
    });
  }

  // Claim the index first: of two different chunks for one place, only the first is written.
  const claimed = await db
    .insert(slideChunks)
    .values({ fileId: t.file.id, chunkIndex: fields.iChunk, sha256: fields.strChunkSha256 })
    .onConflictDoNothing()
    .returning({ index: slideChunks.chunkIndex });
  let duplicate = false;
  if (claimed.length === 0) {
    const [held] = await db
      .select({ sha256: slideChunks.sha256 })
      .from(slideChunks)
      .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, fields.iChunk)));
    if (held && held.sha256 !== fields.strChunkSha256) {
      throw new AppError('CHUNK_CONFLICT');
    }
    duplicate = true;
  } else {
    try {
      await writeChunk(dataDir, t.doc, t.file.storedPath, fields.iChunk * t.doc.chunkBytes, bytes);
    } catch (error) {
      await db
        .delete(slideChunks)
        .where(and(eq(slideChunks.fileId, t.file.id), eq(slideChunks.chunkIndex, fields.iChunk)));
      throw error;
    }
  }

  const now = clock.now();
  await db
    .update(slideDocuments)
    .set({ activeAt: now })
    .where(
      and(
        eq(slideDocuments.id, t.doc.id),
        lt(
          slideDocuments.activeAt,
          sql`${new Date(now.getTime() - ACTIVE_REFRESH_MS).toISOString()}::timestamptz`,
        ),
      ),
    );

  if (fields.iUpdadeState === 1) {
    const state = await completeDocument(deps, t.doc);
    return resultOf(t, fields, duplicate, state);
  }
  return resultOf(t, fields, duplicate, SlideUploadState.Uploading);
}
