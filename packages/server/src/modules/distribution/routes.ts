import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  distributeToExpertsSchema,
  distributedPageSchema,
  distributionExpertPageSchema,
  distributionExpertQuerySchema,
  distributionHospitalPageSchema,
  distributionHospitalQuerySchema,
  distributionPageSchema,
  distributionQuerySchema,
  envelopeSchema,
  forwardToHospitalSchema,
  patientReceiveListSchema,
  type DistributionQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { distributeToExperts, expertsOf, forwardToHospital } from './distribute-service';
import { distributedPage, waitingPage } from './list-service';
import { expertsFor, hospitalsFor } from './pickers';
import type { NotificationHub } from '../notifications/hub';

const TAGS = ['distribution'];
/** Administrators holding "assign cases" (spec §6); scope.ts narrows it to their centers. */
const DISTRIBUTORS = { roles: ADMIN_ROLES, privilege: 'assignCases' } as const;

/** Which filters a list call used, never their values (names are patient data). */
function filtersUsed(q: DistributionQuery): string[] {
  const used: string[] = [];
  if (q.strPatientName) {
    used.push('strPatientName');
  }
  if (q.strDiagnosistNum) {
    used.push('strDiagnosistNum');
  }
  if (q.dtStart || q.dtEnd) {
    used.push('dateRange');
  }
  return used;
}

/** Distribution of cases sent to diagnosis centers (issue 7 part 2, /assignMent). */
export const distributionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}> = async (app, { db, clock, hub }) => {
  const deps = { db, clock, hub };

  app.get(
    '/patient/GetDistributionToBeAssigned',
    {
      schema: {
        tags: TAGS,
        summary: 'Cases waiting at the caller’s diagnosis centers for an expert, newest first',
        querystring: distributionQuerySchema,
        response: { 200: envelopeSchema(distributionPageSchema) },
      },
      config: { policy: { ...DISTRIBUTORS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        detail: { strList: 'unassigned', filters: filtersUsed(request.query) },
      };
      return ok(request.lang, await waitingPage(db, actor, request.query, request.lang));
    },
  );

  app.get(
    '/patient/GetDistributionAssigned',
    {
      schema: {
        tags: TAGS,
        summary:
          'Cases the caller’s diagnosis centers distributed: to whom, by whom and when, newest ' +
          'first',
        querystring: distributionQuerySchema,
        response: { 200: envelopeSchema(distributedPageSchema) },
      },
      config: { policy: { ...DISTRIBUTORS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        detail: { strList: 'completed', filters: filtersUsed(request.query) },
      };
      return ok(request.lang, await distributedPage(db, actor, request.query, request.lang));
    },
  );

  app.get(
    '/userManage/selectExpertByDiagnosticsCenter',
    {
      schema: {
        tags: TAGS,
        summary:
          'Experts a waiting case may be distributed to, with their working time and the ' +
          'hospitals they come from (the hospital filter)',
        querystring: distributionExpertQuerySchema,
        response: { 200: envelopeSchema(distributionExpertPageSchema) },
      },
      config: { policy: DISTRIBUTORS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await expertsFor(db, actor, request.query));
    },
  );

  app.post(
    '/patient/updatePatientReceiveUser',
    {
      schema: {
        tags: TAGS,
        summary:
          'Distributes a waiting case: its receive gets the first expert, further experts ' +
          'receives of their own; refused with CASE_STATE_CHANGED once distributed or withdrawn',
        body: distributeToExpertsSchema,
        response: { 200: envelopeSchema(patientReceiveListSchema) },
      },
      config: { policy: DISTRIBUTORS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        targetId: request.body.iPatientReceiveId,
        detail: { listExpertId: expertsOf(request.body) },
      };
      const answer = await distributeToExperts(deps, actor, request.body);
      request.auditNote.detail = {
        ...request.auditNote.detail,
        iPatientId: answer.listPatientReceive[0]?.patient.iPatientId,
        listPatientReceiveId: answer.listPatientReceive.map((r) => r.iPatientReceiveId),
      };
      return ok(request.lang, answer);
    },
  );

  app.get(
    '/hospitalManage/getDistributionHopistal',
    {
      schema: {
        tags: TAGS,
        summary: 'Diagnosis centers of the case’s group a waiting case may be forwarded to',
        querystring: distributionHospitalQuerySchema,
        response: { 200: envelopeSchema(distributionHospitalPageSchema) },
      },
      config: { policy: DISTRIBUTORS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await hospitalsFor(db, actor, request.query));
    },
  );

  app.post(
    '/hospitalManage/DistributionHopistal',
    {
      schema: {
        tags: TAGS,
        summary:
          'Forwards a waiting case to another diagnosis center of its group, whose ' +
          'administrators distribute it',
        body: forwardToHospitalSchema,
        response: { 200: envelopeSchema(patientReceiveListSchema) },
      },
      config: { policy: DISTRIBUTORS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        targetId: request.body.iPatientReceiveId,
        detail: { iHospitalId: request.body.listHospitalId[0] },
      };
      const answer = await forwardToHospital(deps, actor, request.body);
      request.auditNote.detail = {
        ...request.auditNote.detail,
        iPatientId: answer.listPatientReceive[0]?.patient.iPatientId,
      };
      return ok(request.lang, answer);
    },
  );
};
