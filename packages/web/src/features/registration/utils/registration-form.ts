import type { Dayjs } from 'dayjs';
import type { RegistrationHospital, RegistrationInput } from '@pathconsult/shared';
import { birthdayToWire } from '@/features/users/utils/user-form';

/** The "other unit" choice of the hospital select: the applicant types the unit's name. */
export const OTHER_UNIT = 'other';

/** What the registration form holds; role, sex, birthday and unit differ from the request. */
export interface RegistrationFormValues {
  iRoleType?: 3 | 4;
  strUserName: string;
  strUserPassword: string;
  strConfirmPassword: string;
  strRealName: string;
  iSex?: 1 | 2;
  dtBirthdayDate?: Dayjs | null;
  strIdentityNumber: string;
  strMobile: string;
  strEmail?: string;
  strProvince: string;
  strCity: string;
  unit?: number | typeof OTHER_UNIT;
  strUnitName?: string;
  strJobTitle: string;
  strDepartment?: string;
  strCaptcha: string;
}

const FORM_FIELDS: readonly (keyof RegistrationFormValues)[] = [
  'iRoleType',
  'strUserName',
  'strUserPassword',
  'strConfirmPassword',
  'strRealName',
  'iSex',
  'dtBirthdayDate',
  'strIdentityNumber',
  'strMobile',
  'strEmail',
  'strProvince',
  'strCity',
  'unit',
  'strUnitName',
  'strJobTitle',
  'strDepartment',
  'strCaptcha',
];

const text = (value: string | undefined) => (value ?? '').trim();

/** The body of user/register from the form and the captcha on screen. */
export function registrationBody(
  values: RegistrationFormValues,
  strCaptchaId: string,
): RegistrationInput {
  const other = values.unit === OTHER_UNIT;
  return {
    strCaptchaId,
    strCaptcha: text(values.strCaptcha),
    ddRoleType: { iNumber: values.iRoleType ?? 3 },
    strUserName: text(values.strUserName),
    strUserPassword: values.strUserPassword,
    strConfirmPassword: values.strConfirmPassword,
    strRealName: text(values.strRealName),
    ddSex: values.iSex ? { iNumber: values.iSex } : null,
    dtBirthdayDate: birthdayToWire(values.dtBirthdayDate),
    strIdentityNumber: text(values.strIdentityNumber).toUpperCase(),
    strProvince: text(values.strProvince),
    strCity: text(values.strCity),
    iHospitalId: typeof values.unit === 'number' ? values.unit : null,
    strUnitName: other ? text(values.strUnitName) : '',
    strJobTitle: text(values.strJobTitle),
    strDepartment: text(values.strDepartment),
    strMobile: text(values.strMobile),
    strEmail: text(values.strEmail),
  };
}

/** Form field of a 400 field error: `ddRoleType.iNumber` → `iRoleType`, `iHospitalId` → `unit`. */
export function registrationFieldOf(strField: string): keyof RegistrationFormValues | undefined {
  const head = strField.split('.')[0] ?? '';
  const renamed: Record<string, keyof RegistrationFormValues> = {
    ddRoleType: 'iRoleType',
    ddSex: 'iSex',
    iHospitalId: 'unit',
    strCaptchaId: 'strCaptcha',
  };
  const name = renamed[head] ?? (head as keyof RegistrationFormValues);
  return FORM_FIELDS.includes(name) ? name : undefined;
}

/**
 * Where a business refusal of user/register belongs: the field it is about, and whether the
 * captcha on screen is spent. Every check after the captcha's uses it up, right or wrong; form
 * errors (400) and the password pattern come before it.
 */
export function registrationFailure(code: string | undefined): {
  field: keyof RegistrationFormValues | null;
  captchaSpent: boolean;
} {
  switch (code) {
    case 'CAPTCHA_WRONG':
      return { field: 'strCaptcha', captchaSpent: true };
    case 'USER_NAME_EXISTS':
      return { field: 'strUserName', captchaSpent: true };
    case 'MOBILE_EXISTS':
      return { field: 'strMobile', captchaSpent: true };
    case 'PASSWORD_PATTERN':
      return { field: 'strUserPassword', captchaSpent: false };
    default:
      return { field: null, captchaSpent: true };
  }
}

/** An expert needs a hospital that diagnoses (ddIsDiagnosis not 0); a doctor may pick any. */
export function unitAllowed(hospital: RegistrationHospital, role: number | undefined): boolean {
  return role !== 4 || hospital.ddIsDiagnosis.iNumber !== 0;
}
