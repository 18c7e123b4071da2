import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  ALL_ROLES,
  caseByNumberQuerySchema,
  caseByNumberSchema,
  documentStatusListSchema,
  documentStatusQuerySchema,
  envelopeSchema,
  slideDocumentListSchema,
  slideListQuerySchema,
  slidePageSchema,
  slideStatisticsQuerySchema,
  slideStatisticsReportQuerySchema,
  slideStatisticsReportSchema,
  slideStatisticsSchema,
  slidesByPatientQuerySchema,
} from '@pathconsult/shared';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { DOCTORS } from '../patients/policies';
import { ownCaseByNumber } from './case-by-number';
import { slideChangeRoutes } from './change-routes';
import { filtersUsed } from './list-repo';
import type { SlideRoutesOptions } from './options';
import { SLIDE_MANAGERS } from './policies';
import { documentStatuses, slidePage, slidesOfCase } from './read-service';
import { slideStatistics } from './statistics';
import { slideStatisticsReport } from './statistics-report';

/**
 * Slide management (spec §4 "Slides", §7 "Slides"): a case's slides, the management lists, upload
 * states, statistics; the changes are in change-routes.ts. Uploading itself is slide-upload's.
 */
export const slideRoutes: FastifyPluginAsyncZod<SlideRoutesOptions> = async (app, options) => {
  const { db, clock } = options;

  app.get(
    '/slideDocument/selectSlideDocumentByPatient',
    {
      schema: {
        tags: ['slides'],
        summary:
          'A case’s slides (not removed), newest first, for whoever may read the case ' +
          '(its owner, report-view administrators, the experts it was sent to)',
        querystring: slidesByPatientQuerySchema,
        response: { 200: envelopeSchema(slideDocumentListSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iPatientId } = request.query;
      request.auditNote = {
        targetType: 'patient',
        targetId: iPatientId,
        detail: { strList: 'slides' },
      };
      return ok(request.lang, await slidesOfCase({ db, clock }, actor, iPatientId, request.lang));
    },
  );

  app.get(
    '/slideDocument/getCaseByNumber',
    {
      schema: {
        tags: ['slides'],
        summary:
          'The caller’s own case of a pathology number (compared without case), or null: ' +
          'upload by number sends slides of an existing case to the case itself',
        querystring: caseByNumberQuerySchema,
        response: { 200: envelopeSchema(caseByNumberSchema) },
      },
      // The answer names the patient: a read of patient data.
      config: { policy: { roles: DOCTORS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const result = await ownCaseByNumber(db, actor, request.query.strDiagnosistNum);
      request.auditNote = {
        targetType: 'patient',
        ...(result.patient ? { targetId: result.patient.iPatientId } : {}),
        detail: { strDiagnosistNum: request.query.strDiagnosistNum, strList: 'caseByNumber' },
      };
      return ok(request.lang, result);
    },
  );

  app.get(
    '/slideDocument/selectSlideDocumentByType',
    {
      schema: {
        tags: ['slides'],
        summary:
          'One page of slide management: stored (iType 0) or removed (1) slides, newest upload ' +
          'first. Doctors: their uploads, their cases’ slides and their hospital’s unmatched ' +
          'slides; administrators with clear slide: the hospitals of that privilege’s scope',
        querystring: slideListQuerySchema,
        response: { 200: envelopeSchema(slidePageSchema) },
      },
      // Matched slides carry their case's patient name: a read of patient data.
      config: { policy: { roles: SLIDE_MANAGERS, privilege: 'clearSlide', audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const q = request.query;
      request.auditNote = {
        targetType: 'slideList',
        detail: { iType: q.iType, iCurPage: q.iCurPage, filters: filtersUsed(q) },
      };
      return ok(request.lang, await slidePage({ db, clock }, actor, q, request.lang));
    },
  );

  app.get(
    '/slideDocument/getDocumentStatus',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Upload state and bytes received of the caller’s own uploads (ids comma-separated or ' +
          'repeated, at most 100); other ids are left out',
        querystring: documentStatusQuerySchema,
        response: { 200: envelopeSchema(documentStatusListSchema) },
      },
      // Audited as a read: the answer names the slides (free text, often a patient's) and their
      // pathology numbers. The panel polls it every 2 s only while a slide is being read (at
      // most the 2-minute read limit), so each call is recorded like any other read.
      config: { policy: { roles: 'authenticated', audit: 'read' } },
    },
    async (request) => {
      const ids = request.query.listSlideDocumentId;
      request.auditNote = { targetType: 'slideDocument', detail: { listSlideDocumentId: ids } };
      return ok(request.lang, await documentStatuses(db, requireActor(request), ids, request.lang));
    },
  );

  app.get(
    '/slideDocument/statisticsSlide',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Counts of the slides the caller’s slide list shows, and the storage of the caller’s ' +
          'hospital; administrators: their scope, or one hospital of it (iHospitalId)',
        querystring: slideStatisticsQuerySchema,
        response: { 200: envelopeSchema(slideStatisticsSchema) },
      },
      config: { policy: { roles: SLIDE_MANAGERS, privilege: 'clearSlide' } },
    },
    async (request) =>
      ok(
        request.lang,
        await slideStatistics(db, requireActor(request), request.query, clock.now()),
      ),
  );

  app.get(
    '/slideDocument/statisticsSlideReport',
    {
      schema: {
        tags: ['slides'],
        summary:
          'The slide statistics screen: live slides by hospital and by type, uploads by day ' +
          '(China) over a period; administrators holding "data statistics", in its scope',
        querystring: slideStatisticsReportQuerySchema,
        response: { 200: envelopeSchema(slideStatisticsReportSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'statistics' } },
    },
    async (request) =>
      ok(
        request.lang,
        await slideStatisticsReport(db, requireActor(request), request.query, clock.now()),
      ),
  );

  await app.register(slideChangeRoutes, options);
};
