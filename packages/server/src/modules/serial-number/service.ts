import {
  periodOf,
  type HospitalOption,
  type SerialNumberDto,
  type SerialNumberUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { findHospital } from '../hospitals/repo';
import { hospitalOptions } from '../hospitals/service';
import type { HospitalScope } from '../tenancy/scope';
import { currentSeq, firstFreeNumber, ruleShape } from './allocate';
import { toSerialNumberDto } from './dto';
import * as repo from './repo';

/*
 * Pathology-number rules, one per hospital (spec §7 serialNumber). The scope is the hospital
 * management one (`medicalConsortia`): a rule is a setting of the hospital, changed by whoever
 * may manage that hospital and holds the "pathology numbers" menu privilege.
 */

/** The hospital named, or the caller's own; 404 when it is missing or outside the scope. */
async function hospitalOf(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | undefined,
): Promise<{ id: number; name: string }> {
  const id = hospitalId ?? actor.hospitalId;
  const hospital = id == null ? undefined : await findHospital(db, scope, id);
  if (!hospital) {
    throw notFound();
  }
  return hospital;
}

async function dtoOf(
  db: Db,
  hospital: { id: number; name: string },
  rule: repo.RuleRow | undefined,
  now: Date,
): Promise<SerialNumberDto> {
  if (!rule) {
    return toSerialNumberDto(hospital, undefined, { seq: 1, number: null });
  }
  const seq = currentSeq(rule, now);
  const free = await firstFreeNumber(db, hospital.id, ruleShape(rule), seq, now);
  return toSerialNumberDto(hospital, rule, { seq, number: free?.number ?? null });
}

/** The rule with the number the next case would get now (not taken). */
export async function getRule(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | undefined,
  now: Date,
): Promise<SerialNumberDto> {
  const hospital = await hospitalOf(db, scope, actor, hospitalId);
  return dtoOf(db, hospital, await repo.findRule(db, hospital.id), now);
}

/**
 * Sets a hospital's rule. The count goes on: the next case gets the sequence number it would
 * have got under the old rule, and numbering restarts at 1 when the new rule's reset period
 * next turns over — unless the administrator sets the next sequence number (`iNextSeq`).
 */
export async function updateRule(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  input: SerialNumberUpdateInput,
  now: Date,
): Promise<SerialNumberDto> {
  const hospital = await hospitalOf(db, scope, actor, input.iHospitalId);
  const saved = await db.transaction(async (tx) => {
    const rule = await repo.lockRule(tx, hospital.id);
    return repo.writeRule(
      tx,
      hospital.id,
      {
        prefix: input.strPrefix,
        datePart: input.strDatePart,
        seqWidth: input.iSeqWidth,
        resetPeriod: input.strResetPeriod,
        period: periodOf(input.strResetPeriod, now),
        nextSeq: input.iNextSeq ?? currentSeq(rule, now),
        updatedBy: actor.userId,
      },
      now,
    );
  });
  return dtoOf(db, hospital, saved, now);
}

/** The hospitals whose rule the caller may manage (the picker of the rule screen). */
export function ruleHospitals(db: Db, scope: HospitalScope): Promise<HospitalOption[]> {
  return hospitalOptions(db, scope);
}
