import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUpgradeNoticeSchema,
  emptySchema,
  envelopeSchema,
  RoleType,
  upgradeNoticeAddSchema,
  upgradeNoticeDtoSchema,
  upgradeNoticeIdSchema,
  upgradeNoticePageSchema,
  upgradeNoticeQuerySchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

const PLATFORM = [RoleType.PlatformAdmin] as const;

/**
 * Upgrade notices (spec §3, §7 `userManage/platformSendMessage`): platform administrators
 * announce maintenance windows; every visitor, the login page included, reads the current ones.
 */
export const upgradeNoticeRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/userManage/platformSendMessage',
    {
      schema: {
        tags: ['upgrade notices'],
        summary: 'Publish an upgrade notice: platform name and a time range ending in the future',
        body: upgradeNoticeAddSchema,
        response: { 200: envelopeSchema(upgradeNoticeDtoSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { strPlatformName, strStartTime, strEndTime } = request.body;
      request.auditNote = {
        targetType: 'upgradeNotice',
        detail: { strPlatformName, strStartTime, strEndTime },
      };
      const dto = await service.publishNotice(db, request.body, actor, clock.now(), request.lang);
      request.auditNote.targetId = dto.iNoticeId;
      return ok(request.lang, dto);
    },
  );

  app.get(
    '/upgradeNotice/select',
    {
      schema: {
        tags: ['upgrade notices'],
        summary: 'Published upgrade notices, newest first',
        querystring: upgradeNoticeQuerySchema,
        response: { 200: envelopeSchema(upgradeNoticePageSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => ok(request.lang, await service.listNotices(db, request.query)),
  );

  app.post(
    '/upgradeNotice/delete',
    {
      schema: {
        tags: ['upgrade notices'],
        summary: 'Withdraw an upgrade notice',
        body: upgradeNoticeIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = { targetType: 'upgradeNotice', targetId: request.body.iNoticeId };
      await service.deleteNotice(db, request.body.iNoticeId);
      return ok(request.lang, {});
    },
  );

  app.get(
    '/upgradeNotice/current',
    {
      schema: {
        tags: ['upgrade notices'],
        summary:
          'Upgrade notices not over yet (upcoming and ongoing), soonest first; readable before ' +
          'login so that the login page can announce maintenance',
        response: { 200: envelopeSchema(z.array(currentUpgradeNoticeSchema)) },
      },
      config: { policy: { roles: 'public' } },
    },
    async (request) => ok(request.lang, await service.currentNotices(db, clock.now())),
  );
};
