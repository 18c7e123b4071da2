import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { registrationSchema } from '@pathconsult/shared';
import {
  OTHER_UNIT,
  registrationBody,
  registrationFailure,
  registrationFieldOf,
  unitAllowed,
  type RegistrationFormValues,
} from './registration-form';

const values: RegistrationFormValues = {
  iRoleType: 3,
  strUserName: ' new_doctor ',
  strUserPassword: 'Apply#2026',
  strConfirmPassword: 'Apply#2026',
  strRealName: ' 李医生 ',
  iSex: 2,
  dtBirthdayDate: dayjs('1988-03-09'),
  strIdentityNumber: '11010519491231002x',
  strMobile: '13700000001',
  strEmail: '',
  strProvince: '浙江省',
  strCity: '杭州市',
  unit: 7,
  strUnitName: 'left over',
  strJobTitle: '主治医师',
  strDepartment: '',
  strCaptcha: ' k7xh4 ',
};

describe('registration form', () => {
  it('builds a body the shared schema accepts, with the listed hospital', () => {
    const body = registrationBody(values, 'captcha-id');
    expect(body).toMatchObject({
      strCaptchaId: 'captcha-id',
      strCaptcha: 'k7xh4',
      ddRoleType: { iNumber: 3 },
      strUserName: 'new_doctor',
      ddSex: { iNumber: 2 },
      dtBirthdayDate: '1988/03/09',
      strIdentityNumber: '11010519491231002X',
      iHospitalId: 7,
      strUnitName: '',
    });
    expect(registrationSchema.safeParse(body).success).toBe(true);
  });

  it('sends the typed unit instead of a hospital for "other"', () => {
    const body = registrationBody({ ...values, unit: OTHER_UNIT, strUnitName: ' 某县医院 ' }, 'x');
    expect(body).toMatchObject({ iHospitalId: null, strUnitName: '某县医院' });
    expect(registrationSchema.safeParse(body).success).toBe(true);
    const missing = registrationBody({ ...values, unit: OTHER_UNIT, strUnitName: '' }, 'x');
    expect(registrationSchema.safeParse(missing).error?.issues[0]?.path).toEqual(['strUnitName']);
  });

  it('puts server field errors on the form’s fields', () => {
    expect(registrationFieldOf('ddRoleType.iNumber')).toBe('iRoleType');
    expect(registrationFieldOf('ddSex')).toBe('iSex');
    expect(registrationFieldOf('iHospitalId')).toBe('unit');
    expect(registrationFieldOf('strMobile')).toBe('strMobile');
    expect(registrationFieldOf('somethingElse')).toBeUndefined();
  });

  it('knows which refusals spend the captcha and which field they concern', () => {
    expect(registrationFailure('CAPTCHA_WRONG')).toEqual({
      field: 'strCaptcha',
      captchaSpent: true,
    });
    expect(registrationFailure('USER_NAME_EXISTS').field).toBe('strUserName');
    expect(registrationFailure('MOBILE_EXISTS').field).toBe('strMobile');
    expect(registrationFailure('PASSWORD_PATTERN')).toEqual({
      field: 'strUserPassword',
      captchaSpent: false,
    });
    expect(registrationFailure('OPERATION_FAILED')).toEqual({ field: null, captchaSpent: true });
  });

  it('offers experts only hospitals that diagnose', () => {
    const clinic = { iHospitalId: 1, strHospitalName: 'c', ddIsDiagnosis: { iNumber: 0 } };
    const center = { ...clinic, ddIsDiagnosis: { iNumber: 2 } };
    expect(unitAllowed(clinic, 3)).toBe(true);
    expect(unitAllowed(clinic, 4)).toBe(false);
    expect(unitAllowed(center, 4)).toBe(true);
  });
});
