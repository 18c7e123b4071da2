import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole } from '../patients/access';
import type { PatientView } from '../patients/dto';
import * as patientRepo from '../patients/repo';
import type { ReportRow } from './repo';

/**
 * Whether the caller may have a signed report version (its PDF, its print count): whoever reads
 * the case (patients/access.ts), except that an expert has only the reports of their own
 * receives, as selectDiagnosis shows them. Anything else answers the 404 of a missing report.
 * Returns the case as read for the check.
 */
export async function assertMayReadReport(
  db: Db,
  actor: Actor,
  report: ReportRow,
): Promise<PatientView> {
  const view = await patientRepo.findPatientView(db, report.patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  const role = await caseReaderRole(db, actor, view.patient);
  if (role === 'expert' && report.expertId !== actor.userId) {
    throw notFound();
  }
  return view;
}
