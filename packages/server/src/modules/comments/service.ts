import type {
  CommentAddInput,
  CommentDto,
  CommentMarked,
  CommentPage,
  CommentPatientQuery,
  CommentReceiveQuery,
  CommentThreadPage,
  CommentUnread,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { caseReaderRole, readableWhere, type CaseReaderRole } from '../patients/access';
import * as patientRepo from '../patients/repo';
import * as repo from './repo';

/*
 * comment/* (spec §3 Comment/message, §7 comment): the conversation on a case between its two
 * sides, the doctor who owns it and (issue 7) the experts it was sent to. Whoever may read the
 * case reads its messages (access.ts); administrators with report view read them as observers,
 * never write, and their reading marks nothing. Reading a thread does not mark it read: the
 * screen says so explicitly with updateCommentList once the thread is shown.
 */

export interface CommentDeps {
  db: Db;
  clock: Clock;
}

/** Observers see every message as read: nothing in a conversation is addressed to them. */
const isParticipant = (role: CaseReaderRole) => role !== 'reportViewer';

/** The caller's relation to a share-locked case, or 404 / CASE_NOT_OWNED as for the case itself. */
async function roleOnLockedCase(tx: Db, actor: Actor, patientId: number) {
  const row = await patientRepo.lockPatient(tx, patientId, 'share');
  if (!row) {
    throw notFound();
  }
  return caseReaderRole(tx, actor, row);
}

function toDto(v: repo.CommentView, callerId: number, observer: boolean): CommentDto {
  return {
    iCommentId: v.comment.id,
    iPatientId: v.comment.patientId,
    strContent: v.comment.content,
    author: {
      iUserId: v.comment.userId,
      strRealName: v.authorName,
      ddRoleType: { iNumber: v.authorRole },
    },
    bMine: v.comment.userId === callerId,
    bRead: observer || v.read,
    dtCreateTime: v.comment.createdAt.toISOString(),
  };
}

/** comment/addComment: the case row is share-locked so it cannot vanish under the insert. */
export async function addComment(
  { db, clock }: CommentDeps,
  actor: Actor,
  input: CommentAddInput,
): Promise<CommentDto> {
  const comment = await db.transaction(async (tx) => {
    const role = await roleOnLockedCase(tx, actor, input.iPatientId);
    if (!isParticipant(role)) {
      // The route admits doctors and experts only; an observer never reaches here.
      throw notFound();
    }
    return repo.insertComment(tx, {
      patientId: input.iPatientId,
      userId: actor.userId,
      content: input.strContent,
      createdAt: clock.now(),
    });
  });
  const author = await repo.userNameAndRole(db, actor.userId);
  return toDto(
    { comment, authorName: author.realName, authorRole: author.roleType, read: true },
    actor.userId,
    false,
  );
}

export async function listOfCase(
  db: Db,
  actor: Actor,
  q: CommentPatientQuery,
): Promise<CommentPage> {
  const role = await readRole(db, actor, q.iPatientId);
  const { rows, total } = await repo.pageOfCase(
    db,
    q.iPatientId,
    actor.userId,
    q.iPageSize,
    (q.iCurPage - 1) * q.iPageSize,
  );
  return {
    listPage: rows.map((r) => toDto(r, actor.userId, !isParticipant(role))),
    iTotalCount: total,
  };
}

/** comment/updateCommentList: idempotent; observers are refused by the route's roles. */
export async function markRead(
  { db, clock }: CommentDeps,
  actor: Actor,
  patientId: number,
): Promise<CommentMarked> {
  const marked = await db.transaction(async (tx) => {
    await roleOnLockedCase(tx, actor, patientId);
    return repo.markCaseRead(tx, patientId, actor.userId, clock.now());
  });
  return { iPatientId: patientId, iMarked: marked };
}

export async function unread(db: Db, actor: Actor): Promise<CommentUnread> {
  return { iUnread: await repo.unreadCount(db, actor.userId, readableWhere(actor)) };
}

export async function threads(
  db: Db,
  actor: Actor,
  q: CommentReceiveQuery,
): Promise<CommentThreadPage> {
  const { rows, total } = await repo.threadPage(
    db,
    actor.userId,
    readableWhere(actor),
    q.iPageSize,
    (q.iCurPage - 1) * q.iPageSize,
  );
  const latest = await repo.latestOf(
    db,
    rows.map((r) => r.patientId),
  );
  return {
    listPage: rows.map((r) => {
      const last = latest.get(r.patientId);
      return {
        iPatientId: r.patientId,
        strDiagnosistNum: r.diagnosisNum,
        strPatientName: r.name,
        ddPatientState: { iNumber: r.state },
        iCount: r.count,
        iUnread: r.unread,
        last: {
          strContent: last?.content ?? '',
          strAuthorName: last?.authorName ?? '',
          dtCreateTime: (last?.createdAt ?? r.lastAt).toISOString(),
        },
      };
    }),
    iTotalCount: total,
  };
}

/** The caller's relation to a case for a plain read (no lock). */
async function readRole(db: Db, actor: Actor, patientId: number): Promise<CaseReaderRole> {
  const row = await repo.caseRef(db, patientId);
  if (!row) {
    throw notFound();
  }
  return caseReaderRole(db, actor, row);
}
