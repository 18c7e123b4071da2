import type { UserDto } from '@pathconsult/shared';
import type { hospitals, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type HospitalRow = typeof hospitals.$inferSelect;

/** `2026-01-05` → `2026/01/05` (the spec's birthday format). */
const toSlashDate = (d: string | null) => (d ? d.replaceAll('-', '/') : null);

/** The one place where a user row becomes the spec's user shape. The hash never leaves. */
export function toUserDto(u: UserRow, h: HospitalRow | null): UserDto {
  return {
    iUserId: u.id,
    strUserName: u.userName,
    strRealName: u.realName,
    ddSex: u.sex == null ? null : { iNumber: u.sex },
    strIdentityNumber: u.idNumber,
    dtBirthdayDate: toSlashDate(u.birthday),
    strMobile: u.mobile,
    strEmail: u.email,
    strSpecialty: u.specialty,
    strIntro: u.intro,
    strProvince: u.province,
    strCity: u.city,
    strAddress: u.address,
    arraySignatureUrl: u.signaturePng,
    ddRoleType: { iNumber: u.roleType },
    ddUserState: { iNumber: u.state },
    bIsSuperAdmin: u.isSuperadmin,
    hospital: h
      ? {
          iHospitalId: h.id,
          strHospitalName: h.name,
          ddIsDiagnosis: { iNumber: h.isDiagnosis },
          iGroupId: h.groupId,
        }
      : null,
    createUser: u.createdBy == null ? null : { iUserId: u.createdBy },
  };
}
