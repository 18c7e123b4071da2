import { z } from 'zod';
import { CaseLimits, CLASSIFICATION_CODES, PHONE_PATTERN } from '../case-constants';
import { isValidIdNumber } from '../validation';
import { ddSchema, idSchema, isoDateSchema, pageQuerySchema, pageSchema } from './common';

/*
 * Cases (spec §3 Case / patient, §5 Patient, §7 Patient). One request shape for both variants:
 * the server applies the rules of the deployment's variant (human or veterinary) and ignores the
 * other variant's fields. Every required field has a message of its own (spec §5 "each empty field
 * gives its own cannot-be-empty message"): the `validation.case.*` keys.
 */

const text = (max: number) =>
  z.string().trim().max(max, { error: 'validation.tooLong' }).optional().default('');
const code = (values: readonly number[]) =>
  ddSchema(
    z
      .number()
      .int()
      .refine((v) => values.includes(v), { error: 'validation.invalid' }),
  )
    .nullable()
    .optional()
    .default(null);
const ageField = (max: number) =>
  z
    .number({ error: 'validation.case.age' })
    .int({ error: 'validation.case.age' })
    .min(1, { error: 'validation.case.age' })
    .max(max, { error: 'validation.case.age' })
    .nullable()
    .optional()
    .default(null);
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: 'validation.phone' })
  .optional()
  .default('');

/** Every field of a case as the form sends it; which are required depends on the variant. */
export const patientFieldsSchema = z.object({
  strPatientName: text(CaseLimits.nameMax),
  /** Empty: the next number of the hospital's numbering rule (serialNumber), when it has one. */
  strDiagnosistNum: text(CaseLimits.diagnosisNumMax),
  iAgeYear: ageField(CaseLimits.ageYearsMax),
  iAgeMonth: ageField(CaseLimits.ageMonthsMax),
  iAgeDay: ageField(CaseLimits.ageDaysMax),
  ddSex: code([1, 2]),
  ddClassification: code(CLASSIFICATION_CODES),
  strSamplingSite: text(CaseLimits.samplingSiteMax),
  dtSampleTime: isoDateSchema.nullable().optional().default(null),
  strPhone: phone,
  strFamilyPhone: phone,
  strIdentityNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidIdNumber(v), { error: 'validation.idNumber' })
    .optional()
    .default(''),
  strNation: text(CaseLimits.shortTextMax),
  strInpatientNo: text(CaseLimits.shortTextMax),
  strOutpatientNo: text(CaseLimits.shortTextMax),
  strAreaNo: text(CaseLimits.shortTextMax),
  strWardNo: text(CaseLimits.shortTextMax),
  strBedNo: text(CaseLimits.shortTextMax),
  strDepartment: text(CaseLimits.shortTextMax),
  /** 0 normal, 1 urgent. */
  ddEmergency: ddSchema(z.union([z.literal(0), z.literal(1)])).default({ iNumber: 0 }),
  /** 1 regular, 2 frozen, 3 consultation. */
  ddDiagnosticType: ddSchema(z.union([z.literal(1), z.literal(2), z.literal(3)])).default({
    iNumber: 1,
  }),
  iFrozenHeadNum: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(CaseLimits.frozenHeadMax, { error: 'validation.invalid' })
    .nullable()
    .optional()
    .default(null),
  /** 1 biopsy/small biopsy, 2 surgical removal, 3 cytology, 4 specialist consultation. */
  ddSampleType: code([1, 2, 3, 4]),
  strClinicalData: text(CaseLimits.longTextMax),
  strMedicalHistory: text(CaseLimits.longTextMax),
  strImagingStudies: text(CaseLimits.longTextMax),
  strSpecialExams: text(CaseLimits.longTextMax),
  strTissueDescription: text(CaseLimits.longTextMax),
  strGrossFindings: text(CaseLimits.longTextMax),
  strInitialOpinion: text(CaseLimits.longTextMax),
  strImmunohistochemistry: text(CaseLimits.longTextMax),
  strMolecularPathology: text(CaseLimits.longTextMax),
  strSpecialStains: text(CaseLimits.longTextMax),
  strRemarks: text(CaseLimits.longTextMax),
  // Veterinary variant
  strSpecies: text(CaseLimits.shortTextMax),
  strBreed: text(CaseLimits.shortTextMax),
  strSampleDesc: text(CaseLimits.longTextMax),
  strSampleNo: text(CaseLimits.shortTextMax),
  dtCollectedDate: isoDateSchema.nullable().optional().default(null),
  dtReceivedDate: isoDateSchema.nullable().optional().default(null),
  strTester: text(CaseLimits.shortTextMax),
  strTestMethods: text(CaseLimits.longTextMax),
  strOwnerTel: phone,
  strOwnerEmail: z
    .union([z.literal(''), z.email({ error: 'validation.email' })])
    .optional()
    .default(''),
});
export type PatientFields = z.infer<typeof patientFieldsSchema>;
export type PatientFieldName = keyof PatientFields;

