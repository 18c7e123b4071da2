import { describe, expect, it } from 'vitest';
import type { HospitalOption } from '@pathconsult/shared';
import { hospitalOptions } from './hospital-options';

describe('hospitalOptions', () => {
  it('gives each hospital as id and name, none while the list is loading', () => {
    const hospitals: HospitalOption[] = [
      { iHospitalId: 3, strHospitalName: 'North', ddIsDiagnosis: { iNumber: 1 }, iGroupId: 1 },
      { iHospitalId: 7, strHospitalName: 'South', ddIsDiagnosis: { iNumber: 0 }, iGroupId: null },
    ];
    expect(hospitalOptions(hospitals)).toEqual([
      { value: 3, label: 'North' },
      { value: 7, label: 'South' },
    ]);
    expect(hospitalOptions(undefined)).toEqual([]);
  });
});
