import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  envelopeSchema,
  RoleType,
  SCREENSHOT_MAX_BYTES,
  screenshotAddSchema,
  screenshotCaseSchema,
  screenshotDeletedSchema,
  screenshotDtoSchema,
  screenshotFileSchema,
  screenshotIdSchema,
  screenshotListSchema,
  screenshotSlideListSchema,
  screenshotSlidesSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

/** The two sides of a case take screenshots; administrators with report view only look. */
const PARTICIPANTS = [RoleType.Doctor, RoleType.Expert] as const;
const BASE = '/webViewer/consulation';
/** The JSON body of a screenshot: its base64 (4/3 of the bytes) and the other fields. */
const SCREENSHOT_BODY_LIMIT = Math.ceil((SCREENSHOT_MAX_BYTES * 4) / 3) + 64 * 1024;

/** webViewer/consulation/* (spec §7): screenshots of the viewer kept for a case's report. */
export const screenshotRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  dataDir: string;
}> = async (app, { db, clock, dataDir }) => {
  const deps = { db, clock, dataDir };

  app.post(
    `${BASE}/setPathologyImg`,
    {
      bodyLimit: SCREENSHOT_BODY_LIMIT,
      schema: {
        tags: ['viewer'],
        summary:
          'Saves a screenshot of the view (PNG or JPEG ≤ 5 MB, checked by content) to the slide’s ' +
          'case; at most 4 per author and case (SCREENSHOT_LIMIT)',
        body: screenshotAddSchema,
        response: { 200: envelopeSchema(screenshotDtoSchema) },
      },
      config: { policy: { roles: PARTICIPANTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'slideDocument',
        targetId: request.body.iSlideDocumentId,
        detail: { iLength: request.body.strImage.length },
      };
      const dto = await service.add(deps, actor, request.body);
      request.auditNote.detail = {
        iScreenshotId: dto.iScreenshotId,
        iPatientId: dto.iPatientId,
        iBytes: dto.iBytes,
      };
      return ok(request.lang, dto);
    },
  );

  app.post(
    `${BASE}/getCutImgBySlides`,
    {
      schema: {
        tags: ['viewer'],
        summary: 'Screenshots taken from the given slides (each one the caller may view)',
        body: screenshotSlidesSchema,
        response: { 200: envelopeSchema(screenshotSlideListSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'slideDocument',
        detail: { listSlideDocumentId: request.body.listSlideDocumentId },
      };
      return ok(
        request.lang,
        await service.listOfSlides(db, actor, request.body.listSlideDocumentId),
      );
    },
  );

  app.post(
    `${BASE}/getPathologyImgBySlides`,
    {
      schema: {
        tags: ['viewer'],
        summary:
          'A case’s screenshots for the report (all authors), the per-author limit and the ' +
          'caller’s count',
        body: screenshotCaseSchema,
        response: { 200: envelopeSchema(screenshotListSchema) },
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'patient', targetId: request.body.iPatientId };
      return ok(request.lang, await service.listOfCase(db, actor, request.body.iPatientId));
    },
  );

  app.post(
    `${BASE}/deletePathologyImg`,
    {
      schema: {
        tags: ['viewer'],
        summary: 'Deletes one’s own screenshot; others get SCREENSHOT_NOT_OWNED',
        body: screenshotIdSchema,
        response: { 200: envelopeSchema(screenshotDeletedSchema) },
      },
      config: { policy: { roles: PARTICIPANTS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'screenshot', targetId: request.body.iScreenshotId };
      const gone = await service.remove(deps, actor, request.body.iScreenshotId);
      request.auditNote.detail = { iPatientId: gone.iPatientId };
      return ok(request.lang, gone);
    },
  );

  app.get(
    `${BASE}/getPathologyImgFile`,
    {
      schema: {
        tags: ['viewer'],
        summary:
          'The screenshot’s image bytes (PNG or JPEG) for a reader of its case; the browser fetches ' +
          'it with the token header and shows it as a blob. With iWidth, a JPEG scaled down to ' +
          'at least that width (256, 512 or 1024) for a list',
        querystring: screenshotFileSchema,
      },
      config: { policy: { roles: ALL_ROLES, audit: 'read' } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'screenshot', targetId: request.query.iScreenshotId };
      const { iScreenshotId, iWidth } = request.query;
      const image = await service.imageOf(deps, actor, iScreenshotId, iWidth);
      request.auditNote.detail = { iPatientId: image.patientId };
      return reply
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .type(image.mimeType)
        .send(image.bytes);
    },
  );
};