/**
 * Required fields per variant with the message of each (spec §5 Patient; veterinary: our reading,
 * docs/decisions.md). Age is required as "at least one of years, months, days".
 */
export const REQUIRED_PATIENT_FIELDS = {
  human: {
    strPatientName: 'validation.case.name',
    strDiagnosistNum: 'validation.case.diagnosisNum',
    age: 'validation.case.age',
    ddSex: 'validation.case.sex',
    ddClassification: 'validation.case.classification',
    strSamplingSite: 'validation.case.samplingSite',
    ddSampleType: 'validation.case.sampleType',
    strClinicalData: 'validation.case.clinicalData',
    strInitialOpinion: 'validation.case.initialOpinion',
    strTissueDescription: 'validation.case.tissueDescription',
    strPhone: 'validation.case.phone',
  },
  veterinary: {
    strPatientName: 'validation.case.petName',
    strDiagnosistNum: 'validation.case.diagnosisNum',
    age: 'validation.case.age',
    ddSex: 'validation.case.sex',
    strSpecies: 'validation.case.species',
    strSampleDesc: 'validation.case.sampleDesc',
    dtCollectedDate: 'validation.case.collectedDate',
    strOwnerTel: 'validation.case.ownerTel',
  },
} as const;

/**
 * Fields only the veterinary model has: a human case ignores them (they are not stored). A
 * veterinary case keeps every field sent; its form decides which of the shared ones it shows.
 */
export const VETERINARY_ONLY_FIELDS = [
  'strSpecies',
  'strBreed',
  'strSampleDesc',
  'strSampleNo',
  'dtCollectedDate',
  'dtReceivedDate',
  'strTester',
  'strTestMethods',
  'strOwnerTel',
  'strOwnerEmail',
] as const satisfies readonly PatientFieldName[];

/** patient/addPatient. */
export const patientAddSchema = patientFieldsSchema;
export type PatientAddInput = z.infer<typeof patientAddSchema>;

/** patient/updatePatient: the whole form again, with the case's id. */
export const patientUpdateSchema = patientFieldsSchema.extend({ iPatientId: idSchema });
export type PatientUpdateInput = z.infer<typeof patientUpdateSchema>;

export const patientIdSchema = z.object({ iPatientId: idSchema });

/** A case as every call answers it. */
export const patientDtoSchema = z.object({
  iPatientId: z.number().int(),
  ddPatientState: ddSchema(z.number().int()).describe('Case state: see CaseState'),
  ddVariant: ddSchema(z.number().int()).describe('1 human, 2 veterinary'),
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  owner: z.object({ iUserId: z.number().int(), strRealName: z.string() }),
  ...patientFieldsSchema.shape,
  strDiagnosistNum: z.string(),
  strPatientName: z.string(),
  bCollected: z.boolean().describe('Collected (archived) by the caller'),
  iClonedFromId: z.number().int().nullable(),
  dtSubmitTime: z.string().nullable(),
  dtViewTime: z.string().nullable().describe('First time an expert opened it'),
  dtCreateTime: z.string(),
  dtUpdateTime: z.string(),
});
export type PatientDto = z.infer<typeof patientDtoSchema>;

/**
 * patient/addPatient and updatePatient: the case as saved, and how many of the hospital's slides
 * uploaded under its number while no case had it joined it (spec §4: unmatched slides become
 * matched when the numbers match).
 */
export const patientSavedSchema = patientDtoSchema.extend({
  iSlidesJoined: z.number().int().describe('Unmatched slides of its number attached to it now'),
});
export type PatientSavedDto = z.infer<typeof patientSavedSchema>;

