import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseImportFormSchema,
  caseImportReportSchema,
  CaseImportLimits,
  envelopeSchema,
  translate,
  type FieldError,
} from '@pathconsult/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { getConfig } from '../config/service';
import { DOCTORS } from '../patients/policies';
import { findRule } from '../serial-number/repo';
import { importCases } from './service';
import { buildTemplate } from './template';

/** Fastify's multipart error when a file passes the fileSize limit. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * Batch cases (spec §7 patient/importPatient, /batchnew). Multipart is registered here only, so no
 * other route accepts uploads. patient/hkImportPatient is not built: see docs/decisions.md.
 */
export const caseImportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  await app.register(multipart, {
    limits: { fileSize: CaseImportLimits.maxBytes, files: 1, fields: 4, parts: 5 },
  });

  app.get(
    '/patient/importTemplate',
    {
      schema: {
        tags: ['cases'],
        summary:
          'The XLSX template of batch cases: the deployment variant’s columns in the caller’s ' +
          'language (required ones marked *) and a sheet explaining the codes',
        querystring: z.object({ lang: z.string().optional() }),
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const variant = (await getConfig(db)).caseVariant;
      const numberGiven =
        actor.hospitalId != null && (await findRule(db, actor.hospitalId)) !== undefined;
      const body = await buildTemplate(
        variant,
        request.lang,
        numberGiven,
        CaseImportLimits.maxRows,
      );
      const name = request.lang === 'zh' ? '批量病例导入模板.xlsx' : 'case-import-template.xlsx';
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'Content-Disposition',
          `attachment; filename="case-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(body);
    },
  );

  app.post(
    '/patient/importPatient',
    {
      schema: {
        tags: ['cases'],
        summary:
          'Import cases from an XLSX or UTF-8 CSV (multipart: file, bCommit, strMode). Every row ' +
          'is checked by the rules of addPatient; bCommit=false only reports. On commit, ' +
          'allOrNothing creates all rows in one transaction or none, validOnly creates the valid ones',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(caseImportReportSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) {
        throw new AppError('VALIDATION_FAILED', {}, [
          { strField: 'file', strMessage: translate('validation.required', request.lang) },
        ]);
      }
      let file: Buffer | null = null;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            file = await part.toBuffer();
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === FILE_TOO_LARGE) {
          throw new AppError('IMPORT_FILE_TOO_LARGE', {
            maxMb: CaseImportLimits.maxBytes / 1024 / 1024,
          });
        }
        throw error;
      }
      const form = caseImportFormSchema.safeParse(fields);
      const errors: FieldError[] = form.success
        ? []
        : form.error.issues.map((i) => ({
            strField: String(i.path[0] ?? ''),
            strMessage: translate('validation.invalid', request.lang),
          }));
      if (!file || file.length === 0) {
        errors.push({
          strField: 'file',
          strMessage: translate('validation.required', request.lang),
        });
      }
      if (!form.success || !file || errors.length > 0) {
        throw new AppError('VALIDATION_FAILED', {}, errors);
      }
      request.auditNote = { targetType: 'patient' };
      const report = await importCases(
        { db, clock },
        actor,
        { file, commit: form.data.bCommit, mode: form.data.strMode },
        request.lang,
      );
      // Counts only: the rows are patient data.
      request.auditNote.detail = {
        bCommit: form.data.bCommit,
        strMode: form.data.strMode,
        iTotal: report.iTotal,
        iValid: report.iValid,
        iCreated: report.iCreated,
        iSlidesJoined: report.iSlidesJoined,
      };
      return ok(request.lang, report);
    },
  );
};
