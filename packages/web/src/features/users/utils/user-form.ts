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

/** What the user form holds; role, hospital, sex and birthday differ from the request shape. */
export interface UserFormValues {
  strUserName: string;
  strUserPassword?: string;
  strRealName: string;
  iRoleType?: RoleTypeCode;
  iHospitalId?: number;
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

export function userToForm(user: UserDto): UserFormValues {
  const role = user.ddRoleType.iNumber;
  const sex = user.ddSex?.iNumber;
  return {
    strUserName: user.strUserName,
    strRealName: user.strRealName,
    iRoleType: isRoleTypeCode(role) ? role : undefined,
    iHospitalId: user.hospital?.iHospitalId,
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

const text = (value: string | undefined) => (value ?? '').trim();

/** Fields addUser and updateUser share. Expert fields are sent empty for other roles. */
function profileToWire(values: UserFormValues) {
  const expert = values.iRoleType === RoleType.Expert;
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
    ddRoleType: { iNumber: values.iRoleType ?? RoleType.Doctor },
  };
}

export function userAddBody(values: UserFormValues): UserAddInput {
  return {
    ...profileToWire(values),
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
    ...profileToWire(values),
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
