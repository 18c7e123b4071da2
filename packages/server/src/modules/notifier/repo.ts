import { and, count, desc, like, type SQL } from 'drizzle-orm';
import type { OutboxQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { outboxMessages } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { OutboxRecorder } from './notifier';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export async function insertOutboxMessage(
  db: Db,
  values: Omit<typeof outboxMessages.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id });
  if (!row) {
    throw new Error('outbox insert returned nothing');
  }
  return row.id;
}

/** Records the notifiers' SMS deliveries, timed by the app's clock. */
export function outboxRecorder(db: Db, clock: Clock): OutboxRecorder {
  return (entry) => insertOutboxMessage(db, { channel: 'sms', ...entry, createdAt: clock.now() });
}

/** notifier/selectOutbox: newest first; the recipient filter is a prefix of the number. */
export async function listOutbox(
  db: Db,
  q: OutboxQuery,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    q.strRecipient ? like(outboxMessages.recipient, `${escapeLike(q.strRecipient)}%`) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(q.iPageSize)
    .offset((q.iCurPage - 1) * q.iPageSize);
  const [counted] = await db.select({ n: count() }).from(outboxMessages).where(where);
  return { rows, total: counted?.n ?? 0 };
}
