import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  emptySchema,
  envelopeSchema,
  RoleType,
  workingSlotSchema,
  workingTimeAddSchema,
  workingTimeIdSchema,
  workingTimeInfoSchema,
  workingTimePageSchema,
  workingTimeQuerySchema,
  workingTimeUpdateSchema,
  workingTimeUserSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

/** Administrators (with `userManage`, over the expert's hospital) and the expert themself. */
const MANAGERS = [...ADMIN_ROLES, RoleType.Expert];
const TAGS = ['working time'];

/** workingTime/*: experts' weekly working half-days (spec §3 "Expert schedule", §7). */
export const workingTimeRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const deps: service.WorkingTimeDeps = { db, clock };

  app.get(
    '/workingTime/select',
    {
      schema: {
        tags: TAGS,
        summary: 'Experts of the caller’s user-management scope with their weeks, by real name',
        querystring: workingTimeQuerySchema,
        response: { 200: envelopeSchema(workingTimePageSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.selectWorkingTimes(db, actor, request.query));
    },
  );

  app.get(
    '/workingTime/getWorkingTimeInfo',
    {
      schema: {
        tags: TAGS,
        summary: 'One expert’s week: an expert of the caller’s scope or hospital group',
        description: 'Other accounts, and accounts that are no experts, answer 404.',
        querystring: workingTimeUserSchema,
        response: { 200: envelopeSchema(workingTimeInfoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.getWorkingTimeInfo(db, actor, request.query.iUserId));
    },
  );

  app.post(
    '/workingTime/add',
    {
      schema: {
        tags: TAGS,
        summary: 'Add one half-day to an expert’s week',
        description:
          'A half-day the expert already has is answered again (idempotent); a `strNote` sent ' +
          'replaces its note.',
        body: workingTimeAddSchema,
        response: { 200: envelopeSchema(workingSlotSchema) },
      },
      config: { policy: { roles: MANAGERS, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iUserId, iWeekday, iPeriod } = request.body;
      request.auditNote = { targetType: 'user', targetId: iUserId, detail: { iWeekday, iPeriod } };
      return ok(request.lang, await service.addWorkingTime(deps, actor, request.body));
    },
  );

  app.post(
    '/workingTime/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove one half-day from an expert’s week',
        body: workingTimeIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: MANAGERS, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'workingTime',
        targetId: request.body.iWorkingTimeId,
      };
      const removed = await service.deleteWorkingTime(deps, actor, request.body.iWorkingTimeId);
      request.auditNote.detail = {
        iUserId: removed.iUserId,
        iWeekday: removed.slot.iWeekday,
        iPeriod: removed.slot.iPeriod,
      };
      return ok(request.lang, {});
    },
  );

  app.post(
    '/workingTime/update',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace an expert’s whole week',
        body: workingTimeUpdateSchema,
        response: { 200: envelopeSchema(workingTimeInfoSchema) },
      },
      config: { policy: { roles: MANAGERS, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iUserId, listSlot } = request.body;
      request.auditNote = {
        targetType: 'user',
        targetId: iUserId,
        detail: { listSlot: listSlot.map((s) => `${s.iWeekday}-${s.iPeriod}`) },
      };
      return ok(request.lang, await service.updateWorkingTimes(deps, actor, request.body));
    },
  );
};
