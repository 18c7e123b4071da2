import { and, asc, eq, sql } from 'drizzle-orm';
import type { CaseByNumber } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patients } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { scopeOf, whereInScope } from '../tenancy/scope';
import { caseTakesSlides } from './access';

/**
 * slideDocument/getCaseByNumber: the caller's own case of `num` in their hospital, compared
 * without case as case numbers are (patients_hospital_num_key), or null. Only the caller's own:
 * slides go to a case through its owner (match-service.ts), and anyone else's case answers like
 * none.
 */
export async function ownCaseByNumber(db: Db, actor: Actor, num: string): Promise<CaseByNumber> {
  const [row] = await db
    .select({
      id: patients.id,
      diagnosisNum: patients.diagnosisNum,
      name: patients.name,
      state: patients.state,
    })
    .from(patients)
    .where(
      and(
        whereInScope(scopeOf(actor), patients.hospitalId),
        eq(patients.ownerId, actor.userId),
        sql`lower(${patients.diagnosisNum}) = lower(${num})`,
      ),
    )
    .orderBy(asc(patients.id))
    .limit(1);
  return {
    patient: row
      ? {
          iPatientId: row.id,
          strDiagnosistNum: row.diagnosisNum,
          strPatientName: row.name,
          bTakesSlides: caseTakesSlides(row.state),
        }
      : null,
  };
}
