import { and, eq, inArray, isNull } from 'drizzle-orm';
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
 * Returns false when someone else removed it first (it is released once only).
 */
export async function discardUpload(
  deps: { db: Db; dataDir: string },
  doc: DocumentRow,
): Promise<boolean> {
  const removed = await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(slideDocuments)
      .where(and(eq(slideDocuments.id, doc.id), isNull(slideDocuments.deletedAt)))
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
  forgetDocument(doc.id);
  if (removed) {
    await removeDocumentFiles(deps.dataDir, doc);
  }
  return removed;
}

/**
 * Marks an upload failed with the reason (an error code shown in the caller's language): its
 * files are removed and its storage given back, its record stays so the lists show why.
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
      .where(
        and(eq(slideDocuments.id, doc.id), eq(slideDocuments.state, SlideUploadState.Uploading)),
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
  forgetDocument(doc.id);
  if (failed) {
    await removeDocumentFiles(deps.dataDir, doc);
  }
}
