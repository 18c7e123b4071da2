import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { ok } from '../../lib/envelope';

/** For load balancers and start-up scripts: the process answers and the database responds. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok') })) },
      },
      config: { policy: { roles: 'public' } },
    },
    async (request) => {
      await db.execute(sql`select 1`);
      return ok(request.lang, { status: 'ok' as const });
    },
  );
};
