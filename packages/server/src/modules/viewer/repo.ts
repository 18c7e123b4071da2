import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slideViewStates } from '../../db/schema';

export type SlideViewRow = typeof slideViewStates.$inferSelect;

/** Where `userId` left the slide, if they ever closed it. */
export async function lastView(
  db: Db,
  userId: number,
  slideId: number,
): Promise<SlideViewRow | undefined> {
  const [row] = await db
    .select()
    .from(slideViewStates)
    .where(and(eq(slideViewStates.userId, userId), eq(slideViewStates.slideDocumentId, slideId)));
  return row;
}

/**
 * Saves the user's view of the slide, replacing the one before: one statement, so that two
 * windows closing the same slide at once leave one row (the later one) rather than a conflict.
 */
export async function saveView(db: Db, row: SlideViewRow): Promise<void> {
  await db
    .insert(slideViewStates)
    .values(row)
    .onConflictDoUpdate({
      target: [slideViewStates.userId, slideViewStates.slideDocumentId],
      set: {
        centerX: row.centerX,
        centerY: row.centerY,
        imageZoom: row.imageZoom,
        rotation: row.rotation,
        flip: row.flip,
        wholeSlide: row.wholeSlide,
        updatedAt: row.updatedAt,
      },
    });
}
