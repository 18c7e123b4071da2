import { and, eq, type SQL } from 'drizzle-orm';
import type { ExpertPickPage, ExpertPickerQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { pickableExperts, type ConsultingHospitals } from './expert-scope';
import * as repo from './repo';

/**
 * One page of the expert picker: the experts of `scope` matching the name and hospital filters,
 * each with their working time, those in `marked` flagged (already holding the case). Used by the
 * doctor's submission and the expert's referral.
 */
export async function expertPickPage(
  db: Db,
  scope: ConsultingHospitals,
  q: ExpertPickerQuery,
  marked: ReadonlySet<number>,
): Promise<ExpertPickPage> {
  const conditions: (SQL | undefined)[] = [pickableExperts(scope)];
  if (q.strRealName) {
    conditions.push(repo.nameContains(q.strRealName));
  }
  if (q.iQueryHospitalId !== undefined) {
    conditions.push(eq(users.hospitalId, q.iQueryHospitalId));
  }
  const { rows, total } = await repo.expertPage(db, and(...conditions), {
    limit: q.iPageSize,
    offset: (q.iCurPage - 1) * q.iPageSize,
  });
  const times = await repo.workingTimesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    listPage: rows.map((r) => ({
      iUserId: r.id,
      strRealName: r.realName,
      iHospitalId: r.hospitalId,
      strHospitalName: r.hospitalName,
      strSpecialty: r.specialty,
      strIntro: r.intro,
      listWorkingTime: times
        .filter((t) => t.userId === r.id)
        .map((t) => ({ iWeekday: t.weekday, iPeriod: t.period })),
      bAlreadySent: marked.has(r.id),
    })),
    iTotalCount: total,
  };
}
