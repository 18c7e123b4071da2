import type {
  Lang,
  PatientDto,
  PatientEventDto,
  PatientFields,
  PatientListItem,
} from '@pathconsult/shared';
import type { patientEvents, patients } from '../../db/schema';
import { chinaDay, chinaInstant } from '../../lib/china-time';

/*
 * The one place where case rows become the spec's wire shapes (strPatientName, ddSex...) and form
 * fields become columns. Empty texts are stored as null and answered as ''.
 */

export type PatientRow = typeof patients.$inferSelect;
type PatientInsert = typeof patients.$inferInsert;

/** The columns a case form fills (everything but identity, ownership, state and dates). */
export type FieldColumns = Omit<
  PatientInsert,
  | 'id'
  | 'hospitalId'
  | 'ownerId'
  | 'state'
  | 'variant'
  | 'clonedFrom'
  | 'submittedAt'
  | 'viewedAt'
  | 'createdAt'
  | 'updatedAt'
>;

const orNull = (s: string) => (s === '' ? null : s);
const orEmpty = (s: string | null) => s ?? '';
const codeOf = (d: { iNumber: number } | null) => d?.iNumber ?? null;
const ddOf = (n: number | null) => (n == null ? null : { iNumber: n });

export function fieldsToColumns(f: PatientFields): FieldColumns {
  return {
    name: f.strPatientName,
    diagnosisNum: f.strDiagnosistNum,
    ageYears: f.iAgeYear,
    ageMonths: f.iAgeMonth,
    ageDays: f.iAgeDay,
    sex: codeOf(f.ddSex),
    classification: codeOf(f.ddClassification),
    samplingSite: orNull(f.strSamplingSite),
    sampleTime: f.dtSampleTime == null ? null : chinaInstant(f.dtSampleTime),
    phone: orNull(f.strPhone),
    familyPhone: orNull(f.strFamilyPhone),
    idNumber: orNull(f.strIdentityNumber),
    nation: orNull(f.strNation),
    inpatientNo: orNull(f.strInpatientNo),
    outpatientNo: orNull(f.strOutpatientNo),
    areaNo: orNull(f.strAreaNo),
    wardNo: orNull(f.strWardNo),
    bedNo: orNull(f.strBedNo),
    department: orNull(f.strDepartment),
    isEmergency: f.ddEmergency.iNumber === 1,
    diagnosticType: f.ddDiagnosticType.iNumber,
    frozenHeadCount: f.iFrozenHeadNum,
    sampleType: codeOf(f.ddSampleType),
    clinicalData: orNull(f.strClinicalData),
    medicalHistory: orNull(f.strMedicalHistory),
    imagingStudies: orNull(f.strImagingStudies),
    specialExams: orNull(f.strSpecialExams),
    tissueDescription: orNull(f.strTissueDescription),
    grossFindings: orNull(f.strGrossFindings),
    initialOpinion: orNull(f.strInitialOpinion),
    immunohistochemistry: orNull(f.strImmunohistochemistry),
    molecularPathology: orNull(f.strMolecularPathology),
    specialStains: orNull(f.strSpecialStains),
    remarks: orNull(f.strRemarks),
    species: orNull(f.strSpecies),
    breed: orNull(f.strBreed),
    sampleDesc: orNull(f.strSampleDesc),
    sampleNo: orNull(f.strSampleNo),
    collectedDate: f.dtCollectedDate == null ? null : chinaDay(f.dtCollectedDate),
    receivedDate: f.dtReceivedDate == null ? null : chinaDay(f.dtReceivedDate),
    tester: orNull(f.strTester),
    testMethods: orNull(f.strTestMethods),
    ownerTel: orNull(f.strOwnerTel),
    ownerEmail: orNull(f.strOwnerEmail),
  };
}

