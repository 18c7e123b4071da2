import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  emptySchema,
  envelopeSchema,
  hospitalGroupAddSchema,
  hospitalGroupDtoSchema,
  hospitalGroupIdSchema,
  hospitalGroupPageSchema,
  hospitalGroupQuerySchema,
  hospitalGroupUpdateSchema,
  hospitalOptionSchema,
  RoleType,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { scopeOf } from '../tenancy/scope';
import * as service from './service';

const PLATFORM = [RoleType.PlatformAdmin] as const;

/** hospitalGroup/*: hospital groups (diagnosis groups) and their members (spec §7). */
export const hospitalGroupRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/hospitalGroup/addHospitalGroup',
    {
      schema: {
        tags: ['hospital groups'],
        summary:
          'Create a group of ungrouped institutions, with a diagnosis center, within the cap',
        body: hospitalGroupAddSchema,
        response: { 200: envelopeSchema(hospitalGroupDtoSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = {
        targetType: 'hospitalGroup',
        detail: {
          strGroupName: request.body.strGroupName,
          listHospitalId: request.body.listHospitalId,
        },
      };
      const dto = await service.addHospitalGroup(db, request.body, clock.now());
      request.auditNote.targetId = dto.iGroupId;
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/hospitalGroup/updateHospitalGroup',
    {
      schema: {
        tags: ['hospital groups'],
        summary: 'Rename a group and set its members; institutions not listed leave it',
        body: hospitalGroupUpdateSchema,
        response: { 200: envelopeSchema(hospitalGroupDtoSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = {
        targetType: 'hospitalGroup',
        targetId: request.body.iGroupId,
        detail: {
          strGroupName: request.body.strGroupName,
          listHospitalId: request.body.listHospitalId,
        },
      };
      return ok(request.lang, await service.updateHospitalGroup(db, request.body, clock.now()));
    },
  );

  app.post(
    '/hospitalGroup/deleteHospitalGroup',
    {
      schema: {
        tags: ['hospital groups'],
        summary: 'Delete a group; its institutions stay, without a group',
        body: hospitalGroupIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = { targetType: 'hospitalGroup', targetId: request.body.iGroupId };
      await service.deleteHospitalGroup(db, request.body.iGroupId);
      return ok(request.lang, {});
    },
  );

  app.get(
    '/hospitalGroup/getHospitalGroup',
    {
      schema: {
        tags: ['hospital groups'],
        summary:
          'Groups by name with their members: every group for platform administrators, ' +
          'the own hospital’s group for hospital administrators',
        querystring: hospitalGroupQuerySchema,
        response: { 200: envelopeSchema(hospitalGroupPageSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'hospitalGroup' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.listHospitalGroups(db, scopeOf(actor), request.query));
    },
  );

  app.get(
    '/hospitalGroup/getHospitalByGroup',
    {
      schema: {
        tags: ['hospital groups'],
        summary:
          'Institutions of a group: any group for platform administrators, else the ' +
          'caller’s own hospital’s group',
        querystring: hospitalGroupIdSchema,
        response: { 200: envelopeSchema(z.array(hospitalOptionSchema)) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.lang,
        await service.hospitalsOfGroup(db, scopeOf(actor), request.query.iGroupId, false),
      );
    },
  );
};
