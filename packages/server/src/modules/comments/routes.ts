import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentAddSchema,
  commentDtoSchema,
  commentMarkedSchema,
  commentPageSchema,
  commentPatientQuerySchema,
  commentReceiveQuerySchema,
  commentThreadPageSchema,
  commentUnreadSchema,
  emptySchema,
  envelopeSchema,
  patientIdSchema,
  RoleType,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

/**
 * The two sides of a case conversation: the doctor who owns it and the experts it is sent to
 * (issue 7). Administrators may read a thread (report view) but neither write nor have unread
 * messages.
 */
const PARTICIPANTS = [RoleType.Doctor, RoleType.Expert] as const;

/** comment/* (spec §7 comment): messages per case with read/unread for the caller. */
export const commentRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const deps = { db, clock };

  app.post(
    '/comment/addComment',
    {
      schema: {
        tags: ['comments'],
        summary:
          'A message on a case the caller takes part in (its owner, the experts it was sent to)',
        body: commentAddSchema,
        response: { 200: envelopeSchema(commentDtoSchema) },
      },
      config: { policy: { roles: PARTICIPANTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      // The text is patient data: the audit keeps its length only.
      request.auditNote = {
        targetType: 'patient',
        targetId: request.body.iPatientId,
        detail: { iLength: request.body.strContent.length },
      };
      const dto = await service.addComment(deps, actor, request.body);
      request.auditNote.detail = { ...request.auditNote.detail, iCommentId: dto.iCommentId };
      return ok(request.lang, dto);
    },
  );

  app.get(
    '/comment/selectCommentListByPatient',
    {
      schema: {
        tags: ['comments'],
        summary:
          'One page of a case’s messages, oldest first, each read or unread for the caller; ' +
          'reading does not mark them read (updateCommentList does)',
        querystring: commentPatientQuerySchema,
        response: { 200: envelopeSchema(commentPageSchema) },
      },
      config: { policy: { roles: 'authenticated', audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.query.iPatientId };
      return ok(request.lang, await service.listOfCase(db, actor, request.query));
    },
  );

  app.post(
    '/comment/updateCommentList',
    {
      schema: {
        tags: ['comments'],
        summary: 'Marks every message of a case read for the caller',
        body: patientIdSchema,
        response: { 200: envelopeSchema(commentMarkedSchema) },
      },
      config: { policy: { roles: PARTICIPANTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
      const marked = await service.markRead(deps, actor, request.body.iPatientId);
      request.auditNote.detail = { iMarked: marked.iMarked };
      return ok(request.lang, marked);
    },
  );

  app.get(
    '/comment/selectUnreadCount',
    {
      schema: {
        tags: ['comments'],
        summary: 'How many messages are unread by the caller over its cases (menu badge)',
        querystring: emptySchema,
        response: { 200: envelopeSchema(commentUnreadSchema) },
      },
      config: { policy: { roles: PARTICIPANTS } },
    },
    async (request) => ok(request.lang, await service.unread(db, requireActor(request))),
  );

  app.get(
    '/comment/selectCommentListByReceive',
    {
      schema: {
        tags: ['comments'],
        summary:
          'The caller’s cases with messages (message list): latest message, counts, latest first',
        querystring: commentReceiveQuerySchema,
        response: { 200: envelopeSchema(commentThreadPageSchema) },
      },
      config: { policy: { roles: PARTICIPANTS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientList',
        detail: { strList: 'messages', iCurPage: request.query.iCurPage },
      };
      return ok(request.lang, await service.threads(db, actor, request.query));
    },
  );
};
