import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { auditLogs } from '../../src/db/schema';

/** The newest audit record of an action (`route` as recorded, e.g. 'feedback/AddFeedback'). */
export async function latestAuditRecord(db: Db, action: string) {
  const [record] = await db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.action, action))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return record;
}
