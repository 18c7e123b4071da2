import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  RoleType,
  envelopeSchema,
  expertPickPageSchema,
  expertPickerQuerySchema,
  patientReceiveAddSchema,
  patientReceiveListSchema,
  receiveIdSchema,
  receiveInfoDtoSchema,
  receivedPageSchema,
  receivedQuerySchema,
  receivesOfPatientQuerySchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { DOCTORS } from '../patients/policies';
import type { NotificationHub } from '../notifications/hub';
import * as service from './service';

const EXPERTS = [RoleType.Expert] as const;

/** Sending cases for diagnosis and the experts' received cases (issue 7, spec §7). */
export const receiveRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}> = async (app, { db, clock, hub }) => {
  const deps = { db, clock, hub };

  app.get(
    '/userManage/selectExpert',
    {
      schema: {
        tags: ['consultation'],
        summary:
          'Experts the doctor may send a case to (diagnosing hospitals of the group), with their ' +
          'working time; name and diagnosis-center filters, paged',
        querystring: expertPickerQuerySchema,
        response: { 200: envelopeSchema(expertPickPageSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.pickExperts(db, actor, request.query));
    },
  );

  app.post(
    '/patient/addPatientReceive',
    {
      schema: {
        tags: ['consultation'],
        summary:
          'Sends own new cases with slides to experts (one receive each) or to a diagnosis ' +
          'center; all or none',
        body: patientReceiveAddSchema,
        response: { 200: envelopeSchema(patientReceiveListSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const centerId = service.recipientCenter(body);
      request.auditNote = {
        targetType: 'patient',
        targetId: body.listPatient[0]?.iPatientId,
        detail: {
          listPatientId: body.listPatient.map((p) => p.iPatientId),
          listExpertId: centerId === null ? service.recipientExperts(body) : [],
          iCenterId: centerId,
        },
      };
      return ok(request.lang, await service.submit(deps, actor, body));
    },
  );

  app.get(
    '/patient/selectPatientReceiveByUser',
    {
      schema: {
        tags: ['consultation'],
        summary: 'The expert’s received cases of one state (default waiting), newest first',
        querystring: receivedQuerySchema,
        response: { 200: envelopeSchema(receivedPageSchema) },
      },
      config: { policy: { roles: EXPERTS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        detail: { iState: request.query.iState },
      };
      return ok(request.lang, await service.receivedPage(db, actor, request.query, request.lang));
    },
  );

  app.post(
    '/patient/getPatientReceiveInfo',
    {
      schema: {
        tags: ['consultation'],
        summary:
          'The expert opens a case sent to them: the first opening marks it viewed (no more ' +
          'withdrawal)',
        body: receiveIdSchema,
        response: { 200: envelopeSchema(receiveInfoDtoSchema) },
      },
      config: { policy: { roles: EXPERTS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        targetId: request.body.iPatientReceiveId,
      };
      const info = await service.openReceive(deps, actor, request.body.iPatientReceiveId);
      request.auditNote.detail = { iPatientId: info.objPatient.iPatientId };
      return ok(request.lang, info);
    },
  );

  app.get(
    '/patient/selectPatientReceiveByPatient',
    {
      schema: {
        tags: ['consultation'],
        summary: 'Where a case was sent, for whoever may read it (experts: their own receives)',
        querystring: receivesOfPatientQuerySchema,
        response: { 200: envelopeSchema(patientReceiveListSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.query.iPatientId };
      return ok(request.lang, await service.receivesOfPatient(db, actor, request.query.iPatientId));
    },
  );
};
