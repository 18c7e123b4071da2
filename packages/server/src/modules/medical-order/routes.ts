import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  envelopeSchema,
  medicalOrderDictionaryQuerySchema,
  medicalOrderItemDtoSchema,
  medicalOrderOptionSchema,
  medicalOrderPageSchema,
  medicalOrderQuerySchema,
  medicalOrderSaveSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { scopeOf } from '../tenancy/scope';
import * as service from './service';

/** The dictionary is kept on the "pathology numbers" screen, under its menu privilege. */
const KEEPERS = { roles: ADMIN_ROLES, privilege: 'menu.medicalNum' } as const;

/**
 * medicalorder/*: the dictionary of order items — IHC antibodies, special stains, molecular
 * tests (spec §7). Everyone logged in reads the enabled items of their hospital; administrators
 * keep the platform's (platform administrators) and their hospitals' own.
 */
export const medicalOrderRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/medicalorder/selectMedDatadictionary',
    {
      schema: {
        tags: ['medical orders'],
        summary:
          'The enabled order items the caller may pick — the platform’s and its hospital’s — ' +
          'by category and set order',
        querystring: medicalOrderDictionaryQuerySchema,
        response: { 200: envelopeSchema(z.array(medicalOrderOptionSchema)) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.dictionary(db, actor, request.query.strCategory));
    },
  );

  app.get(
    '/medicalorder/selectMedicalorder',
    {
      schema: {
        tags: ['medical orders'],
        summary:
          'A page of one dictionary, disabled items included: a hospital’s in scope (with the ' +
          'platform’s), or the platform’s alone',
        querystring: medicalOrderQuerySchema,
        response: { 200: envelopeSchema(medicalOrderPageSchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.lang,
        await service.listItems(db, scopeOf(actor, 'medicalConsortia'), actor, request.query),
      );
    },
  );

  app.post(
    '/medicalorder/updateMedicalorderValue',
    {
      schema: {
        tags: ['medical orders'],
        summary:
          'Add an order item (no iItemId) or change one: name, code, category, order, enabled. ' +
          'Platform items only by platform administrators (403)',
        body: medicalOrderSaveSchema,
        response: { 200: envelopeSchema(medicalOrderItemDtoSchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iItemId, ...detail } = request.body;
      request.auditNote = { targetType: 'medicalOrderItem', targetId: iItemId, detail };
      const dto = await service.saveItem(
        db,
        scopeOf(actor, 'medicalConsortia'),
        actor,
        request.body,
        clock.now(),
      );
      request.auditNote.targetId = dto.iItemId;
      return ok(request.lang, dto);
    },
  );
};
