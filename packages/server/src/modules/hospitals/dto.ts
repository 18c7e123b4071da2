import { bytesToGb } from '../../storage/hospital-usage';
import type { HospitalAddInput, HospitalDto, HospitalOption } from '@pathconsult/shared';
import type { hospitals } from '../../db/schema';

type HospitalRow = typeof hospitals.$inferSelect;

/** A hospital row with what its answer shows beside it: the group's name and the user count. */
export interface HospitalView {
  hospital: HospitalRow;
  groupName: string | null;
  userCount: number;
}

/** The one place where a hospital row becomes the spec's hospital shape. */
export function toHospitalDto({ hospital: h, groupName, userCount }: HospitalView): HospitalDto {
  return {
    iHospitalId: h.id,
    strHospitalName: h.name,
    strContactName: h.contactName ?? '',
    strContactMobile: h.contactMobile ?? '',
    ddIsDiagnosis: { iNumber: h.isDiagnosis },
    strProvince: h.province ?? '',
    strCity: h.city ?? '',
    strAddress: h.address ?? '',
    strTypeLabel: h.typeLabel ?? '',
    strInternalAddress: h.internalAddress ?? '',
    strExternalAddress: h.externalAddress ?? '',
    dtValidUntil: h.validUntil,
    // numeric columns arrive as text ('500.000') from both drivers
    dTotalMemory: Number(h.storageTotalGb),
    dUsedMemory: bytesToGb(h.storageUsedBytes),
    lUsedBytes: h.storageUsedBytes,
    strSmsSignature: h.smsSignature ?? '',
    bIsConsultation: h.isConsultation,
    bReportReview: h.reportReviewRequired,
    iGroupId: h.groupId,
    strGroupName: groupName,
    strAllowedLoginIps: h.allowedLoginIps,
    iUserCount: userCount,
    dtCreateTime: h.createdAt.toISOString(),
  };
}

export function toHospitalOption(h: HospitalRow): HospitalOption {
  return {
    iHospitalId: h.id,
    strHospitalName: h.name,
    ddIsDiagnosis: { iNumber: h.isDiagnosis },
    iGroupId: h.groupId,
  };
}

export type HospitalValues = Omit<typeof hospitals.$inferInsert, 'id' | 'createdAt'>;

/** The columns a hospital form writes (add and update send the same fields). */
export function toHospitalValues(input: HospitalAddInput): HospitalValues {
  return {
    name: input.strHospitalName,
    contactName: input.strContactName,
    contactMobile: input.strContactMobile,
    isDiagnosis: input.ddIsDiagnosis.iNumber,
    province: input.strProvince,
    city: input.strCity,
    address: input.strAddress,
    typeLabel: input.strTypeLabel,
    internalAddress: input.strInternalAddress,
    externalAddress: input.strExternalAddress,
    validUntil: input.dtValidUntil,
    storageTotalGb: input.dTotalMemory.toFixed(3),
    smsSignature: input.strSmsSignature,
    isConsultation: input.bIsConsultation,
    reportReviewRequired: input.bReportReview,
    groupId: input.iGroupId ?? null,
    allowedLoginIps: input.strAllowedLoginIps,
  };
}
