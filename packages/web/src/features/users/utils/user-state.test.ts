import { describe, expect, it } from 'vitest';
import { rowPermissions, stateAction } from './user-state';

describe('stateAction', () => {
  it('freezes accounts that may log in and enables frozen ones', () => {
    expect(stateAction(1)).toBe('freeze');
    expect(stateAction(4)).toBe('freeze');
    expect(stateAction(2)).toBe('enable');
  });
  it('leaves accounts under review to the review', () => {
    expect(stateAction(0)).toBeNull();
    expect(stateAction(3)).toBeNull();
    expect(stateAction(5)).toBeNull();
  });
});

describe('rowPermissions', () => {
  const doctor = { iUserId: 8, bIsSuperAdmin: false, ddRoleType: { iNumber: 3 } };
  it('protects the superadmin from every action', () => {
    const superadmin = { iUserId: 1, bIsSuperAdmin: true, ddRoleType: { iNumber: 1 } };
    expect(rowPermissions(superadmin, 7, 1)).toEqual({
      edit: false,
      changeState: false,
      remove: false,
      reason: 'protected',
    });
  });
  it('lets administrators edit but not freeze or delete their own account', () => {
    expect(rowPermissions({ ...doctor, iUserId: 7 }, 7, 2)).toEqual({
      edit: true,
      changeState: false,
      remove: false,
      reason: 'self',
    });
    expect(rowPermissions(doctor, 7, 2)).toEqual({
      edit: true,
      changeState: true,
      remove: true,
      reason: null,
    });
  });
  it('keeps hospital administrators away from platform administrators', () => {
    const platformAdmin = { iUserId: 9, bIsSuperAdmin: false, ddRoleType: { iNumber: 1 } };
    expect(rowPermissions(platformAdmin, 7, 2).edit).toBe(false);
    expect(rowPermissions(platformAdmin, 7, 2).reason).toBe('roleNotAllowed');
    expect(rowPermissions(platformAdmin, 7, 1).edit).toBe(true);
  });
});
