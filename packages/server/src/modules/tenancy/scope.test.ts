import { describe, expect, it } from 'vitest';
import { RoleType } from '@pathconsult/shared';
import type { Actor } from '../auth/actor';
import { assertHospitalInScope, isHospitalInScope, scopeOf } from './scope';

const actor = (over: Partial<Actor>): Actor => ({
  userId: 1,
  userName: 'u',
  roleType: RoleType.Doctor,
  hospitalId: 7,
  groupId: null,
  isSuperadmin: false,
  sessionId: 1,
  privileges: new Map(),
  ...over,
});

describe('tenancy scope', () => {
  it('gives platform administrators and the superadmin every hospital', () => {
    expect(scopeOf(actor({ roleType: RoleType.PlatformAdmin, hospitalId: null }))).toEqual({
      kind: 'all',
    });
    expect(scopeOf(actor({ isSuperadmin: true }))).toEqual({ kind: 'all' });
  });

  it('keeps hospital administrators, doctors and experts to their own hospital', () => {
    for (const roleType of [RoleType.HospitalAdmin, RoleType.Doctor, RoleType.Expert]) {
      const scope = scopeOf(actor({ roleType }));
      expect(scope).toEqual({ kind: 'hospitals', hospitalIds: [7] });
      expect(isHospitalInScope(scope, 7)).toBe(true);
      expect(isHospitalInScope(scope, 8)).toBe(false);
      expect(isHospitalInScope(scope, null)).toBe(false);
    }
  });

  it('widens a hospital administrator to all hospitals only for a domain held with scope 2', () => {
    const hadmin = actor({
      roleType: RoleType.HospitalAdmin,
      privileges: new Map([
        ['userManage', 2],
        ['statistics', 1],
      ]),
    });
    expect(scopeOf(hadmin, 'userManage')).toEqual({ kind: 'all' });
    expect(scopeOf(hadmin, 'statistics')).toEqual({ kind: 'hospitals', hospitalIds: [7] });
    expect(scopeOf(hadmin, 'reportView')).toEqual({ kind: 'hospitals', hospitalIds: [7] });
    expect(scopeOf(hadmin)).toEqual({ kind: 'hospitals', hospitalIds: [7] });
    // A doctor holding nothing stays in its hospital whatever the domain.
    expect(scopeOf(actor({}), 'userManage')).toEqual({ kind: 'hospitals', hospitalIds: [7] });
  });

  it('sees nothing at all without a hospital unless platform-wide', () => {
    const scope = scopeOf(actor({ hospitalId: null }));
    expect(isHospitalInScope(scope, 7)).toBe(false);
  });

  it('answers a hospital outside the scope with the not-found error', () => {
    const scope = scopeOf(actor({}));
    expect(() => assertHospitalInScope(scope, 8)).toThrowError(
      expect.objectContaining({ code: 'NOT_FOUND', status: 404 }),
    );
  });
});
