import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptySchema,
  envelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { appendAuditRecord, subjectOf, type AuditSubject } from '../audit/repo';
import { requireActor } from './require-actor';
import { login, LoginRefusedError, logout, type AuthDeps } from './service';

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
      // Whatever token came along with the request, the record is about the account logging in.
      const record = (
        outcome: 'success' | 'denied',
        subject: AuditSubject,
        detail: Record<string, unknown> = {},
      ) =>
        appendAuditRecord(auth.db, {
          now: auth.clock.now(),
          subject,
          action: 'user/login',
          outcome,
          ip: request.ip,
          note: { targetType: 'user', targetId: subject.userId ?? undefined, detail },
        });
      try {
        const { response, actor } = await login(auth, request.body, ctx);
        request.actor = actor;
        await record('success', subjectOf(actor) as AuditSubject);
        return ok(request.lang, response);
      } catch (error) {
        if (error instanceof LoginRefusedError) {
          await record('denied', error.account, { strErrorCode: error.code });
        } else if (error instanceof AppError) {
          const tried = {
            userId: null,
            userName: request.body.strUserName,
            roleType: null,
            hospitalId: null,
          };
          await record('denied', tried, { strErrorCode: error.code });
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
