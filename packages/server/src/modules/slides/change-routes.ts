import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseSlideMatchInputSchema,
  emptySchema,
  envelopeSchema,
  slideDeleteInputSchema,
  slideDocumentDtoSchema,
  slideMatchInputSchema,
  slideMatchResultSchema,
  slideUpdateInputSchema,
} from '@pathconsult/shared';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { DOCTORS } from '../patients/policies';
import { deleteSlides } from './delete-service';
import { matchSlides, matchSlidesOfCase } from './match-service';
import { SLIDE_MANAGERS } from './policies';
import type { SlideRoutesOptions } from './options';
import { updateSlide } from './update-service';

/** The changes of slide management: rename or renumber, delete, match to cases. */
export const slideChangeRoutes: FastifyPluginAsyncZod<SlideRoutesOptions> = async (
  app,
  { db, clock, dataDir, onDeleted },
) => {
  app.post(
    '/slideDocument/updateSlideDocument',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Rename a slide (unique per hospital and number: SLIDE_NAME_EXISTS) or correct the ' +
          'pathology number of an unmatched one; its uploader or a clear-slide administrator',
        body: slideUpdateInputSchema,
        response: { 200: envelopeSchema(slideDocumentDtoSchema) },
      },
      config: { policy: { roles: SLIDE_MANAGERS, privilege: 'clearSlide' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iSlideDocumentId, strFileName, strDiagnosistNum } = request.body;
      request.auditNote = {
        targetType: 'slideDocument',
        targetId: iSlideDocumentId,
        detail: { strFileName, strDiagnosistNum },
      };
      return ok(request.lang, await updateSlide({ db, clock }, actor, request.body, request.lang));
    },
  );

  app.post(
    '/slideDocument/deleteSlideDocument',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Remove up to 100 slides, all or none: files deleted, storage given back. A selection ' +
          'with matched slides is refused (SLIDE_OPTION_MATCHED) except one slide of an ' +
          'editable case deleted by its owner; a submitted case keeps its slides ' +
          '(SLIDE_CASE_LOCKED)',
        body: slideDeleteInputSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: SLIDE_MANAGERS, privilege: 'clearSlide' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const ids = request.body.listSlideDocument.map((d) => d.iSlideDocumentId);
      request.auditNote = { targetType: 'slideDocument', detail: { listSlideDocumentId: ids } };
      const { deleted, leftOnDisk } = await deleteSlides(
        { db, clock, dataDir },
        actor,
        request.body,
      );
      // Which slides, by their case number and hospital: ids alone told an administrator nothing.
      // Not the file name: free text the uploader typed, often with a patient's name in it (the
      // trail keeps kinds, numbers and ids); the removed slides list gives it by id.
      request.auditNote.detail = {
        listSlideDocumentId: ids,
        listPatientId: [
          ...new Set(deleted.flatMap((d) => (d.patientId === null ? [] : [d.patientId]))),
        ],
        listSlide: deleted.map((d) => ({
          iSlideDocumentId: d.id,
          strDiagnosistNum: d.diagnosisNum,
          iHospitalId: d.hospitalId,
        })),
      };
      // A viewer's token of a deleted slide must not go on reading it from the open slide.
      await onDeleted?.(deleted.map((d) => d.id));
      for (const { id, error } of leftOnDisk) {
        request.log.warn({ err: error, slideDocumentId: id }, 'removed slide left files on disk');
      }
      return ok(request.lang, {});
    },
  );

  app.post(
    '/slideDocument/matchPatient',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Match the selected unmatched slides to the cases of their pathology numbers ' +
          '(SLIDE_MATCH_FAILED when none matches)',
        body: slideMatchInputSchema,
        response: { 200: envelopeSchema(slideMatchResultSchema) },
      },
      config: { policy: { roles: SLIDE_MANAGERS, privilege: 'clearSlide' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const ids = request.body.listSlideDocument.map((d) => d.iSlideDocumentId);
      request.auditNote = { targetType: 'slideDocument', detail: { listSlideDocumentId: ids } };
      const result = await matchSlides(db, actor, request.body);
      request.auditNote.detail = { ...request.auditNote.detail, ...result };
      return ok(request.lang, result);
    },
  );

  app.post(
    '/patient/matchSlideDocument',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Attach the hospital’s unmatched slides of the case’s pathology number to the case ' +
          '(its owner, while the case is editable)',
        body: caseSlideMatchInputSchema,
        response: { 200: envelopeSchema(slideMatchResultSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
      const result = await matchSlidesOfCase(db, actor, request.body.iPatientId);
      request.auditNote.detail = { iMatched: result.iMatched };
      return ok(request.lang, result);
    },
  );
};
