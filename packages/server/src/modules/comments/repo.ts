import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientCommentReads, patientComments, patients, users } from '../../db/schema';

/*
 * The queries of case conversations. A message is unread for a user when someone else wrote it
 * and the user has no row in patient_comment_reads for it; the author's own messages never
 * count. Every query reaches messages through patient_comments_patient_idx and the reads
 * through their primary key (comment_id, user_id).
 */

export type CommentRow = typeof patientComments.$inferSelect;

export interface CommentView {
  comment: CommentRow;
  authorName: string;
  authorRole: number;
  read: boolean;
}

/** The read row of `userId` beside each message (left join: null when unread). */
const readsOf = (userId: number) =>
  and(
    eq(patientCommentReads.commentId, patientComments.id),
    eq(patientCommentReads.userId, userId),
  );

/** "Unread by `userId`" over a query that left-joins `readsOf(userId)`. */
const unreadBy = (userId: number) =>
  and(ne(patientComments.userId, userId), isNull(patientCommentReads.commentId));

/** What access.ts needs to decide on a case (no lock: plain reads). */
export async function caseRef(
  db: Db,
  patientId: number,
): Promise<{ id: number; hospitalId: number; ownerId: number } | undefined> {
  const [row] = await db
    .select({ id: patients.id, hospitalId: patients.hospitalId, ownerId: patients.ownerId })
    .from(patients)
    .where(eq(patients.id, patientId));
  return row;
}

export async function insertComment(
  tx: Db,
  values: typeof patientComments.$inferInsert,
): Promise<CommentRow> {
  const [row] = await tx.insert(patientComments).values(values).returning();
  if (!row) {
    throw new Error('comment not inserted');
  }
  return row;
}

export async function userNameAndRole(
  db: Db,
  userId: number,
): Promise<{ realName: string; roleType: number }> {
  const [row] = await db
    .select({ realName: users.realName, roleType: users.roleType })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { realName: '', roleType: 0 };
}

/** One page of a case's messages, oldest first, with their read state for `userId`. */
export async function pageOfCase(
  db: Db,
  patientId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: CommentView[]; total: number }> {
  const rows = await db
    .select({
      comment: patientComments,
      authorName: users.realName,
      authorRole: users.roleType,
      readAt: patientCommentReads.readAt,
    })
    .from(patientComments)
    .innerJoin(users, eq(users.id, patientComments.userId))
    .leftJoin(patientCommentReads, readsOf(userId))
    .where(eq(patientComments.patientId, patientId))
    .orderBy(asc(patientComments.createdAt), asc(patientComments.id))
    .limit(limit)
    .offset(offset);
  const [all] = await db
    .select({ n: count() })
    .from(patientComments)
    .where(eq(patientComments.patientId, patientId));
  return {
    rows: rows.map((r) => ({
      comment: r.comment,
      authorName: r.authorName,
      authorRole: r.authorRole,
      read: r.comment.userId === userId || r.readAt !== null,
    })),
    total: all?.n ?? 0,
  };
}

/** Marks every message of the case written by others read for `userId`; how many were unread. */
export async function markCaseRead(
  tx: Db,
  patientId: number,
  userId: number,
  at: Date,
): Promise<number> {
  const marked = await tx
    .insert(patientCommentReads)
    .select(
      tx
        .select({
          commentId: patientComments.id,
          userId: sql<number>`${userId}::int`.as('user_id'),
          readAt: sql<Date>`${at.toISOString()}::timestamptz`.as('read_at'),
        })
        .from(patientComments)
        .where(and(eq(patientComments.patientId, patientId), ne(patientComments.userId, userId))),
    )
    .onConflictDoNothing()
    .returning({ commentId: patientCommentReads.commentId });
  return marked.length;
}

/** Unread messages for `userId` over the cases `readable` admits: one query (the menu badge). */
export async function unreadCount(db: Db, userId: number, readable: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(patients)
    .innerJoin(patientComments, eq(patientComments.patientId, patients.id))
    .leftJoin(patientCommentReads, readsOf(userId))
    .where(and(readable, unreadBy(userId)));
  return row?.n ?? 0;
}

export interface ThreadRow {
  patientId: number;
  diagnosisNum: string;
  name: string;
  state: number;
  count: number;
  unread: number;
  lastAt: Date;
}

/** The cases `readable` admits that have messages, latest message first, one page. */
export async function threadPage(
  db: Db,
  userId: number,
  readable: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: ThreadRow[]; total: number }> {
  const lastAt = sql<Date>`max(${patientComments.createdAt})`.mapWith(patientComments.createdAt);
  const rows = await db
    .select({
      patientId: patients.id,
      diagnosisNum: patients.diagnosisNum,
      name: patients.name,
      state: patients.state,
      count: count(),
      unread: sql<number>`count(*) filter (where ${unreadBy(userId)})`.mapWith(Number),
      lastAt,
    })
    .from(patients)
    .innerJoin(patientComments, eq(patientComments.patientId, patients.id))
    .leftJoin(patientCommentReads, readsOf(userId))
    .where(readable)
    .groupBy(patients.id)
    .orderBy(desc(lastAt), desc(patients.id))
    .limit(limit)
    .offset(offset);
  const [all] = await db
    .select({ n: sql<number>`count(distinct ${patientComments.patientId})`.mapWith(Number) })
    .from(patients)
    .innerJoin(patientComments, eq(patientComments.patientId, patients.id))
    .where(readable);
  return { rows, total: all?.n ?? 0 };
}

/** The latest message of each case (with its author's name). */
export async function latestOf(
  db: Db,
  patientIds: number[],
): Promise<Map<number, { content: string; authorName: string; createdAt: Date }>> {
  if (patientIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectDistinctOn([patientComments.patientId], {
      patientId: patientComments.patientId,
      content: patientComments.content,
      authorName: users.realName,
      createdAt: patientComments.createdAt,
    })
    .from(patientComments)
    .innerJoin(users, eq(users.id, patientComments.userId))
    .where(inArray(patientComments.patientId, patientIds))
    .orderBy(patientComments.patientId, desc(patientComments.createdAt), desc(patientComments.id));
  return new Map(rows.map((r) => [r.patientId, r]));
}
