import {
  CaseVariant,
  REQUIRED_PATIENT_FIELDS,
  translate,
  VETERINARY_ONLY_FIELDS,
  type CaseVariantCode,
  type FieldError,
  type Lang,
  type MessageKey,
  type PatientFields,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

/*
 * The "cannot be empty" rules of spec §5 Patient, per variant. The zod schema checks formats and
 * limits (both variants share it); which fields are required depends on the case's variant, so it
 * is checked here, with the message of each field (REQUIRED_PATIENT_FIELDS).
 */

export interface MissingField {
  /** The form field the message belongs under (`iAgeYear` for the age group). */
  field: string;
  key: MessageKey;
}

/** Field the age message is shown under: the first of the three age inputs. */
const AGE_FIELD = 'iAgeYear';

const isEmpty = (value: unknown) => value == null || value === '';

export function variantCode(value: number): CaseVariantCode {
  return value === CaseVariant.Veterinary ? CaseVariant.Veterinary : CaseVariant.Human;
}

/** The form as the variant keeps it: a human case ignores (does not store) veterinary fields. */
export function fieldsForVariant(f: PatientFields, variant: CaseVariantCode): PatientFields {
  if (variant === CaseVariant.Veterinary) {
    return f;
  }
  const kept = { ...f };
  for (const name of VETERINARY_ONLY_FIELDS) {
    Object.assign(kept, { [name]: name.startsWith('dt') ? null : '' });
  }
  return kept;
}

/**
 * Every required field left empty, in form order. The pathology number counts as empty only when
 * it is ''; the caller drops that entry when the hospital's rule gives the number.
 */
export function missingRequiredFields(f: PatientFields, variant: CaseVariantCode): MissingField[] {
  const rules =
    variant === CaseVariant.Veterinary
      ? REQUIRED_PATIENT_FIELDS.veterinary
      : REQUIRED_PATIENT_FIELDS.human;
  const missing: MissingField[] = [];
  for (const [name, key] of Object.entries(rules) as [string, MessageKey][]) {
    if (name === 'age') {
      if (isEmpty(f.iAgeYear) && isEmpty(f.iAgeMonth) && isEmpty(f.iAgeDay)) {
        missing.push({ field: AGE_FIELD, key });
      }
      continue;
    }
    if (isEmpty(f[name as keyof PatientFields])) {
      missing.push({ field: name, key });
    }
  }
  return missing;
}

/**
 * The required fields a case is refused for: every empty one, except the pathology number when a
 * number is given by the hospital's rule. The one check of addPatient, updatePatient and import.
 */
export function refusedFields(
  f: PatientFields,
  variant: CaseVariantCode,
  numberGiven: boolean,
): MissingField[] {
  return missingRequiredFields(f, variant).filter(
    (m) => m.field !== 'strDiagnosistNum' || !numberGiven,
  );
}

/** A 400 with one field error per missing field, like the schema's own refusals. */
export function missingFieldsError(missing: readonly MissingField[], lang: Lang): AppError {
  const errors: FieldError[] = missing.map((m) => ({
    strField: m.field,
    strMessage: translate(m.key, lang),
  }));
  return new AppError('VALIDATION_FAILED', {}, errors);
}
