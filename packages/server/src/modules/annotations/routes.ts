import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  annotationAddSchema,
  annotationDeletedSchema,
  annotationDtoSchema,
  annotationIdSchema,
  annotationListSchema,
  annotationSlideQuerySchema,
  annotationUpdateSchema,
  envelopeSchema,
  RoleType,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

/** Doctors and experts draw; administrators read as observers (service.ts). */
const DRAWERS = [RoleType.Doctor, RoleType.Expert] as const;

/** viewer/*Annotation (issue 6): annotations and measurements on a slide. */
export const annotationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const deps = { db, clock };

  app.get(
    '/viewer/selectAnnotation',
    {
      schema: {
        tags: ['viewer'],
        summary:
          'Every annotation of a slide (all authors, oldest first), for whoever may view the slide',
        querystring: annotationSlideQuerySchema,
        response: { 200: envelopeSchema(annotationListSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iSlideDocumentId } = request.query;
      request.auditNote = { targetType: 'slideDocument', targetId: iSlideDocumentId };
      return ok(request.lang, await service.listOfSlide(db, actor, iSlideDocumentId));
    },
  );

  app.post(
    '/viewer/addAnnotation',
    {
      schema: {
        tags: ['viewer'],
        summary: 'A shape, measurement or note on a slide the caller may view (level-0 pixels)',
        body: annotationAddSchema,
        response: { 200: envelopeSchema(annotationDtoSchema) },
      },
      config: { policy: { roles: DRAWERS } },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      // The text of a note may be patient data: the audit keeps its length only.
      request.auditNote = {
        targetType: 'slideDocument',
        targetId: body.iSlideDocumentId,
        detail: { strKind: body.strKind, iPoints: body.listPoint.length },
      };
      const dto = await service.add(deps, actor, body);
      request.auditNote.detail = { ...request.auditNote.detail, iAnnotationId: dto.iAnnotationId };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/viewer/updateAnnotation',
    {
      schema: {
        tags: ['viewer'],
        summary:
          'Changes one’s own annotation (shape, colour, label); others get ANNOTATION_NOT_OWNED',
        body: annotationUpdateSchema,
        response: { 200: envelopeSchema(annotationDtoSchema) },
      },
      config: { policy: { roles: DRAWERS } },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      request.auditNote = {
        targetType: 'annotation',
        targetId: body.iAnnotationId,
        detail: { strKind: body.strKind, iPoints: body.listPoint.length },
      };
      const dto = await service.update(deps, actor, body);
      request.auditNote.detail = {
        ...request.auditNote.detail,
        iSlideDocumentId: dto.iSlideDocumentId,
      };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/viewer/deleteAnnotation',
    {
      schema: {
        tags: ['viewer'],
        summary: 'Deletes one’s own annotation; others get ANNOTATION_NOT_OWNED',
        body: annotationIdSchema,
        response: { 200: envelopeSchema(annotationDeletedSchema) },
      },
      config: { policy: { roles: DRAWERS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'annotation', targetId: request.body.iAnnotationId };
      const gone = await service.remove(deps, actor, request.body.iAnnotationId);
      request.auditNote.detail = { iSlideDocumentId: gone.iSlideDocumentId };
      return ok(request.lang, gone);
    },
  );

  app.post(
    '/viewer/restoreAnnotation',
    {
      schema: {
        tags: ['viewer'],
        summary:
          'Undoes one’s own deletion (within a day): the same annotation back in its place; 404 for anyone else',
        body: annotationIdSchema,
        response: { 200: envelopeSchema(annotationDtoSchema) },
      },
      config: { policy: { roles: DRAWERS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'annotation', targetId: request.body.iAnnotationId };
      const dto = await service.restore(deps, actor, request.body.iAnnotationId);
      request.auditNote.detail = { iSlideDocumentId: dto.iSlideDocumentId };
      return ok(request.lang, dto);
    },
  );
};
