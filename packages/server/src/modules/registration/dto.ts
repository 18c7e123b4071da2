import type { RegistrationDto } from '@pathconsult/shared';
import type { RegistrationRow } from './repo';

/** `2026-01-05` → `2026/01/05` (the spec's birthday format). */
const toSlashDate = (d: string | null) => (d ? d.replaceAll('-', '/') : null);

/** The one place where a registration row becomes its wire shape. The hash never leaves. */
export function toRegistrationDto({
  user: u,
  hospital: h,
  reviewer,
}: RegistrationRow): RegistrationDto {
  return {
    iUserId: u.id,
    strUserName: u.userName,
    strRealName: u.realName,
    ddSex: u.sex == null ? null : { iNumber: u.sex },
    dtBirthdayDate: toSlashDate(u.birthday),
    strIdentityNumber: u.idNumber,
    strMobile: u.mobile,
    strEmail: u.email,
    strProvince: u.province,
    strCity: u.city,
    ddRoleType: { iNumber: u.registeredRole ?? u.roleType },
    ddUserState: { iNumber: u.state },
    hospital: h
      ? { iHospitalId: h.id, strHospitalName: h.name, ddIsDiagnosis: { iNumber: h.isDiagnosis } }
      : null,
    strUnitName: u.unitName,
    strJobTitle: u.jobTitle,
    strDepartment: u.department,
    strReviewReason: u.reviewReason,
    reviewUser: reviewer ? { iUserId: reviewer.id, strUserName: reviewer.userName } : null,
    dtReviewTime: u.reviewedAt ? u.reviewedAt.toISOString() : null,
    dtCreateTime: u.createdAt.toISOString(),
  };
}
