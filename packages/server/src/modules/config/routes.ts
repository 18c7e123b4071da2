import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  configDtoSchema,
  configUpdateSchema,
  envelopeSchema,
  RoleType,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { getConfig, publicConfig, updateConfig } from './service';

export const configRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/configinfo/get',
    {
      schema: {
        tags: ['config'],
        summary:
          'Global configuration (site title, login text, password pattern); needed before login',
        response: { 200: envelopeSchema(configDtoSchema) },
      },
      config: { policy: { roles: 'public' } },
    },
    async (request) => {
      const config = await getConfig(db);
      const isAdmin = request.actor != null && ADMIN_ROLES.includes(request.actor.roleType);
      return ok(request.lang, isAdmin ? config : publicConfig(config));
    },
  );

  app.post(
    '/configinfo/update',
    {
      schema: {
        tags: ['config'],
        summary: 'Change settings of the global configuration',
        body: configUpdateSchema,
        response: { 200: envelopeSchema(configDtoSchema) },
      },
      config: { policy: { roles: [RoleType.PlatformAdmin] } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'configuration',
        detail: { keys: Object.keys(request.body) },
      };
      return ok(request.lang, await updateConfig(db, request.body, actor.userId, clock.now()));
    },
  );
};
