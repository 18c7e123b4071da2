import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedbackQuery } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import { feedback, hospitals, users } from '../../db/schema';
import { whereInScope, type HospitalScope } from '../tenancy/scope';

/** A feedback row without its image, with the names its answer shows beside it. */
export interface FeedbackView {
  id: number;
  createdAt: Date;
  content: string;
  contact: string | null;
  userId: number | null;
  userName: string;
  realName: string | null;
  hospitalId: number | null;
  hospitalName: string | null;
  hasImage: boolean;
  handled: boolean;
  handledAt: Date | null;
  handledByName: string | null;
}

const sender = alias(users, 'sender');
const handler = alias(users, 'handler');

/** The list's columns: everything but the image, which can be 100 KB a row. */
const viewColumns = {
  id: feedback.id,
  createdAt: feedback.createdAt,
  content: feedback.content,
  contact: feedback.contact,
  userId: feedback.userId,
  userName: feedback.userName,
  realName: sender.realName,
  hospitalId: feedback.hospitalId,
  hospitalName: hospitals.name,
  hasImage: sql<boolean>`${feedback.imagePng} is not null`,
  handled: feedback.handled,
  handledAt: feedback.handledAt,
  handledByName: handler.userName,
};

function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(feedback)
    .leftJoin(sender, eq(sender.id, feedback.userId))
    .leftJoin(handler, eq(handler.id, feedback.handledBy))
    .leftJoin(hospitals, eq(hospitals.id, feedback.hospitalId));
}

function filters(scope: HospitalScope, q: FeedbackQuery): SQL | undefined {
  // Feedback of the superadmin (no hospital) stays with the platform scope.
  const conditions: SQL[] = [whereInScope(scope, feedback.hospitalId)];
  if (q.strHandled) {
    conditions.push(eq(feedback.handled, q.strHandled === 'handled'));
  }
  if (q.strUserName) {
    conditions.push(ilike(feedback.userName, `%${escapeLike(q.strUserName)}%`));
  }
  if (q.dtStart) {
    conditions.push(gte(feedback.createdAt, chinaInstant(q.dtStart)));
  }
  if (q.dtEnd) {
    conditions.push(lt(feedback.createdAt, chinaEndExclusive(q.dtEnd)));
  }
  return and(...conditions);
}

export async function insertFeedback(
  db: Db,
  values: typeof feedback.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(feedback).values(values).returning({ id: feedback.id });
  if (!row) {
    throw new Error('feedback not inserted');
  }
  return row.id;
}

/** One page of feedback within the scope, newest first. */
export async function listFeedback(
  db: Db,
  scope: HospitalScope,
  q: FeedbackQuery,
): Promise<{ rows: FeedbackView[]; total: number }> {
  const where = filters(scope, q);
  const [rows, [total]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.iPageSize)
      .offset((q.iCurPage - 1) * q.iPageSize),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findFeedbackView(
  db: Db,
  scope: HospitalScope,
  id: number,
): Promise<FeedbackView | undefined> {
  const rows = await viewQuery(db).where(
    and(eq(feedback.id, id), whereInScope(scope, feedback.hospitalId)),
  );
  return rows[0];
}

/** The stored image (a data URL) of a feedback in the scope: undefined when there is none. */
export async function findImage(
  db: Db,
  scope: HospitalScope,
  id: number,
): Promise<string | undefined> {
  const rows = await db
    .select({ image: feedback.imagePng })
    .from(feedback)
    .where(and(eq(feedback.id, id), whereInScope(scope, feedback.hospitalId)));
  return rows[0]?.image ?? undefined;
}

/**
 * Marks a feedback in the scope handled (by whom, when) or unhandled again; the scope is part of
 * the statement, so a row of another hospital is untouched. Returns whether a row matched.
 */
export async function setHandled(
  db: Db,
  scope: HospitalScope,
  id: number,
  handled: { by: number; at: Date } | null,
): Promise<boolean> {
  const rows = await db
    .update(feedback)
    .set({
      handled: handled !== null,
      handledBy: handled?.by ?? null,
      handledAt: handled?.at ?? null,
    })
    .where(and(eq(feedback.id, id), whereInScope(scope, feedback.hospitalId)))
    .returning({ id: feedback.id });
  return rows.length > 0;
}

export async function deleteFeedback(db: Db, scope: HospitalScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(feedback)
    .where(and(eq(feedback.id, id), whereInScope(scope, feedback.hospitalId)))
    .returning({ id: feedback.id });
  return rows.length > 0;
}
