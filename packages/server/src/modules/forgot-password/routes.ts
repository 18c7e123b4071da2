import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preValidationHookHandler } from 'fastify';
import {
  emptySchema,
  envelopeSchema,
  forgetPasswordSchema,
  sendCodeResponseSchema,
  sendCodeSchema,
} from '@pathconsult/shared';
import { notFound } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { getConfig } from '../config/service';
import { maskMobile, resetPassword, sendCode, type ForgotPasswordDeps } from './service';

/**
 * user/sendCode and user/forgetPwdUpdatePwd: forgot password by SMS code (spec §5, §7). Both are
 * public and exist only while the `forget` switch of the configuration is on; otherwise they
 * answer 404 NOT_FOUND, before the request is even validated, exactly like an unknown call.
 */
export const forgotPasswordRoutes: FastifyPluginAsyncZod<{ deps: ForgotPasswordDeps }> = async (
  app,
  { deps },
) => {
  const requireForgetSwitch: preValidationHookHandler = async () => {
    if (!(await getConfig(deps.db)).forget) {
      throw notFound();
    }
  };

  /** The spec sends the number in the query string; a JSON body is accepted too. */
  const mobileFromQuery: preValidationHookHandler = async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = request.query as { strMobile?: unknown };
    if (typeof body === 'object' && body.strMobile === undefined && query.strMobile !== undefined) {
      request.body = { ...body, strMobile: query.strMobile };
    } else if (request.body == null) {
      request.body = {};
    }
  };

  app.post(
    '/user/sendCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password-reset code by SMS (forgot password)',
        description:
          'The number goes in the query string (`?strMobile=`) or the JSON body. A 6-digit code ' +
          'valid 5 minutes; one per number a minute (CODE_TOO_FREQUENT with the seconds left), 10 ' +
          'per number a day and 20 per address an hour (429). A number without accounts gets the ' +
          'same answer, and nothing is sent. 404 while the forgot-password switch is off.',
        querystring: z.object({ strMobile: z.string().optional() }),
        body: sendCodeSchema,
        response: { 200: envelopeSchema(sendCodeResponseSchema) },
      },
      config: { policy: { roles: 'public' } },
      preValidation: [requireForgetSwitch, mobileFromQuery],
    },
    async (request) => {
      const { strMobile } = request.body;
      request.auditNote = { targetType: 'mobile', detail: { strMobile: maskMobile(strMobile) } };
      const { answer, delivery } = await sendCode(deps, strMobile, request.ip, request.lang);
      // For administrators reading the trail: whether a text left (never the code).
      request.auditNote.detail = { ...request.auditNote.detail, strDelivery: delivery };
      return ok(request.lang, answer);
    },
  );

  app.post(
    '/user/forgetPwdUpdatePwd',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the SMS code (forgot password)',
        description:
          'Every account of the number gets the new password (one person may hold a doctor and ' +
          'an expert account), their sessions end. A wrong or expired code is ' +
          'VERIFICATION_CODE_WRONG; the 5th wrong entry burns the code. 404 while the ' +
          'forgot-password switch is off.',
        body: forgetPasswordSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: 'public' } },
      preValidation: [requireForgetSwitch],
    },
    async (request) => {
      const mobile = maskMobile(request.body.strMobile);
      request.auditNote = { targetType: 'mobile', detail: { strMobile: mobile } };
      const userIds = await resetPassword(deps, request.body);
      request.auditNote = {
        targetType: 'user',
        targetId: userIds.join(','),
        detail: { strMobile: mobile, listUserId: userIds },
      };
      return ok(request.lang, {});
    },
  );
};
