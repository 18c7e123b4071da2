import { isReleased } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole, mayReviewReportsOf } from '../patients/access';
import type { PatientView } from '../patients/dto';
import * as patientRepo from '../patients/repo';
import type { ReportView } from './repo';

/**
 * Whether the caller may have a signed report version (its PDF, its print count): whoever reads
 * the case (patients/access.ts), except that an expert has only the reports of their own
 * receives, as selectDiagnosis shows them. A version under review or rejected is not out yet:
 * only its expert and its reviewers (`mayReviewReportsOf`) may have it. Anything else answers the
 * 404 of a missing report. Returns the case as read for the check.
 */
export async function assertMayReadReport(
  db: Db,
  actor: Actor,
  report: ReportView,
): Promise<PatientView> {
  const r = report.row;
  const view = await patientRepo.findPatientView(db, r.patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  if (!isReleased(r.reviewState)) {
    if (r.expertId !== actor.userId && !mayReviewReportsOf(actor, report.expertHospitalId)) {
      throw notFound();
    }
    return view;
  }
  if (r.reviewState !== null && mayReviewReportsOf(actor, report.expertHospitalId)) {
    // The reviewer keeps the versions they decided, as the review list shows them.
    return view;
  }
  const role = await caseReaderRole(db, actor, view.patient);
  if (role === 'expert' && r.expertId !== actor.userId) {
    throw notFound();
  }
  return view;
}
