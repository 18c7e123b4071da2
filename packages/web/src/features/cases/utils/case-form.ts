import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { DiagnosticType, type PatientAddInput, type PatientDto } from '@pathconsult/shared';

/**
 * What the case form holds. The request (patientFieldsSchema) differs for coded values
 * (`{ iNumber }` there, a plain code here for the selects), dates (Dayjs here, ISO text there)
 * and the frozen head count (sent only for the diagnostic types that have one).
 */
export interface CaseFormValues {
  strPatientName: string;
  strDiagnosistNum: string;
  iAgeYear: number | null;
  iAgeMonth: number | null;
  iAgeDay: number | null;
  ddSex: number | null;
  ddClassification: number | null;
  strSamplingSite: string;
  dtSampleTime: Dayjs | null;
  strPhone: string;
  strFamilyPhone: string;
  strIdentityNumber: string;
  strNation: string;
  strInpatientNo: string;
  strOutpatientNo: string;
  strAreaNo: string;
  strWardNo: string;
  strBedNo: string;
  strDepartment: string;
  /** 0 normal, 1 urgent. */
  ddEmergency: 0 | 1;
  /** 1 regular, 2 frozen, 3 consultation. */
  ddDiagnosticType: 1 | 2 | 3;
  iFrozenHeadNum: number | null;
  ddSampleType: number | null;
  strClinicalData: string;
  strMedicalHistory: string;
  strImagingStudies: string;
  strSpecialExams: string;
  strTissueDescription: string;
  strGrossFindings: string;
  strInitialOpinion: string;
  strImmunohistochemistry: string;
  strMolecularPathology: string;
  strSpecialStains: string;
  strRemarks: string;
  strSpecies: string;
  strBreed: string;
  strSampleDesc: string;
  strSampleNo: string;
  dtCollectedDate: Dayjs | null;
  dtReceivedDate: Dayjs | null;
  strTester: string;
  strTestMethods: string;
  strOwnerTel: string;
  strOwnerEmail: string;
}

export type CaseFormField = keyof CaseFormValues;

export const EMPTY_CASE: CaseFormValues = {
  strPatientName: '',
  strDiagnosistNum: '',
  iAgeYear: null,
  iAgeMonth: null,
  iAgeDay: null,
  ddSex: null,
  ddClassification: null,
  strSamplingSite: '',
  dtSampleTime: null,
  strPhone: '',
  strFamilyPhone: '',
  strIdentityNumber: '',
  strNation: '',
  strInpatientNo: '',
  strOutpatientNo: '',
  strAreaNo: '',
  strWardNo: '',
  strBedNo: '',
  strDepartment: '',
  ddEmergency: 0,
  ddDiagnosticType: 1,
  iFrozenHeadNum: null,
  ddSampleType: null,
  strClinicalData: '',
  strMedicalHistory: '',
  strImagingStudies: '',
  strSpecialExams: '',
  strTissueDescription: '',
  strGrossFindings: '',
  strInitialOpinion: '',
  strImmunohistochemistry: '',
  strMolecularPathology: '',
  strSpecialStains: '',
  strRemarks: '',
  strSpecies: '',
  strBreed: '',
  strSampleDesc: '',
  strSampleNo: '',
  dtCollectedDate: null,
  dtReceivedDate: null,
  strTester: '',
  strTestMethods: '',
  strOwnerTel: '',
  strOwnerEmail: '',
};

/**
 * The frozen head count (number of frozen-section specimens) belongs to the diagnostic types that
 * involve frozen sections: frozen, and consultation on a frozen case (docs/decisions.md). A regular
 * case has none, whatever the field held before the type changed.
 */
export function hasFrozenHeadCount(type: number | null | undefined): boolean {
  return type === DiagnosticType.Frozen || type === DiagnosticType.Consultation;
}

const TEXT_FIELDS = (Object.keys(EMPTY_CASE) as CaseFormField[]).filter((f) =>
  f.startsWith('str'),
) as Extract<CaseFormField, `str${string}`>[];

function code(value: number | null | undefined): { iNumber: number } | null {
  return value === null || value === undefined ? null : { iNumber: value };
}

function day(value: Dayjs | null | undefined): string | null {
  return value ? value.format('YYYY-MM-DD') : null;
}

/** The form's values as the body of patient/addPatient (updatePatient adds iPatientId). */
export function caseToWire(values: Partial<CaseFormValues>): PatientAddInput {
  const v = { ...EMPTY_CASE, ...values };
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, (v[f] ?? '').trim()])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...texts,
    iAgeYear: v.iAgeYear ?? null,
    iAgeMonth: v.iAgeMonth ?? null,
    iAgeDay: v.iAgeDay ?? null,
    ddSex: code(v.ddSex),
    ddClassification: code(v.ddClassification),
    ddSampleType: code(v.ddSampleType),
    // The sample time is an instant (the database keeps it with its zone).
    dtSampleTime: v.dtSampleTime ? v.dtSampleTime.toISOString() : null,
    ddEmergency: { iNumber: v.ddEmergency },
    ddDiagnosticType: { iNumber: v.ddDiagnosticType },
    iFrozenHeadNum: hasFrozenHeadCount(v.ddDiagnosticType) ? (v.iFrozenHeadNum ?? null) : null,
    // Collected and received are calendar days of the sample's label, not instants.
    dtCollectedDate: day(v.dtCollectedDate),
    dtReceivedDate: day(v.dtReceivedDate),
  };
}

function oneOf<T extends number>(value: number | undefined, allowed: readonly T[], or: T): T {
  return allowed.includes(value as T) ? (value as T) : or;
}

/** A case as the form's starting values (edit mode). */
export function caseToForm(c: PatientDto): CaseFormValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, c[f] ?? ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...texts,
    iAgeYear: c.iAgeYear,
    iAgeMonth: c.iAgeMonth,
    iAgeDay: c.iAgeDay,
    ddSex: c.ddSex?.iNumber ?? null,
    ddClassification: c.ddClassification?.iNumber ?? null,
    ddSampleType: c.ddSampleType?.iNumber ?? null,
    dtSampleTime: c.dtSampleTime ? dayjs(c.dtSampleTime) : null,
    ddEmergency: oneOf(c.ddEmergency.iNumber, [0, 1] as const, 0),
    ddDiagnosticType: oneOf(c.ddDiagnosticType.iNumber, [1, 2, 3] as const, 1),
    iFrozenHeadNum: c.iFrozenHeadNum,
    dtCollectedDate: c.dtCollectedDate ? dayjs(c.dtCollectedDate) : null,
    dtReceivedDate: c.dtReceivedDate ? dayjs(c.dtReceivedDate) : null,
  };
}

/**
 * The form field of a 400 field error: `ddSex.iNumber` → `ddSex`; the age rule speaks as `age`
 * (at least one of years, months, days) and is shown under the years.
 */
export function caseFieldOf(strField: string): CaseFormField | undefined {
  const name = strField.split('.')[0] ?? '';
  if (name === 'age') {
    return 'iAgeYear';
  }
  return name in EMPTY_CASE ? (name as CaseFormField) : undefined;
}
