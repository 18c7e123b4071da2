import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  emptySchema,
  envelopeSchema,
  feedbackAddSchema,
  feedbackDtoSchema,
  feedbackIdSchema,
  feedbackImageSchema,
  feedbackPageSchema,
  feedbackQuerySchema,
  feedbackUpdateSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { scopeOf } from '../tenancy/scope';
import * as service from './service';

/** Administrators holding the "user feedback" menu privilege (spec §6 menu permissions). */
const READERS = { roles: ADMIN_ROLES, privilege: 'menu.userFeedback' } as const;

/**
 * feedback/*: users' feedback (spec §3 Feedback, §7). Anyone logged in sends it; administrators
 * read and handle the feedback of the users in their scope (platform: all; hospital: their own
 * hospital's users).
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/feedback/AddFeedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback: content, optional contact and PNG/JPEG image (≤ 100 KB)',
        body: feedbackAddSchema,
        response: { 200: envelopeSchema(feedbackDtoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      // The audit record says an image came and its size, never its bytes.
      request.auditNote = {
        targetType: 'feedback',
        detail: { bHasImage: request.body.strImage != null },
      };
      const { dto, imageBytes } = await service.addFeedback(db, actor, request.body, clock.now());
      request.auditNote.targetId = dto.iFeedbackId;
      request.auditNote.detail = { bHasImage: imageBytes !== null, iImageBytes: imageBytes };
      return ok(request.lang, dto);
    },
  );

  app.get(
    '/feedback/select',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Feedback in the caller’s scope, newest first (without images)',
        querystring: feedbackQuerySchema,
        response: { 200: envelopeSchema(feedbackPageSchema) },
      },
      config: { policy: READERS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.listFeedback(db, scopeOf(actor), request.query));
    },
  );

  app.get(
    '/feedback/getImage',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The image of one feedback, as a data URL (404 when it has none)',
        querystring: feedbackIdSchema,
        response: { 200: envelopeSchema(feedbackImageSchema) },
      },
      config: { policy: READERS },
    },
    async (request) => {
      const actor = requireActor(request);
      const strImage = await service.feedbackImage(db, scopeOf(actor), request.query.iFeedbackId);
      return ok(request.lang, { strImage });
    },
  );

  app.post(
    '/feedback/update',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Mark feedback handled (recording who and when) or unhandled again',
        body: feedbackUpdateSchema,
        response: { 200: envelopeSchema(feedbackDtoSchema) },
      },
      config: { policy: READERS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'feedback',
        targetId: request.body.iFeedbackId,
        detail: { bHandled: request.body.bHandled },
      };
      return ok(
        request.lang,
        await service.updateFeedback(db, scopeOf(actor), actor, request.body, clock.now()),
      );
    },
  );

  app.post(
    '/feedback/delete',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Delete a feedback',
        body: feedbackIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: READERS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'feedback', targetId: request.body.iFeedbackId };
      await service.deleteFeedback(db, scopeOf(actor), request.body.iFeedbackId);
      return ok(request.lang, {});
    },
  );
};
