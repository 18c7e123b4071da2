import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  RoleType,
  backMedicalOrderSchema,
  backPatientSchema,
  backReferralSchema,
  caseIdQuerySchema,
  diagnosisDraftSchema,
  diagnosisDtoSchema,
  diagnosisQuerySchema,
  emptySchema,
  expertPickPageSchema,
  referralExpertQuerySchema,
  envelopeSchema,
  medicalOrderOptionSchema,
  receiveIdSchema,
  reportIdSchema,
  reportListPageSchema,
  reportPdfQuerySchema,
  reportListQuerySchema,
  reportRequestAddSchema,
  reportRequestAnswerSchema,
  returnListSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { timeZoneOr } from '../../lib/time-zone';
import { requireActor } from '../auth/require-actor';
import { DOCTORS } from '../patients/policies';
import type { NotificationHub } from '../notifications/hub';
import { recordPrint } from './print-service';
import { produceReport } from './produce-report';
import { selectDiagnosis } from './read-service';
import { reportList } from './report-list';
import { applyReportChange, answerReportChange } from './request-service';
import {
  backMedicalOrder,
  backPatient,
  backReferral,
  orderItemsFor,
  referralExperts,
  returnsOfCase,
} from './return-service';
import { confirmDiagnosis, saveDraft } from './write-service';

const EXPERTS = [RoleType.Expert] as const;
const TAGS = ['diagnosis'];

