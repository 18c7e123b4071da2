import { describe, expect, it } from 'vitest';
import type { HospitalOption, RegistrationDto } from '@pathconsult/shared';
import { defaultPlacement, placementOptions, stateOfFilter } from './review';

const hospital = (id: number, diagnosis: number): HospitalOption => ({
  iHospitalId: id,
  strHospitalName: `H${id}`,
  ddIsDiagnosis: { iNumber: diagnosis },
  iGroupId: null,
});
const hospitals = [hospital(1, 0), hospital(2, 2)];

function registration(role: number, hospitalId: number | null): RegistrationDto {
  return {
    iUserId: 9,
    strUserName: 'applicant',
    strRealName: '申请人',
    ddSex: { iNumber: 1 },
    dtBirthdayDate: '1985/06/15',
    strIdentityNumber: '11010519491231002X',
    strMobile: '13700000001',
    strEmail: null,
    strProvince: '浙江省',
    strCity: '杭州市',
    ddRoleType: { iNumber: role },
    ddUserState: { iNumber: 3 },
    hospital:
      hospitalId == null
        ? null
        : {
            iHospitalId: hospitalId,
            strHospitalName: `H${hospitalId}`,
            ddIsDiagnosis: { iNumber: 0 },
          },
    strUnitName: hospitalId == null ? '某县医院' : null,
    strJobTitle: '医师',
    strDepartment: null,
    strReviewReason: null,
    reviewUser: null,
    dtReviewTime: null,
    dtCreateTime: '2026-01-05T08:00:00.000Z',
  };
}

describe('registration review', () => {
  it('maps the state filter to the query', () => {
    expect(stateOfFilter('3')).toBe(3);
    expect(stateOfFilter('all')).toBeUndefined();
  });

  it('places experts only at hospitals that diagnose', () => {
    expect(placementOptions(registration(4, null), hospitals).map((o) => o.disabled)).toEqual([
      true,
      false,
    ]);
    expect(placementOptions(registration(3, null), hospitals).every((o) => !o.disabled)).toBe(true);
  });

  it('starts from the hospital applied for when the reviewer may place there', () => {
    expect(defaultPlacement(registration(3, 1), hospitals)).toBe(1);
    // Not one the reviewer manages, or none applied for: the reviewer picks.
    expect(defaultPlacement(registration(3, 7), hospitals)).toBeUndefined();
    expect(defaultPlacement(registration(3, null), hospitals)).toBeUndefined();
    // An expert's hospital that does not diagnose is not offered.
    expect(defaultPlacement(registration(4, 1), hospitals)).toBeUndefined();
  });
});