/** A row of the case lists: what the lists show, not the whole record. */
export const patientListItemSchema = z.object({
  iPatientId: z.number().int(),
  ddPatientState: ddSchema(z.number().int()),
  strDiagnosistNum: z.string(),
  strPatientName: z.string(),
  ddSex: ddSchema(z.number().int()).nullable(),
  strAge: z.string().describe('Years, months, days as entered, e.g. "45岁" / "3月"'),
  ddClassification: ddSchema(z.number().int()).nullable(),
  ddDiagnosticType: ddSchema(z.number().int()),
  ddEmergency: ddSchema(z.number().int()),
  strSpecies: z.string().describe('Veterinary cases'),
  owner: z.object({ iUserId: z.number().int(), strRealName: z.string() }),
  bCollected: z.boolean(),
  dtCreateTime: z.string(),
  dtUpdateTime: z.string(),
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

/** The lists of issue 4 (which cases a list shows is decided by the server from `strList`). */
export const PATIENT_LISTS = [
  'new',
  'waiting',
  'completed',
  'returned',
  'withdrawn',
  'collection',
] as const;
export type PatientListName = (typeof PATIENT_LISTS)[number];

export const patientQuerySchema = pageQuerySchema.extend({
  strList: z.enum(PATIENT_LISTS).default('new'),
  strPatientName: z.string().trim().max(CaseLimits.nameMax).optional(),
  strDiagnosistNum: z.string().trim().max(CaseLimits.diagnosisNumMax).optional(),
  /**
   * How strPatientName matches: 'prefix' (default: served by an index, fast at any volume) or
   * 'contains' (a given name inside the full name; scans the caller's list).
   */
  strNameMatch: z.enum(['prefix', 'contains']).default('prefix'),
  iPatientState: z.coerce.number().int().min(0).max(9).optional(),
  iClassification: z.coerce.number().int().min(1).max(CLASSIFICATION_CODES.length).optional(),
  dtStart: isoDateSchema.optional(),
  dtEnd: isoDateSchema.optional(),
  /** Sort: newest first by default. */
  strSort: z.enum(['createdDesc', 'createdAsc', 'numAsc', 'numDesc']).default('createdDesc'),
});
export type PatientQuery = z.infer<typeof patientQuerySchema>;
export const patientPageSchema = pageSchema(patientListItemSchema).extend({
  bTotalCapped: z
    .boolean()
    .describe('The count stopped at PATIENT_COUNT_CAP: there are more (narrow the filters)'),
});
export type PatientPage = z.infer<typeof patientPageSchema>;
/** Counting stops here: a count of a huge list costs more than its page. */
export const PATIENT_COUNT_CAP = 10_000;

/** back/withdrawPatient: take back a submitted case before an expert viewed it. */
export const patientWithdrawSchema = z.object({
  iPatientId: idSchema,
  strReason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong' }),
});

/** getPatientFrozenHeadNum / updatePatientFrozenHeadNum. */
export const frozenHeadUpdateSchema = z.object({
  iPatientId: idSchema,
  iFrozenHeadNum: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(CaseLimits.frozenHeadMax, { error: 'validation.invalid' }),
});

/** getPatientFrozenHeadNum's answer. */
export const frozenHeadDtoSchema = z.object({
  iPatientId: z.number().int(),
  iFrozenHeadNum: z.number().int().nullable(),
});
export type FrozenHeadDto = z.infer<typeof frozenHeadDtoSchema>;

/** What happened to a case: its record of state changes (patient_events). */
export const PATIENT_EVENT_TYPES = [
  'create',
  'clone',
  'edit',
  'frozenHead',
  'withdraw',
  'submit',
  'distribute',
  'forward',
  'complete',
  'return',
  'referral',
  'addOrder',
  'requestModification',
  'requestSupplement',
  'requestAgreed',
  'requestRefused',
  'signForReview',
  'reviewPassed',
  'reviewRejected',
] as const;
export type PatientEventType = (typeof PATIENT_EVENT_TYPES)[number];

/** back/selectBackByLogType: the events of one case, optionally of one type (withdraw...). */
export const patientEventQuerySchema = z.object({
  iPatientId: idSchema,
  strLogType: z.enum(PATIENT_EVENT_TYPES).optional(),
});
export type PatientEventQuery = z.infer<typeof patientEventQuerySchema>;

export const patientEventDtoSchema = z.object({
  iEventId: z.number().int(),
  strLogType: z.string().describe('See PATIENT_EVENT_TYPES'),
  ddFromState: ddSchema(z.number().int()).nullable(),
  ddToState: ddSchema(z.number().int()).nullable(),
  strReason: z.string().describe('Withdraw or return reason; empty for other events'),
  user: z.object({ iUserId: z.number().int(), strRealName: z.string() }).nullable(),
  dtCreateTime: z.string(),
});
export type PatientEventDto = z.infer<typeof patientEventDtoSchema>;

/** collection/add and collection/delete: the case and whether the caller now has it collected. */
export const patientCollectedSchema = z.object({
  iPatientId: z.number().int(),
  bCollected: z.boolean(),
});
export type PatientCollected = z.infer<typeof patientCollectedSchema>;
