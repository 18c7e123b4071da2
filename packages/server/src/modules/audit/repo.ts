import { and, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import { auditLogs } from '../../db/schema';
import type { Actor } from '../auth/actor';
import type { AuditNote } from '../../plugins/route-policy';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

/** Who a record is about: the caller, or for a refused login the account or the name tried. */
export interface AuditSubject {
  userId: number | null;
  userName: string | null;
  roleType: number | null;
  hospitalId: number | null;
}

export function subjectOf(actor: Actor | null): AuditSubject | null {
  return actor
    ? {
        userId: actor.userId,
        userName: actor.userName,
        roleType: actor.roleType,
        hospitalId: actor.hospitalId,
      }
    : null;
}

export interface AuditEntry {
  now: Date;
  subject: AuditSubject | null;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  ip: string;
  note: AuditNote;
}

export async function appendAuditRecord(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    createdAt: e.now,
    userId: e.subject?.userId ?? null,
    userName: e.subject?.userName ?? null,
    roleType: e.subject?.roleType ?? null,
    hospitalId: e.subject?.hospitalId ?? null,
    action: e.action,
    targetType: e.note.targetType ?? null,
    targetId: e.note.targetId == null ? null : String(e.note.targetId),
    outcome: e.outcome,
    ip: e.ip,
    detail: e.note.detail && Object.keys(e.note.detail).length > 0 ? e.note.detail : null,
  });
}

function filters(scope: HospitalScope, q: AuditLogQuery): SQL | undefined {
  // Platform-level records (no hospital: the superadmin's, refused logins) stay with the 'all' scope.
  const conditions: SQL[] = [whereInScope(scope, auditLogs.hospitalId)];
  // Exact user name and action prefix ('user/' finds user/login and user/logout): both are served
  // by an index, where a substring search would read the whole trail.
  if (q.strUserName) {
    conditions.push(sql`lower(${auditLogs.userName}) = lower(${q.strUserName})`);
  }
  if (q.strAction) {
    conditions.push(like(auditLogs.action, `${escapeLike(q.strAction)}%`));
  }
  if (q.strOutcome) {
    conditions.push(eq(auditLogs.outcome, q.strOutcome));
  }
  if (q.dtStart) {
    conditions.push(gte(auditLogs.createdAt, chinaInstant(q.dtStart)));
  }
  if (q.dtEnd) {
    conditions.push(lt(auditLogs.createdAt, chinaEndExclusive(q.dtEnd)));
  }
  return and(...conditions);
}

/**
 * Counting a trail of millions of rows on every page costs more than the page itself, so the total
 * stops at this number; the answer says when it did and the screen shows "10000+".
 */
export const AUDIT_COUNT_CAP = 10_000;

/** Newest first, one page, within the caller's hospital scope. */
export async function listAuditLogs(db: Db, scope: HospitalScope, q: AuditLogQuery) {
  const where = filters(scope, q);
  const capped = db
    .select({ one: sql`1` })
    .from(auditLogs)
    .where(where)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('capped');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(capped),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: Math.min(n, AUDIT_COUNT_CAP), capped: n > AUDIT_COUNT_CAP };
}
