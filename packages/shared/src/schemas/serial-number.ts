import { z } from 'zod';
import {
  numberLength,
  resetFitsDatePart,
  SERIAL_DATE_PARTS,
  SERIAL_PREFIX_PATTERN,
  SERIAL_RESET_PERIODS,
  SerialLimits,
} from '../serial-number';
import type { ValidationKey } from '../messages';
import { idSchema } from './common';

/** The fields of a pathology-number rule (spec §7 serialNumber), each checked on its own. */
export const serialRuleFields = {
  strPrefix: z
    .string()
    .trim()
    .max(SerialLimits.prefixMax, { error: 'validation.tooLong' })
    .regex(SERIAL_PREFIX_PATTERN, { error: 'validation.serial.prefix' }),
  strDatePart: z.enum(SERIAL_DATE_PARTS, { error: 'validation.required' }),
  iSeqWidth: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.serial.seqWidth' })
    .min(SerialLimits.seqWidthMin, { error: 'validation.serial.seqWidth' })
    .max(SerialLimits.seqWidthMax, { error: 'validation.serial.seqWidth' }),
  strResetPeriod: z.enum(SERIAL_RESET_PERIODS, { error: 'validation.required' }),
  iNextSeq: z
    .number({ error: 'validation.serial.nextSeq' })
    .int({ error: 'validation.serial.nextSeq' })
    .min(1, { error: 'validation.serial.nextSeq' })
    .max(SerialLimits.nextSeqMax, { error: 'validation.serial.nextSeq' }),
};

export interface SerialRuleShape {
  strPrefix: string;
  strDatePart: (typeof SERIAL_DATE_PARTS)[number];
  iSeqWidth: number;
  strResetPeriod: (typeof SERIAL_RESET_PERIODS)[number];
  iNextSeq?: number | null;
}

/**
 * What is wrong with a rule as a whole, on the field to change: a reset period the date part
 * cannot tell apart (numbers would repeat), or numbers longer than a pathology number may be
 * (spec §5: 16 characters), for the first number or for the sequence number set by hand.
 * Null when the rule is sound, or when a field fails its own rule. The server's schema and the
 * rule form both ask this.
 */
export function serialRuleProblem(
  rule: SerialRuleShape,
): { field: 'strResetPeriod' | 'strPrefix' | 'iNextSeq'; key: ValidationKey } | null {
  // A field that fails its own rule says so itself; the whole is judged once the parts are sound.
  const partsSound =
    (['strPrefix', 'strDatePart', 'iSeqWidth', 'strResetPeriod'] as const).every(
      (field) => serialRuleFields[field].safeParse(rule[field]).success,
    ) &&
    (rule.iNextSeq == null || serialRuleFields.iNextSeq.safeParse(rule.iNextSeq).success);
  if (!partsSound) {
    return null;
  }
  const shape = {
    prefix: rule.strPrefix,
    datePart: rule.strDatePart,
    seqWidth: rule.iSeqWidth,
    resetPeriod: rule.strResetPeriod,
  };
  if (!resetFitsDatePart(shape.resetPeriod, shape.datePart)) {
    return { field: 'strResetPeriod', key: 'validation.serial.resetPeriod' };
  }
  if (numberLength(shape) > SerialLimits.numberMax) {
    return { field: 'strPrefix', key: 'validation.serial.tooLong' };
  }
  if (rule.iNextSeq != null && numberLength(shape, rule.iNextSeq) > SerialLimits.numberMax) {
    return { field: 'iNextSeq', key: 'validation.serial.tooLong' };
  }
  return null;
}

/** GET serialNumber/select: the rule of a hospital in scope (default: the caller's own). */
export const serialNumberQuerySchema = z.object({
  iHospitalId: idSchema.optional().describe('Default: the caller’s own hospital'),
});
export type SerialNumberQuery = z.infer<typeof serialNumberQuerySchema>;

/**
 * POST serialNumber/update: the whole rule of one hospital. `iNextSeq` restarts the sequence at
 * that number within the current period; without it the count goes on.
 */
export const serialNumberUpdateSchema = z
  .object({
    iHospitalId: idSchema.optional().describe('Default: the caller’s own hospital'),
    strPrefix: serialRuleFields.strPrefix.default(''),
    strDatePart: serialRuleFields.strDatePart,
    iSeqWidth: serialRuleFields.iSeqWidth,
    strResetPeriod: serialRuleFields.strResetPeriod,
    iNextSeq: serialRuleFields.iNextSeq
      .nullable()
      .optional()
      .describe('Next sequence number (≥ 1); omit to keep counting'),
  })
  .superRefine((rule, ctx) => {
    const problem = serialRuleProblem(rule);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem.key, path: [problem.field] });
    }
  });
export type SerialNumberUpdateInput = z.infer<typeof serialNumberUpdateSchema>;

export const serialNumberDtoSchema = z.object({
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  bHasRule: z
    .boolean()
    .describe('False: no rule yet (the values are the defaults); case numbers must be typed'),
  strPrefix: z.string(),
  strDatePart: z.enum(SERIAL_DATE_PARTS),
  iSeqWidth: z.number().int(),
  strResetPeriod: z.enum(SERIAL_RESET_PERIODS),
  iNextSeq: z.number().int().describe('Sequence number of the next case, in the current period'),
  strNextNumber: z
    .string()
    .nullable()
    .describe(
      'What the next case would get now (numbers typed by hand skipped), not taken; null ' +
        'without a rule, or when the sequence outgrew the 16-character limit',
    ),
  dtUpdateTime: z.string().nullable().describe('UTC, ISO 8601; null without a rule'),
});
export type SerialNumberDto = z.infer<typeof serialNumberDtoSchema>;

/** The rule a hospital without one is offered (the table's defaults). */
export const DEFAULT_SERIAL_RULE = {
  strPrefix: '',
  strDatePart: 'YYYYMMDD',
  iSeqWidth: 4,
  strResetPeriod: 'day',
} as const satisfies SerialRuleShape;
