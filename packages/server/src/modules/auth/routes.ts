import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptySchema,
  envelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { appendAuditRecord } from '../audit/repo';
import { requireActor } from './require-actor';
import { login, logout, type AuthDeps } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthDeps }> = async (app, { auth }) => {
  app.post(
    '/user/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with user name or mobile number',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginResponseSchema) },
      },
      // Audited here: the actor is known only once the password has been checked.
      config: { policy: { roles: 'public', audit: 'self' } },
    },
    async (request) => {
      const ctx = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const record = (
        outcome: 'success' | 'denied',
        detail: Record<string, unknown>,
        userId?: number,
      ) =>
        appendAuditRecord(auth.db, {
          now: auth.clock.now(),
          actor: request.actor,
          userName: request.body.strUserName,
          action: 'user/login',
          outcome,
          ip: request.ip,
          note: { targetType: 'user', targetId: userId, detail },
        });
      try {
        const { response, actor } = await login(auth, request.body, ctx);
        request.actor = actor;
        await record('success', {}, actor.userId);
        return ok(request.lang, response);
      } catch (error) {
        if (error instanceof AppError) {
          await record('denied', { strErrorCode: error.code });
        }
        throw error;
      }
    },
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session at once',
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'session', targetId: actor.sessionId };
      await logout(auth, actor);
      return ok(request.lang, {});
    },
  );
};
