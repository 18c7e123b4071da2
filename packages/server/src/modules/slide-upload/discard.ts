import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideChunks, slideDocuments, slideFiles } from '../../db/schema';
import { removeDocumentFiles } from './disk';
import type { DocumentRow } from './lookup';
import { releaseStorage } from './quota';
import { forgetDocument } from './target-cache';

/**
 * Removes an upload that will not finish (cancelled, abandoned, or whose files could not be
 * created): its record and chunks go, its reserved storage comes back, then its files.
 * `doc` may be a moment old: the row is removed only if it is still unfinished (never a slide
 * whose last chunk arrived meanwhile) and still meets `onlyIf`. Returns false when it was not
 * removed (finished, or removed by someone else first: it is released once only).
 */
export async function discardUpload(
  deps: { db: Db; dataDir: string },
  doc: DocumentRow,
  onlyIf?: SQL,
): Promise<boolean> {
  const removed = await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(slideDocuments)
      .where(
        and(
          eq(slideDocuments.id, doc.id),
          isNull(slideDocuments.deletedAt),
          isNull(slideDocuments.completedAt),
          onlyIf,
        ),
      )
      .returning({ state: slideDocuments.state });
    if (!gone) {
      return false;
    }
    // A failed upload gave its storage back when it failed.
    if (gone.state !== SlideUploadState.Failed) {
      await releaseStorage(tx, doc.hospitalId, doc.totalBytes);
    }
    return true;
  });
  forgetDocument(deps.db, doc.id);
  if (removed) {
    await removeDocumentFiles(deps.dataDir, doc);
  }
  return removed;
}

/**
 * Marks an upload failed with the reason (an error code shown in the caller's language): its
 * files are removed and its storage given back, its record stays so the lists show why. Only an
 * upload still under way and not deleted: storage is given back once.
 */
export async function failUpload(
  deps: { db: Db; dataDir: string },
  doc: DocumentRow,
  reason: string,
): Promise<void> {
  const failed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(slideDocuments)
      .set({ state: SlideUploadState.Failed, failReason: reason })
      // Not a deleted one: the deletion gave its storage back (a chunk read from the upload cache
      // just before the deletion may fail it just after).
      .where(
        and(
          eq(slideDocuments.id, doc.id),
          eq(slideDocuments.state, SlideUploadState.Uploading),
          isNull(slideDocuments.deletedAt),
        ),
      )
      .returning({ id: slideDocuments.id });
    if (rows.length === 0) {
      return false;
    }
    await tx
      .delete(slideChunks)
      .where(
        inArray(
          slideChunks.fileId,
          tx
            .select({ id: slideFiles.id })
            .from(slideFiles)
            .where(eq(slideFiles.documentId, doc.id)),
        ),
      );
    await releaseStorage(tx, doc.hospitalId, doc.totalBytes);
    return true;
  });
  forgetDocument(deps.db, doc.id);
  if (failed) {
    await removeDocumentFiles(deps.dataDir, doc);
  }
}
