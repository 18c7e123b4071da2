import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  documentIdQuerySchema,
  envelopeSchema,
  slideTokenDtoSchema,
  type SlideTokenDto,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { slideForViewing } from './slide-grant';
import { tokenExpiry, type TileTokens } from './token';

export interface TileTokenRoutesOptions {
  db: Db;
  clock: Clock;
  tokens: TileTokens;
}

/**
 * A token opening one slide's tiles for two to four hours (tokenExpiry), with the
 * addresses it opens: the one answer of getSlideToken and of the viewer's GetSlideInfo. Call it
 * only once slideForViewing has admitted the caller.
 */
export function issueSlideToken(
  tokens: TileTokens,
  clock: Clock,
  slide: { slideId: number; hospitalId: number; epoch: number },
): SlideTokenDto {
  const expiresAt = tokenExpiry(clock.now());
  const strToken = tokens.sign({ ...slide, expiresAt });
  return {
    strToken,
    dtExpire: new Date(expiresAt * 1000).toISOString(),
    strDziUrl: `/tiles/${strToken}/slide.dzi`,
    strIiifUrl: `/iiif/${strToken}`,
  };
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
          'A signed token (2–4 hours) opening one slide’s tiles, for whoever may view the slide ' +
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
      const { hospitalId, tileGrantEpoch } = await slideForViewing(db, actor, iSlideDocumentId);
      return ok(
        request.lang,
        issueSlideToken(tokens, clock, {
          slideId: iSlideDocumentId,
          hospitalId,
          epoch: tileGrantEpoch,
        }),
      );
    },
  );
};
