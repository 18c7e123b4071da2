import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { patientFieldsSchema, type MessageKey } from '@pathconsult/shared';
import { zodRule } from '@/lib/form-rules';
import type { CaseFormField } from './case-form';
import { requiredCaseRule } from './required-fields';

const shape = patientFieldsSchema.shape;

/** The controls whose value is not what the request carries, with the conversion. */
const TO_WIRE: Partial<Record<CaseFormField, (value: never) => unknown>> = {
  ddSex: (v: number | null) => (v == null ? null : { iNumber: v }),
  ddClassification: (v: number | null) => (v == null ? null : { iNumber: v }),
  ddSampleType: (v: number | null) => (v == null ? null : { iNumber: v }),
  ddEmergency: (v: number | null) => ({ iNumber: v ?? 0 }),
  ddDiagnosticType: (v: number | null) => ({ iNumber: v ?? 1 }),
  dtSampleTime: (v: Dayjs | null) => (v ? v.toISOString() : null),
  dtCollectedDate: (v: Dayjs | null) => (v ? v.format('YYYY-MM-DD') : null),
  dtReceivedDate: (v: Dayjs | null) => (v ? v.format('YYYY-MM-DD') : null),
};

/**
 * The rules of one case field: its own "cannot be empty" message when the variant requires it,
 * then the server's schema for that field (lengths, age ranges, phone, ID and e-mail formats), so
 * that the form refuses what the server would refuse, with the same text.
 */
export function caseFieldRules(
  field: CaseFormField,
  required: Partial<Record<CaseFormField, MessageKey>>,
): FormRule[] {
  const rules: FormRule[] = [];
  const key = required[field];
  if (key) {
    rules.push(requiredCaseRule(field, key));
  }
  rules.push(zodRule(shape[field], TO_WIRE[field] as ((value: unknown) => unknown) | undefined));
  return rules;
}
