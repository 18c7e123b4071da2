import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { HospitalAddInput, HospitalDto, RoleTypeCode } from '@pathconsult/shared';

/** What the hospital form holds; the request shape differs for the date, the type and the group. */
export interface HospitalFormValues {
  strHospitalName: string;
  ddIsDiagnosis: 0 | 1 | 2;
  strTypeLabel: string;
  iGroupId: number | null;
  strContactName: string;
  strContactMobile: string;
  strProvince: string;
  strCity: string;
  strAddress: string;
  strSmsSignature: string;
  strInternalAddress: string;
  strExternalAddress: string;
  strAllowedLoginIps: string;
  dTotalMemory: number | null;
  dtValidUntil: Dayjs | null;
  bIsConsultation: boolean;
  bReportReview: boolean;
}

export type HospitalField = keyof HospitalFormValues;

/**
 * The fields a hospital administrator (role 2) may change on its own hospital: how to reach it,
 * who may log in from where, and whether its experts' reports are reviewed before release (its
 * own quality control). Name, type, group, storage and validity are the platform's decision (they
 * govern billing, routing of cases and login).
 */
export const HOSPITAL_ADMIN_FIELDS: readonly HospitalField[] = [
  'strContactName',
  'strContactMobile',
  'strProvince',
  'strCity',
  'strAddress',
  'strSmsSignature',
  'strAllowedLoginIps',
  'bReportReview',
];

/** Whether a caller of this role may change the field. */
export function mayEditHospitalField(role: RoleTypeCode | null, field: HospitalField): boolean {
  if (role === 1) {
    return true;
  }
  return role === 2 && HOSPITAL_ADMIN_FIELDS.includes(field);
}

export const EMPTY_HOSPITAL: HospitalFormValues = {
  strHospitalName: '',
  ddIsDiagnosis: 0,
  strTypeLabel: '',
  iGroupId: null,
  strContactName: '',
  strContactMobile: '',
  strProvince: '',
  strCity: '',
  strAddress: '',
  strSmsSignature: '',
  strInternalAddress: '',
  strExternalAddress: '',
  strAllowedLoginIps: '',
  dTotalMemory: null,
  dtValidUntil: null,
  bIsConsultation: true,
  bReportReview: false,
};

function diagnosisOf(value: number): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

export function hospitalToForm(h: HospitalDto): HospitalFormValues {
  return {
    strHospitalName: h.strHospitalName,
    ddIsDiagnosis: diagnosisOf(h.ddIsDiagnosis.iNumber),
    strTypeLabel: h.strTypeLabel,
    iGroupId: h.iGroupId,
    strContactName: h.strContactName,
    strContactMobile: h.strContactMobile,
    strProvince: h.strProvince,
    strCity: h.strCity,
    strAddress: h.strAddress,
    strSmsSignature: h.strSmsSignature,
    strInternalAddress: h.strInternalAddress,
    strExternalAddress: h.strExternalAddress,
    strAllowedLoginIps: h.strAllowedLoginIps,
    dTotalMemory: h.dTotalMemory,
    dtValidUntil: h.dtValidUntil ? dayjs(h.dtValidUntil) : null,
    bIsConsultation: h.bIsConsultation,
    bReportReview: h.bReportReview,
  };
}

/** The picked day as the request's `YYYY-MM-DD` (a calendar day, not an instant). */
export function validUntilToWire(value: Dayjs | null | undefined): string | undefined {
  return value ? value.format('YYYY-MM-DD') : undefined;
}

/** The form's values as the body of addHospital (updateHospital adds iHospitalId). */
export function hospitalToWire(values: HospitalFormValues): HospitalAddInput {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    strHospitalName: text(values.strHospitalName),
    ddIsDiagnosis: { iNumber: values.ddIsDiagnosis },
    strTypeLabel: text(values.strTypeLabel),
    iGroupId: values.iGroupId ?? null,
    strContactName: text(values.strContactName),
    strContactMobile: text(values.strContactMobile),
    strProvince: text(values.strProvince),
    strCity: text(values.strCity),
    strAddress: text(values.strAddress),
    strSmsSignature: text(values.strSmsSignature),
    strInternalAddress: text(values.strInternalAddress),
    strExternalAddress: text(values.strExternalAddress),
    strAllowedLoginIps: text(values.strAllowedLoginIps),
    dTotalMemory: values.dTotalMemory ?? Number.NaN,
    dtValidUntil: validUntilToWire(values.dtValidUntil) ?? '',
    bIsConsultation: values.bIsConsultation,
    bReportReview: values.bReportReview,
  };
}

/** Form field of a 400 field error (`ddIsDiagnosis.iNumber` → `ddIsDiagnosis`). */
export function hospitalFieldOf(strField: string): HospitalField | undefined {
  const name = strField.split('.')[0] as HospitalField;
  return name in EMPTY_HOSPITAL ? name : undefined;
}
