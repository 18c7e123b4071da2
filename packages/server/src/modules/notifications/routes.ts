import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  emptySchema,
  envelopeSchema,
  noticePageSchema,
  noticeQuerySchema,
  noticeReadSchema,
  type NoticeDto,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as repo from './repo';

function toNoticeDto(v: repo.NoticeView): NoticeDto {
  const r = v.row;
  return {
    iNoticeId: r.id,
    strKind: r.kind,
    objParams: r.params,
    iPatientId: r.patientId,
    strDiagnosistNum: v.diagnosisNum,
    strPatientName: v.patientName,
    actor: r.actorId === null ? null : { iUserId: r.actorId, strRealName: v.actorName ?? '' },
    bRead: r.readAt !== null,
    dtCreateTime: r.createdAt.toISOString(),
  };
}

/** The caller's workflow messages (issue 7): list, unread count, mark read. */
export const noticeRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/notice/selectNotices',
    {
      schema: {
        tags: ['messages'],
        summary: 'The caller’s workflow messages, newest first',
        querystring: noticeQuerySchema,
        response: { 200: envelopeSchema(noticePageSchema) },
      },
      config: { policy: { roles: ALL_ROLES } },
    },
    async (request) => {
      const actor = requireActor(request);
      const q = request.query;
      const { rows, total } = await repo.pageOf(db, actor.userId, {
        unreadOnly: q.bUnread === true,
        limit: q.iPageSize,
        offset: (q.iCurPage - 1) * q.iPageSize,
      });
      return ok(request.lang, { listPage: rows.map(toNoticeDto), iTotalCount: total });
    },
  );

  app.get(
    '/notice/unreadCount',
    {
      schema: {
        tags: ['messages'],
        summary: 'How many of the caller’s workflow messages are unread',
        response: { 200: envelopeSchema(z.object({ iUnread: z.number().int() })) },
      },
      config: { policy: { roles: ALL_ROLES } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, { iUnread: await repo.unreadCount(db, actor.userId) });
    },
  );

  app.post(
    '/notice/markRead',
    {
      schema: {
        tags: ['messages'],
        summary: 'Marks the listed messages (or all) of the caller read',
        body: noticeReadSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: ALL_ROLES } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'notice', detail: { bAll: request.body.bAll === true } };
      await repo.markRead(
        db,
        actor.userId,
        request.body.bAll ? 'all' : (request.body.listNoticeId ?? []),
        clock.now(),
      );
      return ok(request.lang, {});
    },
  );
};
