import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { appendAuditRecord } from '../audit/repo';
import { STALLED_AFTER_MS } from '../slides/dto';
import { discardUpload } from './discard';
import type { DocumentRow } from './lookup';
import { forgetActivity } from './target-cache';

/** How many abandoned uploads one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Still an unfinished upload idle since before `cutoff`: checked again as each is removed, so
 * that an upload that came back (a chunk, its completion) between the sweep's look and its
 * removal is kept.
 */
export function idleSince(cutoff: Date): SQL {
  return and(
    eq(slideDocuments.state, SlideUploadState.Uploading),
    isNull(slideDocuments.deletedAt),
    lt(slideDocuments.activeAt, cutoff),
  )!;
}

/**
 * Its uploader came back to an unfinished upload (continued it after a reload, or read what it
 * holds in order to go on): it is in use again before its next chunk. The browser first reads
 * back and checks every chunk held, minutes for gigabytes; a sweep in that gap found it still
 * idle and removed it under the doctor who had just come back for it.
 */
export async function markUploadActive(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(slideDocuments)
    .set({ activeAt: now })
    .where(
      and(
        eq(slideDocuments.id, id),
        eq(slideDocuments.state, SlideUploadState.Uploading),
        isNull(slideDocuments.deletedAt),
      ),
    );
}

/**
 * Its uploader paused an unfinished upload: lists and figures call it interrupted at once (they
 * said "uploading" for two more minutes, until it read as stalled). Its last-active time is put
 * back just past the stall limit, which moves its clean-up (hours away) by those two minutes
 * only. The next chunk, whenever it comes, marks it active again at once (its refresh is due).
 */
export async function markUploadPaused(db: Db, id: number, now: Date): Promise<void> {
  const stalled = new Date(now.getTime() - STALLED_AFTER_MS - 1000);
  await db
    .update(slideDocuments)
    // Never later than it was: an upload idle for hours keeps its clean-up time.
    .set({
      activeAt: sql`least(${slideDocuments.activeAt}, ${stalled.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(slideDocuments.id, id),
        eq(slideDocuments.state, SlideUploadState.Uploading),
        isNull(slideDocuments.deletedAt),
      ),
    );
  // After the update: a chunk of a resume that came in meanwhile refreshes the time again at
  // once, rather than being overwritten and not refreshing for 15 s. (Per process: with several
  // server instances, another one's next refresh is at most 15 s away.)
  forgetActivity(db, id);
}

/**
 * Removes uploads idle for longer than `idleHours` (no chunk since): the user closed the
 * browser for good or the hospital's link never came back. Their storage is given back.
 * Returns the uploads removed (the caller records each in the audit trail).
 */
export async function cleanAbandonedUploads(
  deps: { db: Db; dataDir: string },
  now: Date,
  idleHours: number,
): Promise<DocumentRow[]> {
  const idle = idleSince(new Date(now.getTime() - idleHours * 3600_000));
  const candidates = await deps.db.select().from(slideDocuments).where(idle).limit(SWEEP_BATCH);
  const removed: DocumentRow[] = [];
  for (const doc of candidates) {
    if (await discardUpload(deps, doc, idle)) {
      removed.push(doc);
    }
  }
  return removed;
}

/** The audit trail's action for an upload the sweep removed. */
export const SWEEP_AUDIT_ACTION = 'slideDocument/removeAbandonedUpload';

/**
 * The periodic sweep: cleanAbandonedUploads, each removal recorded in the audit trail under the
 * upload's hospital (its administrators see it) and no user: nobody asked for it.
 */
export async function sweepAbandonedUploads(
  deps: { db: Db; dataDir: string },
  now: Date,
  idleHours: number,
): Promise<DocumentRow[]> {
  const removed = await cleanAbandonedUploads(deps, now, idleHours);
  for (const doc of removed) {
    await appendAuditRecord(deps.db, {
      now,
      subject: { userId: null, userName: null, roleType: null, hospitalId: doc.hospitalId },
      action: SWEEP_AUDIT_ACTION,
      outcome: 'success',
      ip: '',
      note: {
        targetType: 'slideDocument',
        targetId: doc.id,
        detail: {
          strFileName: doc.displayName,
          lSize: doc.totalBytes,
          iUploadUserId: doc.uploadUserId,
          iIdleHours: idleHours,
        },
      },
    });
  }
  return removed;
}
