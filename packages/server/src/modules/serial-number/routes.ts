import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  envelopeSchema,
  hospitalOptionSchema,
  serialNumberDtoSchema,
  serialNumberQuerySchema,
  serialNumberUpdateSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { scopeOf } from '../tenancy/scope';
import * as service from './service';

const PRIVILEGE = 'menu.medicalNum' as const;

/**
 * serialNumber/*: pathology-number rules (spec §2 /medicalNum, §7). Administrators holding the
 * "pathology numbers" menu privilege read and set the rules of the hospitals they manage;
 * doctors and experts read their own hospital's (the case form says whether a number will be
 * given and what it would be).
 */
export const serialNumberRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/serialNumber/select',
    {
      schema: {
        tags: ['pathology numbers'],
        summary:
          'The numbering rule of a hospital in scope (default: the own one), with the number ' +
          'the next case would get now, without taking it',
        querystring: serialNumberQuerySchema,
        response: { 200: envelopeSchema(serialNumberDtoSchema) },
      },
      config: { policy: { roles: [1, 2, 3, 4], privilege: PRIVILEGE } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.lang,
        await service.getRule(
          db,
          scopeOf(actor, 'medicalConsortia'),
          actor,
          request.query.iHospitalId,
          clock.now(),
        ),
      );
    },
  );

  app.post(
    '/serialNumber/update',
    {
      schema: {
        tags: ['pathology numbers'],
        summary:
          'Set the numbering rule of a hospital in scope: prefix, date part, sequence width, ' +
          'reset period and optionally the next sequence number',
        body: serialNumberUpdateSchema,
        response: { 200: envelopeSchema(serialNumberDtoSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: PRIVILEGE } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iHospitalId, ...rule } = request.body;
      request.auditNote = {
        targetType: 'serialNumberRule',
        targetId: iHospitalId ?? actor.hospitalId ?? undefined,
        detail: rule,
      };
      return ok(
        request.lang,
        await service.updateRule(
          db,
          scopeOf(actor, 'medicalConsortia'),
          actor,
          request.body,
          clock.now(),
        ),
      );
    },
  );

  app.get(
    '/serialNumber/selectHospital',
    {
      schema: {
        tags: ['pathology numbers'],
        summary: 'The hospitals whose numbering rule the caller may set (the screen’s picker)',
        response: { 200: envelopeSchema(z.array(hospitalOptionSchema)) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: PRIVILEGE } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.ruleHospitals(db, scopeOf(actor, 'medicalConsortia')));
    },
  );
};
