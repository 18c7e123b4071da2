import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptySchema,
  envelopeSchema,
  patientAddSchema,
  patientDtoSchema,
  patientSavedSchema,
  patientIdSchema,
  patientPageSchema,
  patientQuerySchema,
  patientUpdateSchema,
  type PatientQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import type { NotificationHub } from '../notifications/hub';
import { caseActionRoutes } from './action-routes';
import { DOCTORS } from './policies';
import * as service from './service';
import { removeCaseScreenshots } from '../screenshots/storage';

/** Which filters a list call used, never their values (names are patient data). */
function filtersUsed(q: PatientQuery): string[] {
  const keys = ['strPatientName', 'strDiagnosistNum', 'iPatientState', 'iClassification'] as const;
  const used: string[] = keys.filter((k) => q[k] != null && q[k] !== '');
  if (q.dtStart || q.dtEnd) {
    used.push('dateRange');
  }
  return used;
}

/** patient/*: the doctor's cases (spec §7 Patient), and the actions of case-actions.ts. */
export const patientRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
  dataDir: string;
}> = async (app, { db, clock, hub, dataDir }) => {
  const deps = { db, clock };

  app.post(
    '/patient/addPatient',
    {
      schema: {
        tags: ['cases'],
        summary:
          'Save a new (unsubmitted) case of the caller in its hospital, by the required fields ' +
          'of the deployment’s variant; an empty number takes the next of the hospital’s rule',
        body: patientAddSchema,
        response: { 200: envelopeSchema(patientSavedSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient' };
      const dto = await service.addPatient(deps, actor, request.body, request.lang);
      request.auditNote.targetId = dto.iPatientId;
      request.auditNote.detail = {
        strDiagnosistNum: dto.strDiagnosistNum,
        iSlidesJoined: dto.iSlidesJoined,
      };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/patient/updatePatient',
    {
      schema: {
        tags: ['cases'],
        summary:
          'The owner saves the whole form of a new, returned or withdrawn case (the latter two ' +
          'come back to the new list)',
        body: patientUpdateSchema,
        response: { 200: envelopeSchema(patientSavedSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
      const dto = await service.updatePatient(deps, actor, request.body, request.lang);
      request.auditNote.detail = {
        ddPatientState: dto.ddPatientState.iNumber,
        iSlidesJoined: dto.iSlidesJoined,
      };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/patient/deletePatient',
    {
      schema: {
        tags: ['cases'],
        summary: 'The owner deletes a new, returned or withdrawn case with its events and marks',
        body: patientIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
      const { hospitalId } = await service.deletePatient(db, actor, request.body.iPatientId);
      // The rows went with the case (cascade); their image files go now.
      await removeCaseScreenshots(dataDir, { hospitalId, patientId: request.body.iPatientId });
      return ok(request.lang, {});
    },
  );

  app.get(
    '/patient/getPatientInfo',
    {
      schema: {
        tags: ['cases'],
        summary:
          'A case: for its owner, and read-only for administrators with report view over its ' +
          'hospital and for the experts it was sent to; every read is audited',
        querystring: patientIdSchema,
        response: { 200: envelopeSchema(patientDtoSchema) },
      },
      config: { policy: { roles: 'authenticated', audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.query.iPatientId };
      return ok(request.lang, await service.readPatient(db, actor, request.query.iPatientId));
    },
  );

  app.get(
    '/patient/selectPatient',
    {
      schema: {
        tags: ['cases'],
        summary:
          'One page of a case list: the caller’s own cases of one state (new, waiting, ' +
          'completed, returned, withdrawn) or its collection; the count stops at 10,000',
        querystring: patientQuerySchema,
        response: { 200: envelopeSchema(patientPageSchema) },
      },
      config: { policy: { roles: 'authenticated', audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const q = request.query;
      request.auditNote = {
        targetType: 'patientList',
        detail: { strList: q.strList, iCurPage: q.iCurPage, filters: filtersUsed(q) },
      };
      return ok(request.lang, await service.selectPatients(db, actor, q, request.lang));
    },
  );

  await app.register(caseActionRoutes, { ...deps, hub });
};
