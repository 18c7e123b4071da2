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

/** Landline (area code, dash optional) or mainland mobile: the "phone" fields of a case. */
export const PHONE_PATTERN = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
