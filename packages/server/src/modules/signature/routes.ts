import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, signatureUpdateSchema, userDtoSchema } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { updateOwnSignature } from './service';

/** userManage/updateSignature: one's own signature image (spec §5 "Signature image", §7). */
export const signatureRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/userManage/updateSignature',
    {
      schema: {
        tags: ['users'],
        summary: 'Set or remove one’s own signature: a 265×150 PNG of at most 100 KB',
        description:
          'Only the caller’s own account (another id answers 404). `strSignatureUrl` is a PNG ' +
          'data URL or bare base64; an empty string removes the signature. A picture of another ' +
          'type or size is SIGNATURE_FORMAT, a larger one SIGNATURE_TOO_LARGE. The answer is ' +
          'the user as getUserInfo answers it.',
        body: signatureUpdateSchema,
        response: { 200: envelopeSchema(userDtoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      // The image itself never goes into the audit trail: only whether one was set, and its size.
      request.auditNote = {
        targetType: 'user',
        targetId: request.body.iUserId,
        detail: { bRemoved: request.body.strSignatureUrl === '' },
      };
      const { user, bytes } = await updateOwnSignature({ db, clock }, actor, request.body);
      request.auditNote.detail = { ...request.auditNote.detail, iBytes: bytes };
      return ok(request.lang, user);
    },
  );
};
