import { and, eq, exists, or, sql } from 'drizzle-orm';
import { RoleType, UserState } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { adminRolePrivileges, hospitals, userPrivileges, users } from '../../db/schema';

/*
 * Review before release: whether a hospital reviews its experts' reports, and who is told that a
 * report waits. The rule of who may decide is patients/access.ts `mayReviewReportsOf`.
 */

/** Whether the expert's hospital reviews reports before the doctor receives them. */
export async function reviewRequired(db: Db, hospitalId: number | null): Promise<boolean> {
  if (hospitalId == null) {
    return false;
  }
  const [row] = await db
    .select({ required: hospitals.reportReviewRequired })
    .from(hospitals)
    .where(eq(hospitals.id, hospitalId));
  return row?.required ?? false;
}

/**
 * Who is told a report waits for review: the administrators of the hospital itself who hold
 * "report view" (granted to them or through their administrator role), enabled; when it has none,
 * the platform administrators, so that no report waits unseen. Platform administrators are not
 * messaged for hospitals that review their own reports.
 */
export async function reviewersToTell(db: Db, hospitalId: number): Promise<number[]> {
  const own = await hospitalReviewers(db, hospitalId);
  if (own.length > 0) {
    return own;
  }
  const platform = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleType, RoleType.PlatformAdmin), eq(users.state, UserState.Enabled)));
  return platform.map((u) => u.id);
}

/** The hospital's own reviewers (see reviewersToTell). */
export async function hospitalReviewers(db: Db, hospitalId: number): Promise<number[]> {
  const granted = db
    .select({ one: sql`1` })
    .from(userPrivileges)
    .where(and(eq(userPrivileges.userId, users.id), eq(userPrivileges.code, 'reportView')));
  const throughRole = db
    .select({ one: sql`1` })
    .from(adminRolePrivileges)
    .where(
      and(
        eq(adminRolePrivileges.roleId, users.adminRoleId),
        eq(adminRolePrivileges.code, 'reportView'),
      ),
    );
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.hospitalId, hospitalId),
        eq(users.roleType, RoleType.HospitalAdmin),
        eq(users.state, UserState.Enabled),
        or(exists(granted), exists(throughRole)),
      ),
    );
  return rows.map((r) => r.id);
}
