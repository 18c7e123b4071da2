import { RoleType, type UserDto, type UserUpdateInput } from '@pathconsult/shared';
import { profileToForm, profileToWire, type ProfileValues } from '@/features/users/utils/user-form';

/**
 * What the own-account form holds (spec §5 "Own account form" and the profile around it): the
 * profile, as in the user form.
 */
export type OwnAccountValues = ProfileValues;

export function ownAccountToForm(user: UserDto): OwnAccountValues {
  return profileToForm(user);
}

/**
 * The updateUser body of an own-account save. updateUser replaces the whole profile, so every
 * field the form does not show is sent as the account has it now; the role is unchanged and no
 * password travels (passwords change through the password dialog).
 */
export function ownAccountBody(user: UserDto, values: OwnAccountValues): UserUpdateInput {
  const expert = user.ddRoleType.iNumber === RoleType.Expert;
  const role = user.ddRoleType.iNumber as UserUpdateInput['ddRoleType']['iNumber'];
  return {
    iUserId: user.iUserId,
    ...profileToWire(values, expert),
    // Only experts see their specialty and introduction: others keep what they have.
    ...(expert ? {} : { strSpecialty: user.strSpecialty ?? '', strIntro: user.strIntro ?? '' }),
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