/** The form fields of a stored case: what getPatientInfo answers and clone copies. */
export function columnsToFields(r: PatientRow): PatientFields {
  return {
    strPatientName: r.name,
    strDiagnosistNum: r.diagnosisNum,
    iAgeYear: r.ageYears,
    iAgeMonth: r.ageMonths,
    iAgeDay: r.ageDays,
    ddSex: ddOf(r.sex),
    ddClassification: ddOf(r.classification),
    strSamplingSite: orEmpty(r.samplingSite),
    dtSampleTime: r.sampleTime?.toISOString() ?? null,
    strPhone: orEmpty(r.phone),
    strFamilyPhone: orEmpty(r.familyPhone),
    strIdentityNumber: orEmpty(r.idNumber),
    strNation: orEmpty(r.nation),
    strInpatientNo: orEmpty(r.inpatientNo),
    strOutpatientNo: orEmpty(r.outpatientNo),
    strAreaNo: orEmpty(r.areaNo),
    strWardNo: orEmpty(r.wardNo),
    strBedNo: orEmpty(r.bedNo),
    strDepartment: orEmpty(r.department),
    ddEmergency: { iNumber: r.isEmergency ? 1 : 0 },
    // Written only through the form schema, which admits 1–3.
    ddDiagnosticType: { iNumber: r.diagnosticType as 1 | 2 | 3 },
    iFrozenHeadNum: r.frozenHeadCount,
    ddSampleType: ddOf(r.sampleType),
    strClinicalData: orEmpty(r.clinicalData),
    strMedicalHistory: orEmpty(r.medicalHistory),
    strImagingStudies: orEmpty(r.imagingStudies),
    strSpecialExams: orEmpty(r.specialExams),
    strTissueDescription: orEmpty(r.tissueDescription),
    strGrossFindings: orEmpty(r.grossFindings),
    strInitialOpinion: orEmpty(r.initialOpinion),
    strImmunohistochemistry: orEmpty(r.immunohistochemistry),
    strMolecularPathology: orEmpty(r.molecularPathology),
    strSpecialStains: orEmpty(r.specialStains),
    strRemarks: orEmpty(r.remarks),
    strSpecies: orEmpty(r.species),
    strBreed: orEmpty(r.breed),
    strSampleDesc: orEmpty(r.sampleDesc),
    strSampleNo: orEmpty(r.sampleNo),
    dtCollectedDate: r.collectedDate,
    dtReceivedDate: r.receivedDate,
    strTester: orEmpty(r.tester),
    strTestMethods: orEmpty(r.testMethods),
    strOwnerTel: orEmpty(r.ownerTel),
    strOwnerEmail: orEmpty(r.ownerEmail),
  };
}

/** A case with the names its answer shows beside it, as the caller sees it. */
export interface PatientView {
  patient: PatientRow;
  hospitalName: string;
  ownerName: string;
  /** Collected by the caller. */
  collected: boolean;
}

export function toPatientDto(v: PatientView): PatientDto {
  const p = v.patient;
  return {
    ...columnsToFields(p),
    iPatientId: p.id,
    ddPatientState: { iNumber: p.state },
    ddVariant: { iNumber: p.variant },
    iHospitalId: p.hospitalId,
    strHospitalName: v.hospitalName,
    owner: { iUserId: p.ownerId, strRealName: v.ownerName },
    bCollected: v.collected,
    iClonedFromId: p.clonedFrom,
    dtSubmitTime: p.submittedAt?.toISOString() ?? null,
    dtViewTime: p.viewedAt?.toISOString() ?? null,
    dtCreateTime: p.createdAt.toISOString(),
    dtUpdateTime: p.updatedAt.toISOString(),
  };
}

/** The columns a list row needs (never the long texts). */
export type PatientListRow = Pick<
  PatientRow,
  | 'id'
  | 'state'
  | 'diagnosisNum'
  | 'name'
  | 'sex'
  | 'ageYears'
  | 'ageMonths'
  | 'ageDays'
  | 'classification'
  | 'diagnosticType'
  | 'isEmergency'
  | 'species'
  | 'ownerId'
  | 'createdAt'
  | 'updatedAt'
> & { ownerName: string; collected: boolean };

const AGE_UNITS: Record<Lang, [string, string, string]> = {
  zh: ['岁', '月', '天'],
  en: [' y', ' mo', ' d'],
};

/** "45岁" / "3月12天"; "45 y" / "3 mo 12 d": the parts that were entered, in the caller's language. */
export function formatAge(
  years: number | null,
  months: number | null,
  days: number | null,
  lang: Lang,
): string {
  const units = AGE_UNITS[lang];
  const parts = [years, months, days]
    .map((n, i) => (n == null ? '' : `${n}${units[i]}`))
    .filter((s) => s !== '');
  return parts.join(lang === 'zh' ? '' : ' ');
}

export function toListItem(r: PatientListRow, lang: Lang): PatientListItem {
  return {
    iPatientId: r.id,
    ddPatientState: { iNumber: r.state },
    strDiagnosistNum: r.diagnosisNum,
    strPatientName: r.name,
    ddSex: ddOf(r.sex),
    strAge: formatAge(r.ageYears, r.ageMonths, r.ageDays, lang),
    ddClassification: ddOf(r.classification),
    ddDiagnosticType: { iNumber: r.diagnosticType },
    ddEmergency: { iNumber: r.isEmergency ? 1 : 0 },
    strSpecies: orEmpty(r.species),
    owner: { iUserId: r.ownerId, strRealName: r.ownerName },
    bCollected: r.collected,
    dtCreateTime: r.createdAt.toISOString(),
    dtUpdateTime: r.updatedAt.toISOString(),
  };
}

export type PatientEventRow = typeof patientEvents.$inferSelect & { userName: string | null };

export function toEventDto(e: PatientEventRow): PatientEventDto {
  return {
    iEventId: e.id,
    strLogType: e.action,
    ddFromState: ddOf(e.fromState),
    ddToState: ddOf(e.toState),
    strReason: orEmpty(e.reason),
    user: e.userId == null ? null : { iUserId: e.userId, strRealName: e.userName ?? '' },
    dtCreateTime: e.createdAt.toISOString(),
  };
}
