import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  approveRegistrationSchema,
  captchaSchema,
  envelopeSchema,
  RegistrationRules,
  registrationDtoSchema,
  registrationHospitalSchema,
  registrationPageSchema,
  registrationQuerySchema,
  registrationResultSchema,
  rejectRegistrationSchema,
  translate,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { randomCaptchaText } from './captcha-image';
import { captchaService } from './captcha-service';
import { registerBodySchema } from './schemas';
import * as service from './service';

export interface RegistrationRoutesOptions {
  db: Db;
  clock?: Clock;
  /** Text of new captchas; random unless tests (or CAPTCHA_FIXED_TEXT under NODE_ENV=test) fix it. */
  captchaText?: () => string;
}

const REVIEW = { roles: ADMIN_ROLES, privilege: 'userManage' } as const;

/** Self-registration with an image captcha (spec §2 /register, §5) and its review. */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (
  app,
  { db, clock = systemClock, captchaText = randomCaptchaText },
) => {
  const deps: service.RegistrationDeps = {
    db,
    clock,
    captcha: captchaService({ db, clock, text: captchaText }),
  };

  app.get(
    '/user/getCaptcha',
    {
      schema: {
        tags: ['registration'],
        summary: 'A new image captcha (PNG), valid for 5 minutes and one answer',
        description: `At most ${RegistrationRules.captchasPerIpPerTtl} per address in 5 minutes (429).`,
        response: { 200: envelopeSchema(captchaSchema) },
      },
      config: { policy: { roles: 'public' } },
    },
    async (request) => ok(request.lang, await deps.captcha.issue(request.ip)),
  );

  app.get(
    '/hospitalManage/selectRegistrationHospital',
    {
      schema: {
        tags: ['registration'],
        summary: 'Hospitals one may register with: consultation hospitals still valid',
        response: { 200: envelopeSchema(z.array(registrationHospitalSchema)) },
      },
      config: { policy: { roles: 'public' } },
    },
    async (request) => ok(request.lang, await service.registrationHospitals(deps)),
  );

  app.post(
    '/user/register',
    {
      schema: {
        tags: ['registration'],
        summary: 'Apply for a doctor or expert account; it waits for an administrator’s review',
        description:
          'The captcha is used up by any check, right or wrong. The account is created pending ' +
          '(ddUserState 3) and cannot log in until approved.',
        body: registerBodySchema,
        response: { 200: envelopeSchema(registrationResultSchema) },
      },
      config: { policy: { roles: 'public' } },
    },
    async (request) => {
      const body = request.body;
      // No caller is logged in: the record names the account applied for (never the password).
      request.auditNote = {
        targetType: 'user',
        detail: {
          strUserName: body.strUserName,
          iRoleType: body.ddRoleType.iNumber,
          iHospitalId: body.iHospitalId,
        },
      };
      const result = await service.register(deps, body, request.lang);
      request.auditNote.targetId = result.iUserId;
      return {
        ...ok(request.lang, result),
        strMessage: translate('REGISTRATION_SUBMITTED', request.lang, {
          days: result.iReviewWorkingDays,
        }),
      };
    },
  );

  app.get(
    '/userManage/selectRegistration',
    {
      schema: {
        tags: ['registration'],
        summary: 'Registrations of the hospitals whose users the caller manages, newest first',
        description:
          'Registrations of an unlisted unit (no hospital) only for platform administrators.',
        querystring: registrationQuerySchema,
        response: { 200: envelopeSchema(registrationPageSchema) },
      },
      config: { policy: REVIEW },
    },
    async (request) =>
      ok(request.lang, await service.selectRegistrations(db, requireActor(request), request.query)),
  );

  app.post(
    '/userManage/approveRegistration',
    {
      schema: {
        tags: ['registration'],
        summary: 'Approve a pending registration: the account may log in (ddUserState 4)',
        body: approveRegistrationSchema,
        response: { 200: envelopeSchema(registrationDtoSchema) },
      },
      config: { policy: REVIEW },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iUserId, iHospitalId } = request.body;
      request.auditNote = { targetType: 'user', targetId: iUserId, detail: { iHospitalId } };
      return ok(
        request.lang,
        await service.approveRegistration(deps, actor, request.body, request.lang),
      );
    },
  );

  app.post(
    '/userManage/rejectRegistration',
    {
      schema: {
        tags: ['registration'],
        summary: 'Refuse a pending registration with a reason (ddUserState 5)',
        body: rejectRegistrationSchema,
        response: { 200: envelopeSchema(registrationDtoSchema) },
      },
      config: { policy: REVIEW },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iUserId, strReason } = request.body;
      request.auditNote = { targetType: 'user', targetId: iUserId, detail: { strReason } };
      return ok(request.lang, await service.rejectRegistration(deps, actor, request.body));
    },
  );
};
