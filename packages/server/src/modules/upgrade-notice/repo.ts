import { asc, count, desc, eq, gt } from 'drizzle-orm';
import type { UpgradeNoticeQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { upgradeNotices, users } from '../../db/schema';

export type NoticeRow = typeof upgradeNotices.$inferSelect;
export interface NoticeView {
  notice: NoticeRow;
  createdByName: string | null;
}

/** At most this many current notices are answered: a banner with more would be noise. */
export const CURRENT_LIMIT = 10;

export async function insertNotice(
  db: Db,
  values: typeof upgradeNotices.$inferInsert,
): Promise<NoticeRow> {
  const [row] = await db.insert(upgradeNotices).values(values).returning();
  if (!row) {
    throw new Error('notice not inserted');
  }
  return row;
}

/** One page of notices, newest published first, with the publisher's user name. */
export async function listNotices(
  db: Db,
  q: UpgradeNoticeQuery,
): Promise<{ rows: NoticeView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ notice: upgradeNotices, createdByName: users.userName })
      .from(upgradeNotices)
      .leftJoin(users, eq(users.id, upgradeNotices.createdBy))
      .orderBy(desc(upgradeNotices.createdAt), desc(upgradeNotices.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(upgradeNotices),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Notices not over yet at `now` (upcoming and ongoing), the soonest first. */
export async function currentNotices(db: Db, now: Date): Promise<NoticeRow[]> {
  return db
    .select()
    .from(upgradeNotices)
    .where(gt(upgradeNotices.endAt, now))
    .orderBy(asc(upgradeNotices.startAt), asc(upgradeNotices.id))
    .limit(CURRENT_LIMIT);
}

export async function deleteNotice(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(upgradeNotices)
    .where(eq(upgradeNotices.id, id))
    .returning({ id: upgradeNotices.id });
  return rows.length > 0;
}
