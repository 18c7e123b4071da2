import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { RoleType, type UserDto, type UserUpdateInput } from '@pathconsult/shared';

dayjs.extend(customParseFormat);

const BIRTHDAY_FORMAT = 'YYYY/MM/DD';

/** What the own-account form holds (spec §5 "Own account form" and the profile around it). */
export interface OwnAccountValues {
  strRealName: string;
  strMobile: string;
  strEmail?: string;
  strIdentityNumber?: string;
  iSex?: 1 | 2;
  dtBirthdayDate?: Dayjs | null;
  strProvince?: string;
  strCity?: string;
  strAddress?: string;
  strSpecialty?: string;
  strIntro?: string;
}

export function birthdayToWire(value: Dayjs | null | undefined): string {
  return value ? value.format(BIRTHDAY_FORMAT) : '';
}

export function ownAccountToForm(user: UserDto): OwnAccountValues {
  const sex = user.ddSex?.iNumber;
  return {
    strRealName: user.strRealName,
    strMobile: user.strMobile ?? '',
    strEmail: user.strEmail ?? '',
    strIdentityNumber: user.strIdentityNumber ?? '',
    iSex: sex === 1 || sex === 2 ? sex : undefined,
    dtBirthdayDate: user.dtBirthdayDate ? dayjs(user.dtBirthdayDate, BIRTHDAY_FORMAT) : null,
    strProvince: user.strProvince ?? '',
    strCity: user.strCity ?? '',
    strAddress: user.strAddress ?? '',
    strSpecialty: user.strSpecialty ?? '',
    strIntro: user.strIntro ?? '',
  };
}

/**
 * The updateUser body of an own-account save. updateUser replaces the whole profile, so every
 * field the form does not show is sent as the account has it now; the role is unchanged and no
 * password travels (passwords change through the password dialog).
 */
export function ownAccountBody(user: UserDto, values: OwnAccountValues): UserUpdateInput {
  const text = (value: string | undefined) => (value ?? '').trim();
  const expert = user.ddRoleType.iNumber === RoleType.Expert;
  const role = user.ddRoleType.iNumber as UserUpdateInput['ddRoleType']['iNumber'];
  return {
    iUserId: user.iUserId,
    strRealName: text(values.strRealName),
    strMobile: text(values.strMobile),
    strEmail: text(values.strEmail),
    strIdentityNumber: text(values.strIdentityNumber).toUpperCase(),
    dtBirthdayDate: birthdayToWire(values.dtBirthdayDate),
    ddSex: values.iSex ? { iNumber: values.iSex } : null,
    strProvince: text(values.strProvince),
    strCity: text(values.strCity),
    strAddress: text(values.strAddress),
    strSpecialty: expert ? text(values.strSpecialty) : (user.strSpecialty ?? ''),
    strIntro: expert ? text(values.strIntro) : (user.strIntro ?? ''),
    ddRoleType: { iNumber: role },
  };
}

/** Every field of the form (a record, so that adding a field to the type without it fails to compile). */
const OWN_ACCOUNT_FIELDS: Record<keyof OwnAccountValues, true> = {
  strRealName: true,
  strMobile: true,
  strEmail: true,
  strIdentityNumber: true,
  iSex: true,
  dtBirthdayDate: true,
  strProvince: true,
  strCity: true,
  strAddress: true,
  strSpecialty: true,
  strIntro: true,
};

/** Form field of a 400 field error of the own-account save. */
export function ownAccountFieldOf(strField: string): keyof OwnAccountValues | undefined {
  const head = strField.split('.')[0] ?? '';
  const name = head === 'ddSex' ? 'iSex' : head;
  const fields: readonly string[] = Object.keys(OWN_ACCOUNT_FIELDS);
  return fields.includes(name) ? (name as keyof OwnAccountValues) : undefined;
}
