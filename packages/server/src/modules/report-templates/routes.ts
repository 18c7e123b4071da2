import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  envelopeSchema,
  hospitalOptionSchema,
  reportTemplateDeleteSchema,
  reportTemplateDtoSchema,
  reportTemplatePreviewSchema,
  reportTemplateQuerySchema,
  reportTemplateSaveSchema,
  type ReportTemplateSaveInput,
} from '@pathconsult/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { timeZoneOr } from '../../lib/time-zone';
import { requireActor } from '../auth/require-actor';
import { reportFontFiles } from '../reports/report-fonts';
import { scopeOf } from '../tenancy/scope';
import * as service from './service';

/** The report form is designed on /ReportOnline, whose menu privilege is "report view". */
const KEEPERS = { roles: ADMIN_ROLES, privilege: 'reportView' } as const;
const TAGS = ['report templates'];

/**
 * The form's own scope, not report view's "all hospitals": viewing other hospitals' reports does
 * not make their forms one's to change. Platform administrators keep every hospital's.
 */
const scopeFor = (request: FastifyRequest) => scopeOf(requireActor(request));

/** What the audit record keeps of a saved form: not the logo (up to 200 KB of base64). */
function auditDetail(body: ReportTemplateSaveInput) {
  return {
    strTitle: body.strTitle,
    strFooter: body.strFooter,
    bLogo: Boolean(body.strLogo),
    listSection: body.listSection,
  };
}

/**
 * reportFile/*: the report form of a hospital (spec §2 /ReportOnline, §7 reportFile): read, save,
 * back to the default, the hospitals one keeps, and a sample report printed with a form.
 */
export const reportTemplateRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  /** Zone of the sample's times when the request names none it may use (REPORT_TIME_ZONE). */
  timeZone: string;
}> = async (app, { db, clock, timeZone }) => {
  // A missing font would break every printed report: refuse to start, saying what to install.
  reportFontFiles();

  app.get(
    '/reportFile/getReportTemplate',
    {
      schema: {
        tags: TAGS,
        summary:
          'The report form of a hospital (default: the caller’s own): title, logo, footer and ' +
          'the sections in order with their fields; the default form when none was saved',
        querystring: reportTemplateQuerySchema,
        response: { 200: envelopeSchema(reportTemplateDtoSchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) =>
      ok(
        request.lang,
        await service.getTemplate(
          db,
          scopeFor(request),
          requireActor(request),
          request.query.iHospitalId,
          request.lang,
        ),
      ),
  );

  for (const call of ['add', 'update'] as const) {
    app.post(
      `/reportFile/${call}`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Save the report form of a hospital whole (add and update both create it or ' +
            'replace it): title ≤ 64, footer ≤ 200, PNG/JPEG logo ≤ 200 KB, every section once',
          body: reportTemplateSaveSchema,
          response: { 200: envelopeSchema(reportTemplateDtoSchema) },
        },
        config: { policy: KEEPERS },
      },
      async (request) => {
        const actor = requireActor(request);
        request.auditNote = {
          targetType: 'reportTemplate',
          targetId: request.body.iHospitalId ?? actor.hospitalId ?? undefined,
          detail: auditDetail(request.body),
        };
        return ok(
          request.lang,
          await service.saveTemplate(
            db,
            scopeFor(request),
            actor,
            request.body,
            clock.now(),
            request.lang,
          ),
        );
      },
    );
  }

  app.post(
    '/reportFile/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Drop the hospital’s report form: its reports print with the default one again',
        body: reportTemplateDeleteSchema,
        response: { 200: envelopeSchema(reportTemplateDtoSchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'reportTemplate',
        targetId: request.body.iHospitalId ?? actor.hospitalId ?? undefined,
      };
      return ok(
        request.lang,
        await service.deleteTemplate(
          db,
          scopeFor(request),
          actor,
          request.body.iHospitalId,
          request.lang,
        ),
      );
    },
  );

  app.post(
    '/reportFile/preview',
    {
      schema: {
        tags: TAGS,
        summary:
          'A sample report (made-up case, marked SAMPLE) as application/pdf, printed with the ' +
          'hospital’s saved form or with the form sent in objTemplate (not saved)',
        body: reportTemplatePreviewSchema,
      },
      config: { policy: KEEPERS },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'reportTemplate',
        targetId: request.body.iHospitalId ?? actor.hospitalId ?? undefined,
        detail: { bUnsaved: Boolean(request.body.objTemplate) },
      };
      const pdf = await service.previewTemplate(db, scopeFor(request), actor, request.body, {
        now: clock.now(),
        lang: request.lang,
        timeZone: timeZoneOr(request.body.strTimeZone, timeZone),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="report-preview.pdf"')
        .send(pdf);
    },
  );

  app.get(
    '/reportFile/selectHospital',
    {
      schema: {
        tags: TAGS,
        summary: 'The hospitals whose report form the caller keeps (the screen’s picker)',
        response: { 200: envelopeSchema(z.array(hospitalOptionSchema)) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => ok(request.lang, await service.templateHospitals(db, scopeFor(request))),
  );
};
