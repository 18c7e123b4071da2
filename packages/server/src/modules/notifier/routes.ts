import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, outboxPageSchema, outboxQuerySchema, RoleType } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { ok } from '../../lib/envelope';
import { toOutboxMessageDto } from './dto';
import { listOutbox } from './repo';

/** notifier/*: the text messages the platform stored or sent (the outbox screen). */
export const notifierRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/notifier/selectOutbox',
    {
      schema: {
        tags: ['notifier'],
        summary: 'Text messages stored or sent, newest first (platform administrators)',
        description:
          'Without an SMS gateway the messages wait here, verification codes included, for a ' +
          'platform administrator to pass on; with one this is the delivery record (codes masked).',
        querystring: outboxQuerySchema,
        response: { 200: envelopeSchema(outboxPageSchema) },
      },
      // Stored messages hold live verification codes: every read leaves an audit record.
      config: { policy: { roles: [RoleType.PlatformAdmin], audit: 'read' } },
    },
    async (request) => {
      const { rows, total } = await listOutbox(db, request.query);
      return ok(request.lang, { listPage: rows.map(toOutboxMessageDto), iTotalCount: total });
    },
  );
};
