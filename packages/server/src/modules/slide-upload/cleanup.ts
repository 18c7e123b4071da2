import { and, eq, isNull, lt } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { discardUpload } from './discard';

/** How many abandoned uploads one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Removes uploads idle for longer than `idleHours` (no chunk since): the user closed the
 * browser for good or the hospital's link never came back. Their storage is given back.
 * Returns how many were removed.
 */
export async function cleanAbandonedUploads(
  deps: { db: Db; dataDir: string },
  now: Date,
  idleHours: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - idleHours * 3600_000);
  const idle = await deps.db
    .select()
    .from(slideDocuments)
    .where(
      and(
        eq(slideDocuments.state, SlideUploadState.Uploading),
        isNull(slideDocuments.deletedAt),
        lt(slideDocuments.activeAt, cutoff),
      ),
    )
    .limit(SWEEP_BATCH);
  let removed = 0;
  for (const doc of idle) {
    if (await discardUpload(deps, doc)) {
      removed += 1;
    }
  }
  return removed;
}
