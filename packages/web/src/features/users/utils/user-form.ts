import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import {
  isRoleTypeCode,
  RoleType,
  type RoleTypeCode,
  type UserAddInput,
  type UserDto,
  type UserUpdateInput,
} from '@pathconsult/shared';

dayjs.extend(customParseFormat);

/** The spec's birthday format (§9). */
export const BIRTHDAY_FORMAT = 'YYYY/MM/DD';

/**
 * A user's profile as a form holds it (sex and birthday differ from the request shape): the user
 * form and the own-account form both edit it.
 */
export interface ProfileValues {
  strRealName: string;
  strMobile: string;
  strEmail?: string;
  iSex?: 1 | 2;
  strIdentityNumber?: string;
  dtBirthdayDate?: Dayjs | null;
  strProvince?: string;
  strCity?: string;
  strAddress?: string;
  strSpecialty?: string;
  strIntro?: string;
}

/** What the user form holds: the profile, and the account's name, password, role and hospital. */
export interface UserFormValues extends ProfileValues {
  strUserName: string;
  strUserPassword?: string;
  iRoleType?: RoleTypeCode;
  iHospitalId?: number;
}

const FORM_FIELDS: readonly (keyof UserFormValues)[] = [
  'strUserName',
  'strUserPassword',
  'strRealName',
  'iRoleType',
  'iHospitalId',
  'strMobile',
  'strEmail',
  'iSex',
  'strIdentityNumber',
  'dtBirthdayDate',
  'strProvince',
  'strCity',
  'strAddress',
  'strSpecialty',
  'strIntro',
];

export function birthdayToWire(value: Dayjs | null | undefined): string {
  return value ? value.format(BIRTHDAY_FORMAT) : '';
}

/** The profile of a user as the forms start from it. */
export function profileToForm(user: UserDto): ProfileValues {
  const sex = user.ddSex?.iNumber;
  return {
    strRealName: user.strRealName,
    strMobile: user.strMobile ?? '',
    strEmail: user.strEmail ?? '',
    iSex: sex === 1 || sex === 2 ? sex : undefined,
    strIdentityNumber: user.strIdentityNumber ?? '',
    dtBirthdayDate: user.dtBirthdayDate ? dayjs(user.dtBirthdayDate, BIRTHDAY_FORMAT) : null,
    strProvince: user.strProvince ?? '',
    strCity: user.strCity ?? '',
    strAddress: user.strAddress ?? '',
    strSpecialty: user.strSpecialty ?? '',
    strIntro: user.strIntro ?? '',
  };
}

export function userToForm(user: UserDto): UserFormValues {
  const role = user.ddRoleType.iNumber;
  return {
    strUserName: user.strUserName,
    iRoleType: isRoleTypeCode(role) ? role : undefined,
    iHospitalId: user.hospital?.iHospitalId,
    ...profileToForm(user),
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * The profile fields of an addUser or updateUser body, trimmed. The expert's specialty and
 * introduction are sent empty for other roles.
 */
export function profileToWire(values: ProfileValues, expert: boolean) {
  return {
    strRealName: text(values.strRealName),
    strMobile: text(values.strMobile),
    strEmail: text(values.strEmail),
    strIdentityNumber: text(values.strIdentityNumber).toUpperCase(),
    dtBirthdayDate: birthdayToWire(values.dtBirthdayDate),
    ddSex: values.iSex ? { iNumber: values.iSex } : null,
    strSpecialty: expert ? text(values.strSpecialty) : '',
    strIntro: expert ? text(values.strIntro) : '',
    strProvince: text(values.strProvince),
    strCity: text(values.strCity),
    strAddress: text(values.strAddress),
  };
}

/** Fields addUser and updateUser share: the profile and the role. */
function userProfileToWire(values: UserFormValues) {
  return {
    ...profileToWire(values, values.iRoleType === RoleType.Expert),
    ddRoleType: { iNumber: values.iRoleType ?? RoleType.Doctor },
  };
}

export function userAddBody(values: UserFormValues): UserAddInput {
  return {
    ...userProfileToWire(values),
    strUserName: text(values.strUserName),
    strUserPassword: values.strUserPassword ?? '',
    hospital: values.iHospitalId ? { iHospitalId: values.iHospitalId } : null,
  };
}

/**
 * The body of updateUser. User name and hospital cannot change; the password is sent only when
 * the administrator reset it, and then it is the configured default (spec §5).
 */
export function userUpdateBody(
  values: UserFormValues,
  iUserId: number,
  resetPassword: string | null,
): UserUpdateInput {
  return {
    ...userProfileToWire(values),
    iUserId,
    ...(resetPassword ? { strUserPassword: resetPassword } : {}),
  };
}

/** Form field of a 400 field error: `ddRoleType.iNumber` → `iRoleType`, `hospital...` → `iHospitalId`. */
export function userFieldOf(strField: string): keyof UserFormValues | undefined {
  const head = strField.split('.')[0] ?? '';
  const renamed: Record<string, keyof UserFormValues> = {
    ddRoleType: 'iRoleType',
    hospital: 'iHospitalId',
    ddSex: 'iSex',
  };
  const name = renamed[head] ?? (head as keyof UserFormValues);
  return FORM_FIELDS.includes(name) ? name : undefined;
}
