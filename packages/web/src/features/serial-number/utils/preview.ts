import {
  formatNumber,
  serialRuleFields,
  serialRuleProblem,
  SerialLimits,
  type SerialNumberDto,
  type SerialRuleShape,
} from '@pathconsult/shared';

/** What the rule form holds: the rule, and the next sequence number only when one is typed. */
export interface RuleFormValues {
  strPrefix?: string;
  strDatePart?: SerialRuleShape['strDatePart'];
  iSeqWidth?: number | null;
  strResetPeriod?: SerialRuleShape['strResetPeriod'];
  iNextSeq?: number | null;
}

export type Preview =
  | { kind: 'number'; number: string }
  /** The saved rule's sequence has outgrown the 16 characters. */
  | { kind: 'exhausted' }
  /** The form does not hold a valid rule yet: no number to show. */
  | { kind: 'invalid' };

/** The form's values as a rule, when every field holds a valid value. */
export function ruleOf(values: RuleFormValues): SerialRuleShape | null {
  const rule = {
    strPrefix: (values.strPrefix ?? '').trim(),
    strDatePart: values.strDatePart,
    iSeqWidth: values.iSeqWidth,
    strResetPeriod: values.strResetPeriod,
  };
  const valid =
    serialRuleFields.strPrefix.safeParse(rule.strPrefix).success &&
    serialRuleFields.strDatePart.safeParse(rule.strDatePart).success &&
    serialRuleFields.iSeqWidth.safeParse(rule.iSeqWidth).success &&
    serialRuleFields.strResetPeriod.safeParse(rule.strResetPeriod).success &&
    (values.iNextSeq == null || serialRuleFields.iNextSeq.safeParse(values.iNextSeq).success);
  return valid ? ({ ...rule, iNextSeq: values.iNextSeq ?? null } as SerialRuleShape) : null;
}

/** Whether the form still holds the saved rule (and no sequence number typed). */
export function isSavedRule(rule: SerialRuleShape, saved: SerialNumberDto): boolean {
  return (
    saved.bHasRule &&
    rule.iNextSeq == null &&
    rule.strPrefix === saved.strPrefix &&
    rule.strDatePart === saved.strDatePart &&
    rule.iSeqWidth === saved.iSeqWidth &&
    rule.strResetPeriod === saved.strResetPeriod
  );
}

/**
 * The number the next case would get under the rule being edited, shown live beside the form.
 * For the saved rule it is the server's answer, which also skips numbers typed by hand; for a
 * changed rule it is made here from the same shared function the server numbers cases with,
 * continuing the count (or from the typed sequence number) at `now` in China time.
 */
export function previewOf(values: RuleFormValues, saved: SerialNumberDto, now: Date): Preview {
  const rule = ruleOf(values);
  if (!rule || serialRuleProblem(rule)) {
    return { kind: 'invalid' };
  }
  if (isSavedRule(rule, saved)) {
    return saved.strNextNumber === null
      ? { kind: 'exhausted' }
      : { kind: 'number', number: saved.strNextNumber };
  }
  const number = formatNumber(
    {
      prefix: rule.strPrefix,
      datePart: rule.strDatePart,
      seqWidth: rule.iSeqWidth,
      resetPeriod: rule.strResetPeriod,
    },
    rule.iNextSeq ?? saved.iNextSeq,
    now,
  );
  return number.length > SerialLimits.numberMax
    ? { kind: 'exhausted' }
    : { kind: 'number', number };
}
