import type { FormRule } from 'antd';
import {
  CASE_AGE_FIELDS,
  CaseVariant,
  REQUIRED_PATIENT_FIELDS,
  type CaseVariantCode,
  type MessageKey,
} from '@pathconsult/shared';
import { serverText } from '@/lib/server-text';
import type { CaseFormField, CaseFormValues } from './case-form';

/** The deployment's case model from the configuration; absent (older servers) means human. */
export function caseVariantOf(config: { caseVariant?: unknown } | undefined): CaseVariantCode {
  return config?.caseVariant === CaseVariant.Veterinary
    ? CaseVariant.Veterinary
    : CaseVariant.Human;
}

/**
 * The required fields of a variant with each one's own message (spec §5: "each empty field gives
 * its own cannot-be-empty message"), keyed by the form field that shows it: the age message sits
 * under the years. The pathology number is required only when the hospital has no numbering rule;
 * with one, an empty number means "the next one" (`autoNumber`).
 */
export function requiredCaseFields(
  variant: CaseVariantCode,
  autoNumber: boolean,
): Partial<Record<CaseFormField, MessageKey>> {
  const table =
    variant === CaseVariant.Veterinary
      ? REQUIRED_PATIENT_FIELDS.veterinary
      : REQUIRED_PATIENT_FIELDS.human;
  const result: Partial<Record<CaseFormField, MessageKey>> = {};
  for (const [field, key] of Object.entries(table)) {
    if (field === 'strDiagnosistNum' && autoNumber) {
      continue;
    }
    result[field === 'age' ? 'iAgeYear' : (field as CaseFormField)] = key;
  }
  return result;
}

/** Empty as the server reads it: nothing, or only spaces. */
export function isEmptyCaseValue(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Whether a required field is missing from the values (for the age: all three parts). */
export function isMissing(field: CaseFormField, values: Partial<CaseFormValues>): boolean {
  if (field === 'iAgeYear') {
    return CASE_AGE_FIELDS.every((f) => isEmptyCaseValue(values[f]));
  }
  return isEmptyCaseValue(values[field]);
}

/** The required fields the values lack, each with its message key, in form order. */
export function missingCaseFields(
  values: Partial<CaseFormValues>,
  required: Partial<Record<CaseFormField, MessageKey>>,
): { field: CaseFormField; key: MessageKey }[] {
  return (Object.entries(required) as [CaseFormField, MessageKey][])
    .filter(([field]) => isMissing(field, values))
    .map(([field, key]) => ({ field, key }));
}

/** The antd rule of one required field, with that field's own message. */
export function requiredCaseRule(field: CaseFormField, key: MessageKey): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const values = getFieldsValue(true) as Partial<CaseFormValues>;
      if (isMissing(field, values)) {
        throw new Error(serverText(key));
      }
    },
  });
}
