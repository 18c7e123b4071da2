import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RoleType } from '@pathconsult/shared';
import type { Actor } from '../auth/actor';
import { notFound } from '../../lib/app-error';

/**
 * The tenancy boundary: which hospitals' records a caller may see. Every repo query over
 * hospital-owned data takes a scope from here and applies `whereInScope`; nothing else decides.
 *
 * - platform administrators (role 1, the superadmin among them): every hospital;
 * - everybody else: their own hospital. Wider scopes (all hospitals, the group) come from
 *   administrator privileges and are added here when privileges exist.
 */
export type HospitalScope = { kind: 'all' } | { kind: 'hospitals'; hospitalIds: readonly number[] };

export function scopeOf(actor: Actor): HospitalScope {
  if (actor.isSuperadmin || actor.roleType === RoleType.PlatformAdmin) {
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
