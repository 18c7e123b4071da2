import { nextCaseState, type CaseAction, type CaseStateCode } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { assertOwner } from './access';
import type { PatientRow } from './dto';
import { lockPatient } from './repo';

/**
 * The case row of a change, locked, after the owner check: missing → 404, someone else's →
 * CASE_NOT_OWNED or 404 (access.ts). Call it first inside the change's transaction.
 */
export async function lockOwnedCase(tx: Db, actor: Actor, id: number): Promise<PatientRow> {
  const row = await lockPatient(tx, id);
  if (!row) {
    throw notFound();
  }
  assertOwner(actor, row);
  return row;
}

/**
 * The state an action leads to from the locked case's state, or CASE_STATE_CHANGED: the screen
 * that offered the action saw an older state (spec §8 "selected case status changed").
 */
export function transition(row: PatientRow, action: CaseAction): CaseStateCode {
  const to = nextCaseState(row.state as CaseStateCode, action);
  if (to === null) {
    throw new AppError('CASE_STATE_CHANGED');
  }
  return to;
}

/**
 * Pathology numbers are unique per hospital, case-insensitively; the database decides under
 * concurrency (patients_hospital_num_key) and its refusal becomes PATHOLOGY_NUMBER_TAKEN.
 */
export async function withNumberCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'patients_hospital_num_key')) {
      throw new AppError('PATHOLOGY_NUMBER_TAKEN');
    }
    throw error;
  }
}