/** The expert's report, returns and the doctor's requests (issue 7, spec §7 "Diagnosis"). */
export const diagnosisRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
  dataDir: string;
  /** Zone of printed times when the request names none it may use (REPORT_TIME_ZONE). */
  timeZone: string;
}> = async (app, { db, clock, hub, dataDir, timeZone }) => {
  const deps = { db, clock, hub };

  app.get(
    '/diagnosis/selectDiagnosis',
    {
      schema: {
        tags: TAGS,
        summary:
          'The reports of a receive (its expert, with the version they may write now) or of a ' +
          'case (its readers: signed versions only)',
        querystring: diagnosisQuerySchema,
        response: { 200: envelopeSchema(diagnosisDtoSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patient',
        targetId: request.query.iPatientId,
        detail: { iPatientReceiveId: request.query.iPatientReceiveId },
      };
      return ok(request.lang, await selectDiagnosis(db, actor, request.query));
    },
  );

  for (const [path, summary, sign] of [
    ['/diagnosis/saveDraft', 'Saves the open version of the report as a draft', false],
    [
      '/diagnosis/confirmDiagnosis',
      'Signs the open version with the expert’s signature image; the case is completed',
      true,
    ],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          body: diagnosisDraftSchema,
          response: { 200: envelopeSchema(diagnosisDtoSchema) },
        },
        config: { policy: { roles: EXPERTS } },
      },
      async (request) => {
        const actor = requireActor(request);
        request.auditNote = {
          targetType: 'patientReceive',
          targetId: request.body.iPatientReceiveId,
          detail: { listScreenshotId: request.body.listScreenshotId },
        };
        const answer = sign
          ? await confirmDiagnosis(deps, actor, request.body, request.lang)
          : await saveDraft(deps, actor, request.body);
        return ok(request.lang, answer);
      },
    );
  }

  app.post(
    '/diagnosis/backPatient',
    {
      schema: {
        tags: TAGS,
        summary: 'Regular return with a reason',
        body: backPatientSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: EXPERTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        targetId: request.body.iPatientReceiveId,
        detail: { strReason: request.body.strReason },
      };
      await backPatient(deps, actor, request.body);
      return ok(request.lang, {});
    },
  );

  app.post(
    '/diagnosis/backPatientReferral',
    {
      schema: {
        tags: TAGS,
        summary: 'Refers the case to another expert the case’s doctor could have chosen',
        body: backReferralSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: EXPERTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        targetId: request.body.iPatientReceiveId,
        detail: { strReason: request.body.strReason, iUserId: request.body.iUserId },
      };
      await backReferral(deps, actor, request.body);
      return ok(request.lang, {});
    },
  );

  app.post(
    '/diagnosis/backPatientMedicalorder',
    {
      schema: {
        tags: TAGS,
        summary: 'Returns the case for additional orders from the case hospital’s dictionary',
        body: backMedicalOrderSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: EXPERTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'patientReceive',
        targetId: request.body.iPatientReceiveId,
        detail: { listMedicalorderId: request.body.listMedicalorderId },
      };
      await backMedicalOrder(deps, actor, request.body);
      return ok(request.lang, {});
    },
  );

  app.get(
    '/diagnosis/selectOrderItems',
    {
      schema: {
        tags: TAGS,
        summary: 'The order items an expert may ask for on a receive (the case hospital’s)',
        querystring: receiveIdSchema,
        response: { 200: envelopeSchema(z.array(medicalOrderOptionSchema)) },
      },
      config: { policy: { roles: EXPERTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await orderItemsFor(db, actor, request.query.iPatientReceiveId));
    },
  );

  app.get(
    '/diagnosis/selectReferralExperts',
    {
      schema: {
        tags: TAGS,
        summary: 'The experts a receive’s expert may refer the case to, with their working time',
        querystring: referralExpertQuerySchema,
        response: { 200: envelopeSchema(expertPickPageSchema) },
      },
      config: { policy: { roles: EXPERTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await referralExperts(db, actor, request.query));
    },
  );

  app.get(
    '/diagnosis/selectReturns',
    {
      schema: {
        tags: TAGS,
        summary: 'The returns of a case (the doctor’s return detail)',
        querystring: caseIdQuerySchema,
        response: { 200: envelopeSchema(returnListSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.query.iPatientId };
      return ok(request.lang, await returnsOfCase(db, actor, request.query.iPatientId));
    },
  );

  app.post(
    '/diagnosis/applyReportChange',
    {
      schema: {
        tags: TAGS,
        summary: 'The case’s doctor asks for a modification or the supplementary opinion',
        body: reportRequestAddSchema,
        response: { 200: envelopeSchema(z.object({ iRequestId: z.number().int() })) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'diagnosisReport',
        targetId: request.body.iReportId,
        detail: { iKind: request.body.ddKind.iNumber },
      };
      return ok(request.lang, await applyReportChange(deps, actor, request.body));
    },
  );

  app.post(
    '/diagnosis/answerReportChange',
    {
      schema: {
        tags: TAGS,
        summary: 'The report’s expert agrees to a request, or refuses it with a reason',
        body: reportRequestAnswerSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: EXPERTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'reportRequest',
        targetId: request.body.iRequestId,
        detail: { bAgree: request.body.bAgree },
      };
      await answerReportChange(deps, actor, request.body);
      return ok(request.lang, {});
    },
  );

  app.get(
    '/diagnosis/ProduceReport',
    {
      schema: {
        tags: TAGS,
        summary:
          'A signed report version as application/pdf, printed with its hospital’s report form, ' +
          'in the caller’s language, its times in strTimeZone (the browser’s; unknown or ' +
          'missing: the server’s REPORT_TIME_ZONE)',
        querystring: reportPdfQuerySchema,
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'diagnosisReport', targetId: request.query.iReportId };
      const report = await produceReport({ db, dataDir }, actor, {
        reportId: request.query.iReportId,
        lang: request.lang,
        timeZone: timeZoneOr(request.query.strTimeZone, timeZone),
        now: clock.now(),
      });
      request.auditNote.detail = { iPatientId: report.patientId };
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${encodeURIComponent(report.fileName)}"`)
        .send(report.pdf);
    },
  );

  app.post(
    '/patient/updatePatientReceivePrintState',
    {
      schema: {
        tags: TAGS,
        summary: 'Records that a signed report was printed',
        body: reportIdSchema,
        response: {
          200: envelopeSchema(
            z.object({ iReportId: z.number().int(), iPrintCount: z.number().int() }),
          ),
        },
      },
      config: { policy: { roles: ALL_ROLES } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'diagnosisReport', targetId: request.body.iReportId };
      return ok(request.lang, await recordPrint(deps, actor, request.body.iReportId));
    },
  );

  for (const [path, who, roles] of [
    ['/diagnosis/selectExpertReports', 'expert', EXPERTS],
    ['/diagnosis/selectDoctorReports', 'doctor', DOCTORS],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary:
            who === 'expert'
              ? 'Reports the expert signed (/ExpertsReorts), latest version each, newest first'
              : 'Reports on the doctor’s own cases (/DiagnosticReport), newest first',
          querystring: reportListQuerySchema,
          response: { 200: envelopeSchema(reportListPageSchema) },
        },
        config: { policy: { roles, audit: 'read' } },
      },
      async (request) => {
        const actor = requireActor(request);
        request.auditNote = { targetType: 'diagnosisReport', detail: { strList: who } };
        return ok(request.lang, await reportList(db, actor, who, request.query, request.lang));
      },
    );
  }
};
