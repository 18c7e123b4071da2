import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, patients, users } from '../../db/schema';

export async function pageOf(
  db: Db,
  userId: number,
  q: { unreadOnly: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(notifications.userId, userId),
    q.unreadOnly ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: notifications,
        actorName: users.realName,
        diagnosisNum: patients.diagnosisNum,
        patientName: patients.name,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .leftJoin(patients, eq(patients.id, notifications.patientId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type NoticeView = Awaited<ReturnType<typeof pageOf>>['rows'][number];

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own messages read (the listed ones, or all); others' ids change nothing. */
export async function markRead(
  db: Db,
  userId: number,
  ids: number[] | 'all',
  now: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}
