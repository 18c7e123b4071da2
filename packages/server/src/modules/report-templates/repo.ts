import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportTemplates } from '../../db/schema';

/*
 * One report form per hospital, keyed by the hospital. Callers have already checked that the
 * hospital is in their scope (service.ts): these queries take a hospital id that passed it.
 */

export type TemplateRow = typeof reportTemplates.$inferSelect;
export type TemplateValues = Pick<
  typeof reportTemplates.$inferInsert,
  'title' | 'logoDataUrl' | 'footer' | 'layout' | 'updatedBy'
>;

export async function findTemplate(db: Db, hospitalId: number): Promise<TemplateRow | undefined> {
  const rows = await db
    .select()
    .from(reportTemplates)
    .where(eq(reportTemplates.hospitalId, hospitalId));
  return rows[0];
}

/** Creates the hospital's form or replaces it whole (reportFile/add and update alike). */
export async function writeTemplate(
  db: Db,
  hospitalId: number,
  values: TemplateValues,
  now: Date,
): Promise<TemplateRow> {
  const [row] = await db
    .insert(reportTemplates)
    .values({ hospitalId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: reportTemplates.hospitalId,
      set: { ...values, updatedAt: now },
    })
    .returning();
  if (!row) {
    throw new Error('report template not written');
  }
  return row;
}

/** Removes the hospital's form: it prints with the default again. */
export async function deleteTemplate(db: Db, hospitalId: number): Promise<void> {
  await db.delete(reportTemplates).where(eq(reportTemplates.hospitalId, hospitalId));
}
