import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  emptySchema,
  envelopeSchema,
  hospitalAddSchema,
  hospitalDtoSchema,
  hospitalGroupIdSchema,
  hospitalIdSchema,
  hospitalOptionSchema,
  hospitalPageSchema,
  hospitalQuerySchema,
  hospitalUpdateSchema,
  memoryUsageSchema,
  RoleType,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { hospitalsOfGroup } from '../hospital-groups/service';
import { scopeOf } from '../tenancy/scope';
import * as service from './service';

export interface HospitalRoutesOptions {
  db: Db;
  clock: Clock;
  /** DATA_DIR: slide files of hospital N live under `<dataDir>/slides/N/`. */
  dataDir: string;
}

const PLATFORM = [RoleType.PlatformAdmin] as const;
const hospitalOptionsSchema = z.array(hospitalOptionSchema);

/** hospitalManage/*: institutions (spec §7 "Hospital and group"). */
export const hospitalRoutes: FastifyPluginAsyncZod<HospitalRoutesOptions> = async (
  app,
  { db, clock, dataDir },
) => {
  app.post(
    '/hospitalManage/addHospital',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'Create an institution (optionally in a group, within its cap)',
        body: hospitalAddSchema,
        response: { 200: envelopeSchema(hospitalDtoSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = {
        targetType: 'hospital',
        detail: { strHospitalName: request.body.strHospitalName },
      };
      const dto = await service.addHospital(db, request.body, clock.now());
      request.auditNote.targetId = dto.iHospitalId;
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/hospitalManage/updateHospital',
    {
      schema: {
        tags: ['hospitals'],
        summary:
          'Change an institution. Hospital administrators: their own, and only contacts, ' +
          'addresses, SMS signature and allowed login addresses (other changes: 403)',
        body: hospitalUpdateSchema,
        response: { 200: envelopeSchema(hospitalDtoSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'medicalConsortia' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'hospital',
        targetId: request.body.iHospitalId,
        detail: { strHospitalName: request.body.strHospitalName },
      };
      return ok(request.lang, await service.updateHospital(db, actor, request.body, clock.now()));
    },
  );

  app.post(
    '/hospitalManage/deleteHospital',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'Delete an institution nothing refers to (else HOSPITAL_IN_USE)',
        body: hospitalIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = { targetType: 'hospital', targetId: request.body.iHospitalId };
      await service.deleteHospital(db, request.body.iHospitalId);
      return ok(request.lang, {});
    },
  );

  app.post(
    '/hospitalManage/getHospitalInfo',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'One institution within the caller’s scope',
        body: hospitalIdSchema,
        response: { 200: envelopeSchema(hospitalDtoSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'medicalConsortia' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'hospital', targetId: request.body.iHospitalId };
      return ok(
        request.lang,
        await service.getHospital(db, scopeOf(actor, 'medicalConsortia'), request.body.iHospitalId),
      );
    },
  );

  app.get(
    '/hospitalManage/selectHospital',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'Institutions within the caller’s scope, by name, with search and paging',
        querystring: hospitalQuerySchema,
        response: { 200: envelopeSchema(hospitalPageSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'medicalConsortia' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.lang,
        await service.listHospitals(db, scopeOf(actor, 'medicalConsortia'), request.query),
      );
    },
  );

  app.get(
    '/hospitalManage/selectAllHospital',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'Every institution within the caller’s scope, for pickers',
        response: { 200: envelopeSchema(hospitalOptionsSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.hospitalOptions(db, scopeOf(actor, 'userManage')));
    },
  );

  app.get(
    '/hospitalManage/getMemoryUsage',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'Slide storage used and allowed (GB) of an institution within the caller’s scope',
        querystring: hospitalIdSchema,
        response: { 200: envelopeSchema(memoryUsageSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.lang,
        await service.memoryUsage(
          db,
          scopeOf(actor, 'medicalConsortia'),
          request.query.iHospitalId,
        ),
      );
    },
  );

  app.post(
    '/hospitalManage/calibrateMemory',
    {
      schema: {
        tags: ['hospitals'],
        summary: 'Recalculate the used slide storage from the files actually stored',
        body: hospitalIdSchema,
        response: { 200: envelopeSchema(hospitalDtoSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'medicalConsortia' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'hospital', targetId: request.body.iHospitalId };
      const dto = await service.calibrateMemory(
        db,
        scopeOf(actor, 'medicalConsortia'),
        dataDir,
        request.body.iHospitalId,
        clock.now(),
      );
      request.auditNote.detail = { dUsedMemory: dto.dUsedMemory };
      return ok(request.lang, dto);
    },
  );

  app.get(
    '/hospitalManage/getDiagnosticsCenterByGroup',
    {
      schema: {
        tags: ['hospitals'],
        summary:
          'Diagnosis centers of a group: any group for platform administrators, else the ' +
          'caller’s own hospital’s group',
        querystring: hospitalGroupIdSchema,
        response: { 200: envelopeSchema(hospitalOptionsSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(
        request.lang,
        await hospitalsOfGroup(db, scopeOf(actor), request.query.iGroupId, true),
      );
    },
  );
};
