import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RoleType, type PrivilegeCode } from '@pathconsult/shared';
import type { Actor } from '../auth/actor';
import { scopeHeld } from '../privileges/held';
import { notFound } from '../../lib/app-error';

/**
 * The tenancy boundary: which hospitals' records a caller may see. Every repo query over
 * hospital-owned data takes a scope from here and applies `whereInScope`; nothing else decides.
 *
 * - platform administrators (role 1, the superadmin among them): every hospital;
 * - hospital administrators: their own hospital, or every hospital for a domain whose scoped
 *   privilege they hold for all hospitals (users, statistics, reports... spec §6 "own or all");
 * - everybody else: their own hospital.
 */
export type HospitalScope = { kind: 'all' } | { kind: 'hospitals'; hospitalIds: readonly number[] };

/** Privileges that come as "own hospital" or "all hospitals" and so widen a domain's scope. */
export type ScopedDomain = Extract<
  PrivilegeCode,
  'userManage' | 'medicalConsortia' | 'statistics' | 'reportView' | 'clearSlide'
>;

export function scopeOf(actor: Actor, domain?: ScopedDomain): HospitalScope {
  if (actor.isSuperadmin || actor.roleType === RoleType.PlatformAdmin) {
    return { kind: 'all' };
  }
  if (
    domain &&
    actor.roleType === RoleType.HospitalAdmin &&
    scopeHeld(actor.privileges, domain) === 2
  ) {
    return { kind: 'all' };
  }
  return { kind: 'hospitals', hospitalIds: actor.hospitalId == null ? [] : [actor.hospitalId] };
}

/**
 * The SQL condition that keeps a query inside the scope. Rows without a hospital (the platform's
 * own, such as the superadmin) are visible only to the 'all' scope.
 */
export function whereInScope(scope: HospitalScope, hospitalColumn: PgColumn): SQL {
  if (scope.kind === 'all') {
    return sql`true`;
  }
  if (scope.hospitalIds.length === 0) {
    return sql`false`;
  }
  return inArray(hospitalColumn, [...scope.hospitalIds]);
}

export function isHospitalInScope(scope: HospitalScope, hospitalId: number | null): boolean {
  if (scope.kind === 'all') {
    return true;
  }
  return hospitalId != null && scope.hospitalIds.includes(hospitalId);
}

/** Throws the same 404 as a missing record when the hospital is outside the scope. */
export function assertHospitalInScope(scope: HospitalScope, hospitalId: number | null): void {
  if (!isHospitalInScope(scope, hospitalId)) {
    throw notFound();
  }
}

/**
 * The scope, or the one hospital of it a caller asked for (another hospital answers as missing:
 * NOT_FOUND), as a condition on any hospital column: figures of the whole scope or of one of
 * its hospitals.
 */
export function scopeOrOneHospital(
  scope: HospitalScope,
  hospitalId: number | undefined,
): (column: PgColumn) => SQL | undefined {
  if (hospitalId !== undefined) {
    assertHospitalInScope(scope, hospitalId);
  }
  return (column) =>
    and(whereInScope(scope, column), hospitalId === undefined ? undefined : eq(column, hospitalId));
}
