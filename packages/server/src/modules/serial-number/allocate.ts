import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatNumber,
  periodOf,
  SerialLimits,
  type DatePart,
  type NumberRule,
  type ResetPeriod,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patients, serialNumberRules } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type RuleRow = typeof serialNumberRules.$inferSelect;

/** Numbers tried before giving up when typed-in numbers already hold the next ones. */
const MAX_SKIPS = 1000;
/** Candidates looked up per query: typed-in runs are short, one query usually answers. */
const BATCH = 32;

export function ruleShape(rule: RuleRow): NumberRule {
  return {
    prefix: rule.prefix,
    datePart: rule.datePart as DatePart,
    seqWidth: rule.seqWidth,
    resetPeriod: rule.resetPeriod as ResetPeriod,
  };
}

/**
 * The sequence number the next case gets under the stored rule at `now`: the stored one within
 * the period it was counted in, 1 once a new period (day, month, year) has begun.
 */
export function currentSeq(rule: RuleRow, now: Date): number {
  return rule.period === periodOf(rule.resetPeriod as ResetPeriod, now) ? rule.nextSeq : 1;
}

/**
 * The first number from sequence `seq` on that no case of the hospital holds (any case: numbers
 * are compared without case, like the unique index), with its sequence number. Null when the
 * sequence has outgrown the pathology number's length.
 */
export async function firstFreeNumber(
  db: Db,
  hospitalId: number,
  shape: NumberRule,
  seq: number,
  now: Date,
): Promise<{ number: string; seq: number } | null> {
  for (let start = seq; start < seq + MAX_SKIPS; start += BATCH) {
    const candidates: { number: string; seq: number }[] = [];
    for (let s = start; s < start + BATCH; s++) {
      const number = formatNumber(shape, s, now);
      if (number.length > SerialLimits.numberMax) {
        break;
      }
      candidates.push({ number, seq: s });
    }
    if (candidates.length === 0) {
      return null;
    }
    const taken = await db
      .select({ num: sql<string>`lower(${patients.diagnosisNum})` })
      .from(patients)
      .where(
        and(
          eq(patients.hospitalId, hospitalId),
          inArray(
            sql`lower(${patients.diagnosisNum})`,
            candidates.map((c) => c.number.toLowerCase()),
          ),
        ),
      );
    const held = new Set(taken.map((t) => t.num));
    const free = candidates.find((c) => !held.has(c.number.toLowerCase()));
    if (free) {
      return free;
    }
    if (candidates.length < BATCH) {
      return null;
    }
  }
  throw new Error(`no free pathology number after ${MAX_SKIPS} tries`);
}

/**
 * The hospital's next pathology number, taken for good: call it inside the transaction that
 * creates the case. The rule row is locked, so concurrent cases get consecutive numbers and never
 * the same one; numbers a doctor already typed by hand are skipped. Null when the hospital has no
 * rule (the number must then be typed); PATHOLOGY_NUMBER_EXHAUSTED when the sequence has outgrown
 * the 16 characters of a pathology number.
 */
export async function allocatePathologyNumber(
  tx: Db,
  hospitalId: number,
  now: Date,
): Promise<string | null> {
  const [rule] = await tx
    .select()
    .from(serialNumberRules)
    .where(eq(serialNumberRules.hospitalId, hospitalId))
    .for('update');
  if (!rule) {
    return null;
  }
  const free = await firstFreeNumber(tx, hospitalId, ruleShape(rule), currentSeq(rule, now), now);
  if (!free) {
    throw new AppError('PATHOLOGY_NUMBER_EXHAUSTED');
  }
  await tx
    .update(serialNumberRules)
    .set({ period: periodOf(rule.resetPeriod as ResetPeriod, now), nextSeq: free.seq + 1 })
    .where(eq(serialNumberRules.hospitalId, hospitalId));
  return free.number;
}
