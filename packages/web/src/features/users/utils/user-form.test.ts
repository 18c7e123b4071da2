import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { userAddSchema, userUpdateSchema, type UserDto } from '@pathconsult/shared';
import { userAddBody, userFieldOf, userToForm, userUpdateBody } from './user-form';

const expert: UserDto = {
  iUserId: 12,
  strUserName: 'wang_expert',
  strRealName: '王专家',
  ddSex: { iNumber: 2 },
  strIdentityNumber: null,
  dtBirthdayDate: '1980/02/29',
  strMobile: '13900000001',
  strEmail: null,
  strSpecialty: '乳腺病理',
  strIntro: '二十年经验',
  strProvince: '浙江',
  strCity: '杭州',
  strAddress: null,
  arraySignatureUrl: null,
  ddRoleType: { iNumber: 4 },
  ddUserState: { iNumber: 1 },
  bIsSuperAdmin: false,
  hospital: {
    iHospitalId: 3,
    strHospitalName: 'Center',
    ddIsDiagnosis: { iNumber: 2 },
    iGroupId: 1,
  },
  createUser: { iUserId: 1 },
};

describe('user form conversion', () => {
  it('fills the edit form from a user and sends back what the server accepts', () => {
    const values = userToForm(expert);
    expect(values.dtBirthdayDate?.format('YYYY-MM-DD')).toBe('1980-02-29');
    expect(values).toMatchObject({ iRoleType: 4, iHospitalId: 3, iSex: 2, strEmail: '' });
    const body = userUpdateBody(values, 12, null);
    expect(userUpdateSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ dtBirthdayDate: '1980/02/29', strSpecialty: '乳腺病理' });
    expect(body).not.toHaveProperty('strUserPassword');
  });

  it('sends a password on edit only when it was reset to the default', () => {
    expect(userUpdateBody(userToForm(expert), 12, '123456').strUserPassword).toBe('123456');
  });

  it('drops expert fields for other roles', () => {
    const body = userUpdateBody({ ...userToForm(expert), iRoleType: 3 }, 12, null);
    expect(body).toMatchObject({ strSpecialty: '', strIntro: '', ddRoleType: { iNumber: 3 } });
  });

  it('builds an addUser body the shared schema accepts', () => {
    const body = userAddBody({
      strUserName: ' li_doctor ',
      strUserPassword: 'Doctor@2026',
      strRealName: '李医生',
      iRoleType: 3,
      iHospitalId: 5,
      strMobile: '13800000002',
      strIdentityNumber: '11010519491231002x',
      dtBirthdayDate: dayjs('1990-07-01'),
    });
    expect(body).toMatchObject({
      strUserName: 'li_doctor',
      hospital: { iHospitalId: 5 },
      ddSex: null,
      strIdentityNumber: '11010519491231002X',
      dtBirthdayDate: '1990/07/01',
    });
    expect(userAddSchema.safeParse(body).success).toBe(true);
  });

  it('maps the request’s field paths to the form’s fields', () => {
    expect(userFieldOf('ddRoleType.iNumber')).toBe('iRoleType');
    expect(userFieldOf('hospital.iHospitalId')).toBe('iHospitalId');
    expect(userFieldOf('strMobile')).toBe('strMobile');
    expect(userFieldOf('iUserId')).toBeUndefined();
  });
});
