import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serialNumberRules } from '../../db/schema';

export type RuleRow = typeof serialNumberRules.$inferSelect;
export type RuleValues = Pick<
  typeof serialNumberRules.$inferInsert,
  'prefix' | 'datePart' | 'seqWidth' | 'resetPeriod' | 'period' | 'nextSeq' | 'updatedBy'
>;

export async function findRule(db: Db, hospitalId: number): Promise<RuleRow | undefined> {
  const rows = await db
    .select()
    .from(serialNumberRules)
    .where(eq(serialNumberRules.hospitalId, hospitalId));
  return rows[0];
}

/**
 * The hospital's rule row, created with the table's defaults when it has none, locked until the
 * transaction ends: an update then waits for (and is waited for by) cases taking numbers.
 */
export async function lockRule(tx: Db, hospitalId: number): Promise<RuleRow> {
  await tx.insert(serialNumberRules).values({ hospitalId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(serialNumberRules)
    .where(eq(serialNumberRules.hospitalId, hospitalId))
    .for('update');
  if (!row) {
    throw new Error('numbering rule not created');
  }
  return row;
}

export async function writeRule(
  tx: Db,
  hospitalId: number,
  values: RuleValues,
  now: Date,
): Promise<RuleRow> {
  const [row] = await tx
    .update(serialNumberRules)
    .set({ ...values, updatedAt: now })
    .where(eq(serialNumberRules.hospitalId, hospitalId))
    .returning();
  if (!row) {
    throw new Error('numbering rule not updated');
  }
  return row;
}
