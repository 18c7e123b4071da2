import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  envelopeSchema,
  getUserInfoQuerySchema,
  userDtoSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { scopeOf } from '../tenancy/scope';
import { toUserDto } from './dto';
import { findOwnUser, findUserInScope } from './repo';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/userManage/getUserInfo',
    {
      schema: {
        tags: ['users'],
        summary: 'A user’s details: the caller’s own, or a user of a hospital the caller may see',
        querystring: getUserInfoQuerySchema,
        response: { 200: envelopeSchema(userDtoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = request.query.iUserId ?? actor.userId;
      // Other people's accounts are an administrator's business, inside the administrator's scope.
      const mayLookAtOthers = ADMIN_ROLES.includes(actor.roleType);
      const found =
        id === actor.userId
          ? await findOwnUser(db, id)
          : mayLookAtOthers
            ? await findUserInScope(db, scopeOf(actor), id)
            : undefined;
      if (!found) {
        throw notFound();
      }
      return ok(request.lang, toUserDto(found.user, found.hospital));
    },
  );
};
