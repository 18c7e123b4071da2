import { and, inArray, isNull } from 'drizzle-orm';
import type { SlideDeleteInput } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideChunks, slideDocuments, slideFiles } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { lockPatient } from '../patients/repo';
import { releaseStorage } from '../slide-upload/quota';
import { forgetDocument } from '../slide-upload/target-cache';
import { bytesHeldBy, deletionRefusal, type SlideDocumentRow } from './access';
import { visibleLiveDocuments } from './repo';
import { removeDocumentFolders } from './slide-files';

export interface SlideDeleteDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
}

export interface SlideDeleteResult {
  deleted: SlideDocumentRow[];
  /** Folders that could not be removed from disk (logged by the route). */
  leftOnDisk: { id: number; error: unknown }[];
}

/** Bytes each hospital gets back for the documents. */
function bytesByHospital(docs: readonly SlideDocumentRow[]): Map<number, number> {
  const bytes = new Map<number, number>();
  for (const doc of docs) {
    bytes.set(doc.hospitalId, (bytes.get(doc.hospitalId) ?? 0) + bytesHeldBy(doc));
  }
  return bytes;
}

/**
 * deleteSlideDocument: all of the selection or nothing. A slide the caller does not see (another
 * hospital's, already removed, missing) refuses the whole request with 404; the rules of
 * access.ts deletionRefusal decide the rest. The slides are marked removed (who, when: the removed
 * list shows them), their chunk records dropped and their storage given back in one transaction;
 * their files are removed once it is committed.
 */
export async function deleteSlides(
  { db, clock, dataDir }: SlideDeleteDeps,
  actor: Actor,
  input: SlideDeleteInput,
): Promise<SlideDeleteResult> {
  const ids = [...new Set(input.listSlideDocument.map((d) => d.iSlideDocumentId))];
  const deleted = await db.transaction(async (tx) => {
    /*
     * A single matched slide's case is locked before the slides, the order every change of a
     * case's slides takes (deleting the case unmatches its slides under the case lock), so that
     * the two cannot deadlock; the rules are checked on the locked rows.
     */
    const seen = await visibleLiveDocuments(tx, actor, ids, false);
    const [single] = seen;
    const matchedCase =
      seen.length === 1 && single?.patientId != null
        ? await lockPatient(tx, single.patientId)
        : undefined;
    const docs = await visibleLiveDocuments(tx, actor, ids, true);
    if (docs.length !== ids.length) {
      throw notFound();
    }
    const refusal = deletionRefusal(actor, docs, matchedCase);
    if (refusal) {
      throw refusal;
    }
    await tx
      .update(slideDocuments)
      .set({ deletedAt: clock.now(), deletedBy: actor.userId })
      .where(and(inArray(slideDocuments.id, ids), isNull(slideDocuments.deletedAt)));
    // Resume information of unfinished uploads means nothing once their files are gone.
    await tx
      .delete(slideChunks)
      .where(
        inArray(
          slideChunks.fileId,
          tx
            .select({ id: slideFiles.id })
            .from(slideFiles)
            .where(inArray(slideFiles.documentId, ids)),
        ),
      );
    for (const [hospitalId, bytes] of bytesByHospital(docs)) {
      if (bytes > 0) {
        await releaseStorage(tx, hospitalId, bytes);
      }
    }
    return docs;
  });
  // Chunks of an upload deleted under way must not be taken on this process's cached view of it.
  for (const doc of deleted) {
    forgetDocument(db, doc.id);
  }
  return { deleted, leftOnDisk: await removeDocumentFolders(dataDir, deleted) };
}
