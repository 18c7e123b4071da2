import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  commonWordAddSchema,
  commonWordCategoriesSchema,
  commonWordDtoSchema,
  commonWordIdSchema,
  commonWordPageSchema,
  commonWordQuerySchema,
  commonWordUpdateSchema,
  commonWordUsableQuerySchema,
  emptySchema,
  envelopeSchema,
  RoleType,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

const TAGS = ['common words'];
/** Experts keep their own words; administrators with the privilege those of their hospitals. */
const KEEPERS = {
  roles: [...ADMIN_ROLES, RoleType.Expert],
  privilege: 'commonWordsManage',
} as const;
const EXPERTS = { roles: [RoleType.Expert] } as const;

/** commonWord/*: the experts' common words (spec §3 "Common words", §7). */
export const commonWordRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const deps: service.CommonWordDeps = { db, clock };

  app.get(
    '/commonWord/selectCommonWordByState',
    {
      schema: {
        tags: TAGS,
        summary: 'The words the caller manages, latest change first, by scope and text',
        description:
          'Experts: their own words. Administrators with “common words manage”: the words of ' +
          'the experts of the hospitals they administer (every hospital for platform ' +
          'administrators).',
        querystring: commonWordQuerySchema,
        response: { 200: envelopeSchema(commonWordPageSchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.selectManaged(db, actor, request.query));
    },
  );

  app.get(
    '/commonWord/selectUsable',
    {
      schema: {
        tags: TAGS,
        summary: 'The words the calling expert may insert into a diagnosis',
        description:
          'Their own, the shared ones and the institution-shared ones of their hospital; by ' +
          'category, own words first.',
        querystring: commonWordUsableQuerySchema,
        response: { 200: envelopeSchema(commonWordPageSchema) },
      },
      config: { policy: EXPERTS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.selectUsable(db, actor, request.query));
    },
  );

  app.get(
    '/commonWord/selectUsableCategories',
    {
      schema: {
        tags: TAGS,
        summary: 'The categories of the words the calling expert may insert',
        response: { 200: envelopeSchema(commonWordCategoriesSchema) },
      },
      config: { policy: EXPERTS },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.usableCategories(db, actor));
    },
  );

  app.post(
    '/commonWord/add',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a word of the calling expert (private unless ddScope says otherwise)',
        body: commonWordAddSchema,
        response: { 200: envelopeSchema(commonWordDtoSchema) },
      },
      config: { policy: EXPERTS },
    },
    async (request) => {
      const actor = requireActor(request);
      const { strCategory, ddScope } = request.body;
      request.auditNote = {
        targetType: 'commonWord',
        detail: { strCategory, iScope: ddScope?.iNumber ?? 0 },
      };
      const dto = await service.addWord(deps, actor, request.body);
      request.auditNote.targetId = dto.iCommonWordId;
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/commonWord/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a word: category, content and, when sent, scope',
        description:
          'Only the owner, or an administrator whose scope holds the owner’s hospital. ' +
          'Another expert’s word is refused with COMMON_WORD_NOT_OWNED.',
        body: commonWordUpdateSchema,
        response: { 200: envelopeSchema(commonWordDtoSchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iCommonWordId, strCategory, ddScope } = request.body;
      request.auditNote = {
        targetType: 'commonWord',
        targetId: iCommonWordId,
        detail: { strCategory, iScope: ddScope?.iNumber },
      };
      const dto = await service.updateWord(deps, actor, request.body);
      request.auditNote.detail = { ...request.auditNote.detail, iOwnerId: dto.owner.iUserId };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/commonWord/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a word',
        description:
          'Only the owner, or an administrator whose scope holds the owner’s hospital. ' +
          'Another expert’s word is refused with COMMON_WORD_NOT_OWNED.',
        body: commonWordIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: KEEPERS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'commonWord', targetId: request.body.iCommonWordId };
      const removed = await service.deleteWord(deps, actor, request.body.iCommonWordId);
      request.auditNote.detail = {
        iOwnerId: removed.ownerId,
        strCategory: removed.category,
        iScope: removed.scope,
      };
      return ok(request.lang, {});
    },
  );
};
