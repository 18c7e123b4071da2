import { ReportState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { assertReportOfCaseReader } from './report-access';
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
  // Only a released report is printed, by the case's readers, for the patient's file.
  await assertReportOfCaseReader(db, actor, report);
  const printed = await db.transaction((tx) => repo.countPrint(tx, reportId, clock.now()));
  return { iReportId: reportId, iPrintCount: printed };
}
