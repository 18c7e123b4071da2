import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Actor } from '../auth/actor';
import type { AuditNote } from '../../plugins/route-policy';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

export interface AuditEntry {
  now: Date;
  actor: Actor | null;
  /** For calls without a session (a refused login): the user name that was tried. */
  userName?: string;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  ip: string;
  note: AuditNote;
}

export async function appendAuditRecord(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    createdAt: e.now,
    userId: e.actor?.userId ?? null,
    userName: e.actor?.userName ?? e.userName ?? null,
    roleType: e.actor?.roleType ?? null,
    hospitalId: e.actor?.hospitalId ?? null,
    action: e.action,
    targetType: e.note.targetType ?? null,
    targetId: e.note.targetId == null ? null : String(e.note.targetId),
    outcome: e.outcome,
    ip: e.ip,
    detail: e.note.detail ?? null,
  });
}

/** A date filter value as an instant: a plain date means the start of that day (UTC). */
function startOf(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}
/** The exclusive end of an inclusive filter: the next day for a plain date. */
function endOf(value: string): Date {
  if (value.length !== 10) return new Date(new Date(value).getTime() + 1);
  return new Date(new Date(`${value}T00:00:00Z`).getTime() + 86_400_000);
}

function filters(scope: HospitalScope, q: AuditLogQuery): SQL | undefined {
  // Platform-level records (no hospital: the superadmin's, refused logins) stay with the 'all' scope.
  const conditions: SQL[] = [whereInScope(scope, auditLogs.hospitalId)];
  if (q.strUserName) conditions.push(ilike(auditLogs.userName, `%${escapeLike(q.strUserName)}%`));
  if (q.strAction) conditions.push(ilike(auditLogs.action, `%${escapeLike(q.strAction)}%`));
  if (q.strOutcome) conditions.push(eq(auditLogs.outcome, q.strOutcome));
  if (q.dtStart) conditions.push(gte(auditLogs.createdAt, startOf(q.dtStart)));
  if (q.dtEnd) conditions.push(lt(auditLogs.createdAt, endOf(q.dtEnd)));
  return and(...conditions);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, one page, within the caller's hospital scope. */
export async function listAuditLogs(db: Db, scope: HospitalScope, q: AuditLogQuery) {
  const where = filters(scope, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
