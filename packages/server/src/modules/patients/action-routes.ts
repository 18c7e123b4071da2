import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  frozenHeadDtoSchema,
  frozenHeadUpdateSchema,
  patientCollectedSchema,
  patientDtoSchema,
  patientEventDtoSchema,
  patientEventQuerySchema,
  patientIdSchema,
  patientWithdrawSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as actions from './case-actions';
import { clonePatient } from './clone';
import { setCollected } from './collection';
import { DOCTORS } from './policies';
import type { NotificationHub } from '../notifications/hub';

/**
 * The actions on one case beside the form: clone, withdraw and its record (back/*), frozen head
 * count, collection (spec §7 Patient, back, collection).
 */
export const caseActionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}> = async (app, { db, clock, hub }) => {
  const deps = { db, clock };

  app.post(
    '/patient/clone',
    {
      schema: {
        tags: ['cases'],
        summary:
          'A new unsubmitted case of the owner with the fields of one of its cases; number from ' +
          'the rule, else <original>-<k>',
        body: patientIdSchema,
        response: { 200: envelopeSchema(patientDtoSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patient',
        detail: { iClonedFromId: request.body.iPatientId },
      };
      const dto = await clonePatient(deps, actor, request.body.iPatientId);
      request.auditNote.targetId = dto.iPatientId;
      request.auditNote.detail = {
        iClonedFromId: request.body.iPatientId,
        strDiagnosistNum: dto.strDiagnosistNum,
      };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/back/withdrawPatient',
    {
      schema: {
        tags: ['cases'],
        summary: 'The owner takes back a submitted case no expert has opened yet, with a reason',
        body: patientWithdrawSchema,
        response: { 200: envelopeSchema(patientDtoSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
      return ok(request.lang, await actions.withdrawPatient({ ...deps, hub }, actor, request.body));
    },
  );

  app.get(
    '/back/selectBackByLogType',
    {
      schema: {
        tags: ['cases'],
        summary:
          'The record of a case (created, edited, withdrawn with its reason...), newest first, ' +
          'optionally of one type',
        querystring: patientEventQuerySchema,
        response: { 200: envelopeSchema(z.array(patientEventDtoSchema)) },
      },
      config: { policy: { roles: 'authenticated', audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.query.iPatientId };
      return ok(request.lang, await actions.patientEvents(db, actor, request.query));
    },
  );

  app.get(
    '/patient/getPatientFrozenHeadNum',
    {
      schema: {
        tags: ['cases'],
        summary: 'The frozen head count of a case the caller may read',
        querystring: patientIdSchema,
        response: { 200: envelopeSchema(frozenHeadDtoSchema) },
      },
      config: { policy: { roles: 'authenticated', audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.query.iPatientId };
      return ok(request.lang, await actions.frozenHeadOf(db, actor, request.query.iPatientId));
    },
  );

  app.post(
    '/patient/updatePatientFrozenHeadNum',
    {
      schema: {
        tags: ['cases'],
        summary: 'The owner sets the frozen head count while the case can be edited',
        body: frozenHeadUpdateSchema,
        response: { 200: envelopeSchema(frozenHeadDtoSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patient',
        targetId: request.body.iPatientId,
        detail: { iFrozenHeadNum: request.body.iFrozenHeadNum },
      };
      return ok(request.lang, await actions.updateFrozenHead(deps, actor, request.body));
    },
  );

  for (const [path, collected] of [
    ['/collection/add', true],
    ['/collection/delete', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['cases'],
          summary: collected
            ? 'Collect (archive) a case the caller may read; again changes nothing'
            : 'Cancel the collection of a case; a case not collected changes nothing',
          body: patientIdSchema,
          response: { 200: envelopeSchema(patientCollectedSchema) },
        },
        config: { policy: { roles: 'authenticated' } },
      },
      async (request) => {
        const actor = requireActor(request);
        request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
        return ok(
          request.lang,
          await setCollected(deps, actor, request.body.iPatientId, collected),
        );
      },
    );
  }
};
