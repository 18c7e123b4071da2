import { describe, expect, it } from 'vitest';
import { userUpdateSchema, type UserDto } from '@pathconsult/shared';
import { ownAccountBody, ownAccountFieldOf, ownAccountToForm } from './own-account';

const doctor: UserDto = {
  iUserId: 5,
  strUserName: 'demo_doctor',
  strRealName: 'Dr Demo',
  ddSex: { iNumber: 1 },
  strIdentityNumber: null,
  dtBirthdayDate: '1985/05/20',
  strMobile: '13800000005',
  strEmail: 'demo@example.com',
  strSpecialty: null,
  strIntro: null,
  strProvince: 'Zhejiang',
  strCity: 'Hangzhou',
  strAddress: 'No. 1',
  arraySignatureUrl: null,
  ddRoleType: { iNumber: 3 },
  ddUserState: { iNumber: 1 },
  bIsSuperAdmin: false,
  hospital: { iHospitalId: 2, strHospitalName: 'A', ddIsDiagnosis: { iNumber: 0 }, iGroupId: null },
  createUser: null,
};

describe('own account save', () => {
  it('keeps everything the form does not change and the role as it is', () => {
    const values = { ...ownAccountToForm(doctor), strRealName: ' Dr New ' };
    const body = ownAccountBody(doctor, values);
    expect(body).toMatchObject({
      iUserId: 5,
      strRealName: 'Dr New',
      dtBirthdayDate: '1985/05/20',
      ddSex: { iNumber: 1 },
      strAddress: 'No. 1',
      ddRoleType: { iNumber: 3 },
    });
    expect(body).not.toHaveProperty('strUserPassword');
    expect(userUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('maps field errors to the form', () => {
    expect(ownAccountFieldOf('strMobile')).toBe('strMobile');
    expect(ownAccountFieldOf('ddSex.iNumber')).toBe('iSex');
    expect(ownAccountFieldOf('ddRoleType.iNumber')).toBeUndefined();
  });
});
