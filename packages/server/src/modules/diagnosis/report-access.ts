import { isReleased } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole, mayReviewReportsOf } from '../patients/access';
import type { PatientView } from '../patients/dto';
import * as patientRepo from '../patients/repo';
import type { ReportRow, ReportView } from './repo';

/**
 * Whether the caller may have a signed report version (its PDF): whoever reads the case
 * (patients/access.ts), except that an expert has only the reports of their own receives, as
 * selectDiagnosis shows them. A version under review or rejected is not out yet: only its expert
 * and its reviewers (`mayReviewReportsOf`) may have it; reviewers keep the versions they decide.
 * Anyone else gets the refusal of the case, else the 404 of a missing report. Returns the case as
 * read for the check.
 */
export async function assertMayReadReport(
  db: Db,
  actor: Actor,
  report: ReportView,
): Promise<PatientView> {
  const r = report.row;
  const view = await findCase(db, actor, r);
  const reviewer = r.reviewState !== null && mayReviewReportsOf(actor, report.expertHospitalId);
  if (reviewer || (!isReleased(r.reviewState) && r.expertId === actor.userId)) {
    return view;
  }
  await assertCaseReaderOf(db, actor, view, r);
  return view;
}

/**
 * The case readers' part of `assertMayReadReport`, alone: what the patient's file holds (the
 * print count) is theirs, not the reviewers'. Unreleased versions answer 404.
 */
export async function assertReportOfCaseReader(
  db: Db,
  actor: Actor,
  report: ReportView,
): Promise<PatientView> {
  const view = await findCase(db, actor, report.row);
  await assertCaseReaderOf(db, actor, view, report.row);
  return view;
}

async function findCase(db: Db, actor: Actor, r: ReportRow): Promise<PatientView> {
  const view = await patientRepo.findPatientView(db, r.patientId, actor.userId);
  if (!view) {
    throw notFound();
  }
  return view;
}

async function assertCaseReaderOf(db: Db, actor: Actor, view: PatientView, r: ReportRow) {
  // Refuses non-readers the way the case does (CASE_NOT_OWNED inside the hospital, else 404).
  const role = await caseReaderRole(db, actor, view.patient);
  if (!isReleased(r.reviewState) || (role === 'expert' && r.expertId !== actor.userId)) {
    throw notFound();
  }
}
