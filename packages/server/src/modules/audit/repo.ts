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

/** U+0000, which PostgreSQL stores in neither text nor jsonb, as the replacement character. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\ufffd');
}

/**
 * What a record keeps, made storable. The request validator refuses a NUL in any value before a
 * route runs, so none should reach the trail: this is the last guard, since a record that cannot
 * be written fails the call it records.
 */
function storableDetail(detail: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(detail, (_key, value: unknown) =>
      typeof value === 'string' ? storable(value) : value,
    ),
  ) as Record<string, unknown>;
}

export async function appendAuditRecord(db: Db, e: AuditEntry): Promise<void> {
  const userName = e.subject?.userName;
  await db.insert(auditLogs).values({
    createdAt: e.now,
    userId: e.subject?.userId ?? null,
    userName: userName == null ? null : storable(userName),
    roleType: e.subject?.roleType ?? null,
    hospitalId: e.subject?.hospitalId ?? null,
    action: e.action,
    targetType: e.note.targetType ?? null,
    targetId: e.note.targetId == null ? null : storable(String(e.note.targetId)),
    outcome: e.outcome,
    ip: e.ip,
    detail:
      e.note.detail && Object.keys(e.note.detail).length > 0 ? storableDetail(e.note.detail) : null,
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
