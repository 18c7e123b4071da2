import { isReleased, ReportState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { assertMayReadReport } from './report-access';
import * as repo from './repo';

/**
 * patient/updatePatientReceivePrintState: a reader of the report (report-access.ts) printed a
 * signed version; the count and the last time are kept on it (the audit trail says who).
 */
export async function recordPrint(
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  reportId: number,
): Promise<{ iReportId: number; iPrintCount: number }> {
  const report = await repo.findReport(db, reportId);
  if (!report || report.row.state !== ReportState.Signed) {
    throw notFound();
  }
  await assertMayReadReport(db, actor, report);
  if (!isReleased(report.row.reviewState)) {
    // Only a released report is printed for the patient's file.
    throw new AppError('CASE_STATE_CHANGED');
  }
  const printed = await db.transaction((tx) => repo.countPrint(tx, reportId, clock.now()));
  return { iReportId: reportId, iPrintCount: printed };
}
