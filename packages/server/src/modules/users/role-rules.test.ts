import { describe, expect, it } from 'vitest';
import { mayGiveRole, mayManageRole } from './role-rules';

const platform = { roleType: 1, hospitalId: null } as const;
const hospitalAdmin = { roleType: 2, hospitalId: 7 } as const;
const doctor = { roleType: 3, hospitalId: 7 } as const;
const ownApplicant = { id: 7, isDiagnosis: 0 };
const ownCenter = { id: 7, isDiagnosis: 2 };
const otherCenter = { id: 8, isDiagnosis: 2 };

describe('who may give which role', () => {
  it('keeps the platform administrator role with platform administrators', () => {
    expect(mayGiveRole(platform, 1, null)).toBe(true);
    expect(mayGiveRole(hospitalAdmin, 1, null)).toBe(false);
    expect(mayGiveRole(hospitalAdmin, 1, ownCenter)).toBe(false);
  });

  it('lets a hospital administrator appoint peers only in its own hospital', () => {
    expect(mayGiveRole(hospitalAdmin, 2, ownApplicant)).toBe(true);
    expect(mayGiveRole(hospitalAdmin, 2, otherCenter)).toBe(false);
    expect(mayGiveRole(platform, 2, otherCenter)).toBe(true);
  });

  it('needs a hospital for every role but the platform administrator', () => {
    for (const role of [2, 3, 4] as const) {
      expect(mayGiveRole(platform, role, null)).toBe(false);
    }
  });

  it('puts experts only where diagnoses are made, doctors anywhere', () => {
    expect(mayGiveRole(hospitalAdmin, 4, ownApplicant)).toBe(false);
    expect(mayGiveRole(hospitalAdmin, 4, ownCenter)).toBe(true);
    expect(mayGiveRole(hospitalAdmin, 3, ownApplicant)).toBe(true);
    expect(mayGiveRole(platform, 4, { id: 9, isDiagnosis: 1 })).toBe(true);
  });

  it('gives nothing to callers who are not administrators', () => {
    expect(mayGiveRole(doctor, 3, ownCenter)).toBe(false);
    expect(mayManageRole(doctor, 3)).toBe(false);
  });

  it('keeps platform administrators out of a hospital administrator’s reach', () => {
    expect(mayManageRole(hospitalAdmin, 1)).toBe(false);
    expect(mayManageRole(hospitalAdmin, 2)).toBe(true);
    expect(mayManageRole(platform, 1)).toBe(true);
  });
});
