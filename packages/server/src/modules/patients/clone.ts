import { CaseLimits, CaseState, type PatientDto } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { allocatePathologyNumber } from '../serial-number/allocate';
import { columnsToFields, fieldsToColumns } from './dto';
import { lockOwnedCase, withNumberCheck } from './locked-case';
import * as repo from './repo';
import { readPatient, type PatientDeps } from './service';

/** Suffixes tried per query, and in all, before a clone without a rule gives up. */
const BATCH = 20;
const MAX_TRIES = 1000;

/**
 * The number of a clone when the hospital has no rule: `<original>-<k>` with the first k no case
 * of the hospital carries, within the 16 characters of a number; PATHOLOGY_NUMBER_TAKEN when none
 * fits. The original is locked by the caller, so clones of one case number one after the other.
 */
export async function cloneNumber(tx: Db, hospitalId: number, original: string): Promise<string> {
  for (let k = 1; k <= MAX_TRIES; k += BATCH) {
    const candidates: string[] = [];
    for (let i = k; i < k + BATCH; i++) {
      const candidate = `${original}-${i}`;
      if (candidate.length <= CaseLimits.diagnosisNumMax) {
        candidates.push(candidate);
      }
    }
    if (candidates.length === 0) {
      break;
    }
    const taken = await repo.takenNumbers(tx, hospitalId, candidates);
    const free = candidates.find((c) => !taken.has(c));
    if (free) {
      return free;
    }
  }
  throw new AppError('PATHOLOGY_NUMBER_TAKEN');
}

/**
 * patient/clone: a new unsubmitted case of the owner with the original's fields, not its state,
 * dates, events, collections or comments. It keeps the original's variant (its fields are of that
 * model) and takes the next number of the rule, or `<original>-<k>` without a rule.
 */
export async function clonePatient(
  { db, clock }: PatientDeps,
  actor: Actor,
  id: number,
): Promise<PatientDto> {
  const now = clock.now();
  const cloneId = await withNumberCheck(() =>
    db.transaction(async (tx) => {
      const source = await lockOwnedCase(tx, actor, id);
      const num =
        (await allocatePathologyNumber(tx, source.hospitalId, now)) ??
        (await cloneNumber(tx, source.hospitalId, source.diagnosisNum));
      const row = await repo.insertPatient(tx, {
        ...fieldsToColumns(columnsToFields(source)),
        diagnosisNum: num,
        hospitalId: source.hospitalId,
        ownerId: actor.userId,
        state: CaseState.New,
        variant: source.variant,
        clonedFrom: source.id,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertEvent(tx, {
        patientId: row.id,
        userId: actor.userId,
        action: 'clone',
        fromState: null,
        toState: CaseState.New,
        createdAt: now,
      });
      return row.id;
    }),
  );
  return readPatient(db, actor, cloneId);
}
