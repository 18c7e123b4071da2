import { describe, expect, it } from 'vitest';
import type { HospitalOption } from '@pathconsult/shared';
import { groupFieldOf, groupMemberWarnings, memberChoices } from './group-members';

const option = (id: number, type: number, group: number | null = null): HospitalOption => ({
  iHospitalId: id,
  strHospitalName: `H${id}`,
  ddIsDiagnosis: { iNumber: type },
  iGroupId: group,
});
const hospitals = [option(1, 0), option(2, 2), option(3, 1, 9), option(4, 0, 5)];

describe('groupMemberWarnings', () => {
  it('warns while no diagnostic center is among the members', () => {
    expect(groupMemberWarnings([1, 3], hospitals, undefined)).toEqual(['noCenter']);
    expect(groupMemberWarnings([1, 2], hospitals, undefined)).toEqual([]);
    expect(groupMemberWarnings([], hospitals, undefined)).toEqual([]);
  });
  it('warns above the configured cap', () => {
    expect(groupMemberWarnings([1, 2, 3], hospitals, 2)).toEqual(['overCap']);
    expect(groupMemberWarnings([1, 2], hospitals, 2)).toEqual([]);
    expect(groupMemberWarnings([1, 3], hospitals, 1)).toEqual(['noCenter', 'overCap']);
  });
});

describe('memberChoices', () => {
  it('lists centers first and marks institutions of other groups', () => {
    const choices = memberChoices(hospitals, 5);
    expect(choices.map((c) => c.value)).toEqual([2, 3, 1, 4]);
    expect(choices.find((c) => c.value === 3)?.inOtherGroup).toBe(true);
    // members of the group being edited stay choosable
    expect(choices.find((c) => c.value === 4)?.inOtherGroup).toBe(false);
  });
  it('maps field errors of the member list to the picker', () => {
    expect(groupFieldOf('listHospitalId.2')).toBe('listHospitalId');
    expect(groupFieldOf('iGroupId')).toBeUndefined();
  });
});
