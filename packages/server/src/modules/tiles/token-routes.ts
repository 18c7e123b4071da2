import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  documentIdQuerySchema,
  envelopeSchema,
  slideTokenDtoSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { slideForViewing } from './slide-grant';
import { TILE_TOKEN_LIFETIME_SEC, type TileTokens } from './token';

export interface TileTokenRoutesOptions {
  db: Db;
  clock: Clock;
  tokens: TileTokens;
}

/** The viewer's entry to a slide's tiles (issue 6): a token for /tiles and /iiif. */
export const tileTokenRoutes: FastifyPluginAsyncZod<TileTokenRoutesOptions> = async (
  app,
  { db, clock, tokens },
) => {
  app.get(
    '/slideDocument/getSlideToken',
    {
      schema: {
        tags: ['slides'],
        summary:
          'A signed token (2 hours) opening one slide’s tiles, for whoever may view the slide ' +
          '(slide management’s rule, or a reader of its case)',
        querystring: documentIdQuerySchema,
        response: { 200: envelopeSchema(slideTokenDtoSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iSlideDocumentId } = request.query;
      request.auditNote = { targetType: 'slideDocument', targetId: iSlideDocumentId };
      const { hospitalId } = await slideForViewing(db, actor, iSlideDocumentId);
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + TILE_TOKEN_LIFETIME_SEC;
      const strToken = tokens.sign({ slideId: iSlideDocumentId, hospitalId, expiresAt });
      return ok(request.lang, {
        strToken,
        dtExpire: new Date(expiresAt * 1000).toISOString(),
        strDziUrl: `/tiles/${strToken}/slide.dzi`,
        strIiifUrl: `/iiif/${strToken}`,
      });
    },
  );
};
