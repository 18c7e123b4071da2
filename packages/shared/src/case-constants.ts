/**
 * Coded values of a case (spec §3 Case / patient). Labels live in the web app's `cases`
 * namespace under the same codes, so both sides mean the same thing by a number.
 */

/** The classification list of spec §3, in its order (code = position + 1). */
export const CASE_CLASSIFICATIONS = [
  'general',
  'softTissue',
  'skin',
  'digestive',
  'peritoneum',
  'gynaecology',
  'boneJoint',
  'urinary',
  'ent',
  'thyroid',
  'breast',
  'dental',
  'respiratory',
  'maleReproductive',
  'lymphopoiesis',
  'nervous',
  'salivaryGland',
  'mediastinum',
  'liverGallbladder',
  'pleura',
  'endocrine',
  'pancreas',
  'cardiovascular',
] as const;
export const CLASSIFICATION_CODES = CASE_CLASSIFICATIONS.map((_, i) => i + 1);

/** Sample (specimen) types: biopsy/small biopsy, surgical removal, cytology, specialist consultation. */
export const SampleType = { Biopsy: 1, Surgical: 2, Cytology: 3, Consultation: 4 } as const;

/** Diagnostic types: regular, frozen section, consultation (with a frozen head count). */
export const DiagnosticType = { Regular: 1, Frozen: 2, Consultation: 3 } as const;

/** The deployment's case model: human pathology or veterinary (configuration `caseVariant`). */
export const CaseVariant = { Human: 1, Veterinary: 2 } as const;
export type CaseVariantCode = (typeof CaseVariant)[keyof typeof CaseVariant];

/** Limits of spec §5 Patient. */
export const CaseLimits = {
  nameMax: 16,
  diagnosisNumMax: 16,
  samplingSiteMax: 16,
  ageYearsMin: 1,
  ageYearsMax: 150,
  ageMonthsMax: 11,
  ageDaysMax: 31,
  frozenHeadMax: 999,
  shortTextMax: 64,
  longTextMax: 4000,
} as const;

/** The age's parts: "age" is required as at least one of them (docs/decisions.md). */
export const CASE_AGE_FIELDS = ['iAgeYear', 'iAgeMonth', 'iAgeDay'] as const;

/**
 * A part of 0 typed in the case form or found in an imported sheet ("45 years, 0 months") says
 * there is none of that unit: it is taken as empty. Refused, or raised to 1 by the form's input,
 * it was an age nobody entered. The API itself still refuses 0, as out of range.
 */
export const ageNoneWhenZero = <T>(value: T): T | null => (value === 0 ? null : value);

/** Landline (area code, dash optional) or mainland mobile: the "phone" fields of a case. */
export const PHONE_PATTERN = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
