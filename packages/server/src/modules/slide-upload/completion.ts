import { and, eq, inArray, isNull } from 'drizzle-orm';
import { SlideUploadState, missingRanges, toRanges, type MissingChunks } from '@pathconsult/shared';
import { slideChunks, slideDocuments, slideFiles } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isDiskFullError } from '../../storage/disk-space';
import { syncFile, verifyFile } from './disk';
import type { FileChecksums } from '../../lib/file-checksum';
import type { ChunkBufferPool } from './received-chunk';
import type { RunningDigests } from './running-digests';
import { filesOf, type DocumentRow, type FileRow } from './lookup';
import type { UploadDeps } from './records';
import { uploadFailedError } from './upload-failed';

/**
 * What receiving and completing chunks need beyond the upload records: the files' checksums,
 * the running digests and the pool of chunk buffers (one each per running app).
 */
export interface ChunkDeps extends UploadDeps {
  checksums: FileChecksums;
  digests: RunningDigests;
  buffers: ChunkBufferPool;
}

function countOf(missing: MissingChunks): number {
  return missing.listMissing.reduce(
    (sum, f) => sum + f.listChunks.reduce((n, [from, to]) => n + to - from + 1, 0),
    0,
  );
}

function refuse(missing: MissingChunks): never {
  throw new AppError('SLIDE_CHUNKS_MISSING', { count: countOf(missing) }, missing);
}

/**
 * Completes a document once every chunk of every file is here: flushes each file to disk and
 * keeps its checksum — hashed while the chunks arrived (running-digests.ts), or else read back
 * with every chunk checked against the CRC-32 it arrived with (a write lost in a crash shows up
 * there and is asked for again) — and marks the document uploaded. Refuses with the
 * list of what is missing otherwise; completing twice answers the same.
 */
export async function completeDocument(deps: ChunkDeps, doc: DocumentRow): Promise<number> {
  const { db, clock } = deps;
  const files = await filesOf(db, doc.id);
  const chunks = files.length
    ? await db
        .select()
        .from(slideChunks)
        .where(
          inArray(
            slideChunks.fileId,
            files.map((f) => f.id),
          ),
        )
    : [];
  const byFile = new Map<number, Map<number, string>>(files.map((f) => [f.id, new Map()]));
  for (const c of chunks) {
    byFile.get(c.fileId)?.set(c.chunkIndex, c.crc32);
  }

  const missing: MissingChunks = { listMissing: [] };
  for (const file of files) {
    const held = [...(byFile.get(file.id)?.keys() ?? [])].sort((a, b) => a - b);
    const gaps = missingRanges(file.chunkCount, toRanges(held));
    if (gaps.length > 0) {
      missing.listMissing.push({ strFilePath: file.relativePath, listChunks: gaps });
    }
  }
  if (missing.listMissing.length > 0) {
    // A concurrent completion may have finished (and cleared the chunk list) meanwhile; a cancel
    // or delete removed the upload (404: "send them again" would go to an upload that is gone).
    if ((await stateAfterRace(deps, doc.id)) === SlideUploadState.Uploaded) {
      return SlideUploadState.Uploaded;
    }
    refuse(missing);
  }

  // Reading a file back to check it may take a while: a sign of life, so that lists do not call
  // the upload interrupted meanwhile.
  await db
    .update(slideDocuments)
    .set({ activeAt: clock.now() })
    .where(eq(slideDocuments.id, doc.id));
  let digests: Map<number, string>;
  try {
    digests = await checkStoredFiles(deps, doc, files, byFile, missing);
  } catch (error) {
    // The files went while they were checked (the upload was cancelled, swept or deleted): answer
    // as for any upload moved on meanwhile (404, or why it failed), not as a server error.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      await stateAfterRace(deps, doc.id);
    }
    if (isDiskFullError(error)) {
      // Flushing met a full disk: which bytes reached it is unknown (Linux drops the pages that
      // failed and a later flush says nothing), and a read-back would see the page cache. The
      // chunks are asked for again and written anew once there is room.
      await db.delete(slideChunks).where(
        inArray(
          slideChunks.fileId,
          files.map((f) => f.id),
        ),
      );
      throw new AppError('SERVER_DISK_FULL');
    }
    throw error;
  }
  if (missing.listMissing.length > 0) {
    refuse(missing);
  }

  const completed = await db.transaction(async (tx) => {
    // Only an upload still under way: one failed, cancelled, swept or deleted while its files
    // were checked must not come back as a finished slide.
    const marked = await tx
      .update(slideDocuments)
      .set({
        state: SlideUploadState.Uploaded,
        checksum: files[0] ? (digests.get(files[0].id) ?? null) : null,
        completedAt: clock.now(),
      })
      .where(
        and(
          eq(slideDocuments.id, doc.id),
          eq(slideDocuments.state, SlideUploadState.Uploading),
          isNull(slideDocuments.deletedAt),
        ),
      )
      .returning({ id: slideDocuments.id });
    if (marked.length === 0) {
      return false;
    }
    for (const file of files) {
      await tx
        .update(slideFiles)
        .set({ checksum: digests.get(file.id) ?? null })
        .where(eq(slideFiles.id, file.id));
    }
    // The chunk list only served resuming; the files' checksums now stand for it.
    await tx.delete(slideChunks).where(
      inArray(
        slideChunks.fileId,
        files.map((f) => f.id),
      ),
    );
    return true;
  });
  return completed ? SlideUploadState.Uploaded : stateAfterRace(deps, doc.id);
}

/**
 * Each file's checksum: hashed while its chunks arrived (flushing the file is all that is left),
 * or read back with every chunk checked against its CRC-32. Chunks that fail are given up and
 * added to `missing`, to be sent again.
 */
async function checkStoredFiles(
  deps: ChunkDeps,
  doc: DocumentRow,
  files: readonly FileRow[],
  byFile: ReadonlyMap<number, Map<number, string>>,
  missing: MissingChunks,
): Promise<Map<number, string>> {
  const { db, dataDir } = deps;
  const digests = new Map<number, string>();
  for (const file of files) {
    const running = deps.digests.finishedDigest(file.id, file.chunkCount);
    if (running) {
      await syncFile(dataDir, doc, file.storedPath);
      digests.set(file.id, running);
      continue;
    }
    const check = await verifyFile(
      dataDir,
      doc,
      file,
      doc.chunkBytes,
      byFile.get(file.id) ?? new Map(),
      deps.checksums.running(),
    );
    if (check.badChunks.length > 0) {
      await db
        .delete(slideChunks)
        .where(
          and(eq(slideChunks.fileId, file.id), inArray(slideChunks.chunkIndex, check.badChunks)),
        );
      missing.listMissing.push({
        strFilePath: file.relativePath,
        listChunks: toRanges(check.badChunks),
      });
    }
    digests.set(file.id, check.checksum);
  }
  return digests;
}

/**
 * Where an upload stands that another request moved on while this one completed it: finished by
 * a concurrent completion (the same answer), failed (why), or gone (404).
 */
async function stateAfterRace(deps: ChunkDeps, id: number): Promise<number> {
  const [now] = await deps.db.select().from(slideDocuments).where(eq(slideDocuments.id, id));
  if (!now || now.deletedAt !== null) {
    throw notFound();
  }
  if (now.state === SlideUploadState.Failed) {
    throw uploadFailedError(now);
  }
  return now.state;
}
