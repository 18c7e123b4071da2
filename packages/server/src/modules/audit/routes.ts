import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  auditLogPageSchema,
  auditLogQuerySchema,
  envelopeSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { scopeOf } from '../tenancy/scope';
import { listAuditLogs } from './repo';
import { toAuditLogDto } from './dto';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/log/GetAuditLogs',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit trail, newest first, within the caller’s hospital scope',
        querystring: auditLogQuerySchema,
        response: { 200: envelopeSchema(auditLogPageSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'menu.auditLogs' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { rows, total, capped } = await listAuditLogs(db, scopeOf(actor), request.query);
      return ok(request.lang, {
        listPage: rows.map(toAuditLogDto),
        iTotalCount: total,
        bTotalCapped: capped,
      });
    },
  );
};
