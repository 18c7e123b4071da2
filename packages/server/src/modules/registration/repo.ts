import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UserState, type RegistrationQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { hospitals, users } from '../../db/schema';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

/**
 * Who may see which registrations: the administrator's user-management scope, and registrations
 * without a hospital (an unlisted unit) only for platform administrators, who place them.
 */
export interface ReviewScope {
  hospitals: HospitalScope;
  platform: boolean;
}

const reviewer = alias(users, 'reviewer');

const registrationRow = {
  user: users,
  hospital: hospitals,
  reviewer: { id: reviewer.id, userName: reviewer.userName },
};

export type RegistrationRow = {
  user: typeof users.$inferSelect;
  hospital: typeof hospitals.$inferSelect | null;
  reviewer: { id: number; userName: string } | null;
};

function inReviewScope(scope: ReviewScope): SQL | undefined {
  // Accounts created by administrators have no registered role: they are no registrations.
  const registrations = isNotNull(users.registeredRole);
  if (scope.platform) {
    return registrations;
  }
  return and(
    registrations,
    isNotNull(users.hospitalId),
    whereInScope(scope.hospitals, users.hospitalId),
  );
}

function selectRows(db: Db) {
  return db
    .select(registrationRow)
    .from(users)
    .leftJoin(hospitals, eq(users.hospitalId, hospitals.id))
    .leftJoin(reviewer, eq(users.reviewedBy, reviewer.id));
}

/** userManage/selectRegistration: newest first, inside the review scope. */
export async function listRegistrations(
  db: Db,
  scope: ReviewScope,
  q: RegistrationQuery,
): Promise<{ rows: RegistrationRow[]; total: number }> {
  const name = q.strName ? `%${escapeLike(q.strName)}%` : null;
  const where = and(
    inReviewScope(scope),
    q.iUserState == null ? undefined : eq(users.state, q.iUserState),
    name ? or(ilike(users.userName, name), ilike(users.realName, name)) : undefined,
  );
  const rows = await selectRows(db)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.iPageSize)
    .offset((q.iCurPage - 1) * q.iPageSize);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** One registration inside the review scope; undefined for another hospital's or a missing one. */
export async function findRegistration(
  db: Db,
  scope: ReviewScope,
  userId: number,
): Promise<RegistrationRow | undefined> {
  const rows = await selectRows(db).where(and(eq(users.id, userId), inReviewScope(scope)));
  return rows[0];
}

/**
 * A hospital one may register with: consultation hospitals whose validity has not passed
 * (`today` is the China date, as the login rule counts it). All of them when `hospitalId` is
 * undefined, sorted as every hospital list.
 */
export async function registrationHospitals(db: Db, today: string, hospitalId?: number) {
  return db
    .select({ id: hospitals.id, name: hospitals.name, isDiagnosis: hospitals.isDiagnosis })
    .from(hospitals)
    .where(
      and(
        eq(hospitals.isConsultation, true),
        or(isNull(hospitals.validUntil), gte(hospitals.validUntil, today)),
        hospitalId == null ? undefined : eq(hospitals.id, hospitalId),
      ),
    )
    .orderBy(sql`lower(${hospitals.name})`, hospitals.id);
}

type UserInsert = typeof users.$inferInsert;

/**
 * Records a review, only while the registration is still pending: of two reviews racing, the
 * second changes nothing. Returns whether this one did.
 */
export async function reviewRegistration(
  db: Db,
  userId: number,
  values: Pick<
    UserInsert,
    'state' | 'hospitalId' | 'reviewReason' | 'reviewedBy' | 'reviewedAt'
  > & {
    updatedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.registeredRole),
        eq(users.state, UserState.PendingReview),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
