import { and, eq, isNull, sql } from 'drizzle-orm';
import { SlideUploadState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The refusal for a slide name its number already holds (slide_documents_name_key): a failed
 * slide keeps its name until it is deleted, and "uploaded or uploading" would send the user
 * looking for a slide that is not there, so that case gets its own message. Read after the
 * refused write, outside its transaction; a name freed meanwhile keeps the general refusal.
 */
export async function nameTakenError(
  db: Db,
  where: { hospitalId: number; diagnosisNum: string },
  name: string,
): Promise<AppError> {
  const [holder] = await db
    .select({ state: slideDocuments.state })
    .from(slideDocuments)
    .where(
      and(
        eq(slideDocuments.hospitalId, where.hospitalId),
        eq(slideDocuments.diagnosisNum, where.diagnosisNum),
        isNull(slideDocuments.deletedAt),
        sql`lower(${slideDocuments.displayName}) = lower(${name})`,
      ),
    )
    .limit(1);
  return nameRefusal(holder?.state, name);
}

/** The refusal for `name`, held by a slide in `state`: its own reason when that slide failed. */
export function nameRefusal(state: number | undefined, name: string): AppError {
  const failed = state === SlideUploadState.Failed;
  return new AppError(failed ? 'SLIDE_NAME_FAILED' : 'SLIDE_NAME_EXISTS', { name });
}
