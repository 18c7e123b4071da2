import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  closeSlideSchema,
  envelopeSchema,
  slideClosedSchema,
  slideInfoDtoSchema,
  slideInfoQuerySchema,
} from '@pathconsult/shared';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

/**
 * The viewer opening and closing a slide (issue 6; docs/decisions.md, "Where the user left a
 * slide": the view follows the user to another computer).
 */
export const viewerRoutes: FastifyPluginAsyncZod<service.ViewerDeps> = async (app, deps) => {
  app.get(
    '/diagnosis/GetSlideInfo',
    {
      schema: {
        tags: ['viewer'],
        summary:
          'Opens a slide in the viewer: its facts (without the thumbnail, which lists carry), a ' +
          'tile token (as getSlideToken) and where the caller left it (null the first time), ' +
          'for whoever may view the slide',
        querystring: slideInfoQuerySchema,
        response: { 200: envelopeSchema(slideInfoDtoSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iSlideDocumentId } = request.query;
      request.auditNote = { targetType: 'slideDocument', targetId: iSlideDocumentId };
      return ok(request.lang, await service.slideInfo(deps, actor, iSlideDocumentId, request.lang));
    },
  );

  app.post(
    '/webViewer/slideViewer/closeSlide',
    {
      schema: {
        tags: ['viewer'],
        summary:
          'Saves where the caller leaves a slide (centre in level-0 pixels, zoom, turn, flip), ' +
          'replacing their view before; a centre off the slide is VIEW_OUTSIDE_SLIDE',
        body: closeSlideSchema,
        response: { 200: envelopeSchema(slideClosedSchema) },
      },
      config: { policy: { roles: ALL_ROLES } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iSlideDocumentId } = request.body;
      request.auditNote = { targetType: 'slideDocument', targetId: iSlideDocumentId };
      return ok(request.lang, await service.closeSlide(deps, actor, request.body));
    },
  );
};
