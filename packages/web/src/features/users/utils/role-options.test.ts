import { describe, expect, it } from 'vitest';
import { needsHospital, roleFilterOptions, roleOptions } from './role-options';

describe('roleOptions: the roles the user form offers', () => {
  it('offers the platform administrator role only to a platform administrator', () => {
    const base = { hospitalDiagnosis: 2, adminsOnly: false };
    expect(roleOptions({ ...base, callerRole: 1 })).toEqual([1, 2, 3, 4]);
    expect(roleOptions({ ...base, callerRole: 2 })).toEqual([2, 3, 4]);
  });

  it('offers the expert role only at a hospital that diagnoses', () => {
    const base = { callerRole: 1 as const, adminsOnly: false };
    expect(roleOptions({ ...base, hospitalDiagnosis: 0 })).toEqual([1, 2, 3]);
    expect(roleOptions({ ...base, hospitalDiagnosis: 1 })).toContain(4);
    expect(roleOptions({ ...base, hospitalDiagnosis: 2 })).toContain(4);
    // no hospital chosen yet: nothing tells that it diagnoses
    expect(roleOptions({ ...base, hospitalDiagnosis: null })).not.toContain(4);
  });

  it('offers administrator roles only on the administrator list', () => {
    expect(roleOptions({ callerRole: 1, hospitalDiagnosis: 2, adminsOnly: true })).toEqual([1, 2]);
    expect(roleOptions({ callerRole: 2, hospitalDiagnosis: 2, adminsOnly: true })).toEqual([2]);
  });

  it('keeps the edited user’s present role so the form never shows it empty', () => {
    expect(
      roleOptions({ callerRole: 2, hospitalDiagnosis: 0, adminsOnly: false, current: 4 }),
    ).toEqual([2, 3, 4]);
  });

  it('filters the administrator list by administrator roles only', () => {
    expect(roleFilterOptions(true)).toEqual([1, 2]);
    expect(roleFilterOptions(false)).toEqual([1, 2, 3, 4]);
  });

  it('lets only a platform administrator be without a hospital', () => {
    expect(needsHospital(1)).toBe(false);
    expect(needsHospital(2)).toBe(true);
    expect(needsHospital(undefined)).toBe(true);
  });
});
