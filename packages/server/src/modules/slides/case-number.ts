import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { nameRefusal } from './name-clash';

/**
 * A case's pathology number changed (patient/updatePatient): its slides take the new number, as a
 * matched slide's number is its case's. Slide lists then show the case's number, and the rule
 * that a number never holds one slide name twice (slide_documents_name_key) keeps covering the
 * case. A slide of the case whose name an unmatched slide of the new number already has refuses
 * the change (SLIDE_NAME_EXISTS with that name, SLIDE_NAME_FAILED when that slide failed), before anything is written. Run inside the
 * transaction that locked the case.
 */
export async function renumberCaseSlides(
  tx: Db,
  c: { id: number; hospitalId: number },
  diagnosisNum: string,
): Promise<void> {
  const live = isNull(slideDocuments.deletedAt);
  const ofCase = and(eq(slideDocuments.patientId, c.id), live);
  const names = (
    await tx.select({ name: slideDocuments.displayName }).from(slideDocuments).where(ofCase)
  ).map((r) => r.name.toLowerCase());
  if (names.length === 0) {
    return;
  }
  const [clash] = await tx
    .select({ name: slideDocuments.displayName, state: slideDocuments.state })
    .from(slideDocuments)
    .where(
      and(
        eq(slideDocuments.hospitalId, c.hospitalId),
        eq(slideDocuments.diagnosisNum, diagnosisNum),
        live,
        or(isNull(slideDocuments.patientId), ne(slideDocuments.patientId, c.id)),
        inArray(sql`lower(${slideDocuments.displayName})`, names),
      ),
    )
    .limit(1);
  if (clash) {
    throw nameRefusal(clash.state, clash.name);
  }
  await tx
    .update(slideDocuments)
    .set({ diagnosisNum })
    .where(and(ofCase, ne(slideDocuments.diagnosisNum, diagnosisNum)));
}
