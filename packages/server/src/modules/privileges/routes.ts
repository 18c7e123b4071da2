import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  adminRoleAddSchema,
  adminRoleDtoSchema,
  adminRoleIdSchema,
  adminRolePageSchema,
  adminRoleQuerySchema,
  adminRoleUpdateSchema,
  emptySchema,
  envelopeSchema,
  RoleType,
  userPrivilegeListSchema,
  userPrivilegeQuerySchema,
  userPrivilegeUpdateSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import * as service from './service';

/*
 * Role definitions are platform-wide objects, so only platform administrators define them;
 * administrators holding "permission manage" assign roles and privileges within their scope.
 */
const PLATFORM = [RoleType.PlatformAdmin] as const;

/** adminRole/* and userprivilege/*: administrator roles and privileges (spec §6, §7). */
export const privilegeRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/adminRole/select',
    {
      schema: {
        tags: ['roles and permissions'],
        summary: 'Administrator roles with their privileges and how many hold them',
        querystring: adminRoleQuerySchema,
        response: { 200: envelopeSchema(adminRolePageSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'permissionManage' } },
    },
    async (request) => ok(request.lang, await service.listRoles(db, request.query)),
  );

  app.post(
    '/adminRole/add',
    {
      schema: {
        tags: ['roles and permissions'],
        summary: 'Define an administrator role: a name, the role code it is for and its privileges',
        body: adminRoleAddSchema,
        response: { 200: envelopeSchema(adminRoleDtoSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'adminRole', detail: { ...request.body } };
      const dto = await service.addRole(db, actor, request.body, clock.now());
      request.auditNote.targetId = dto.iRoleId;
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/adminRole/update',
    {
      schema: {
        tags: ['roles and permissions'],
        summary: 'Rename a role or change its privileges (holders get them on their next call)',
        body: adminRoleUpdateSchema,
        response: { 200: envelopeSchema(adminRoleDtoSchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = {
        targetType: 'adminRole',
        targetId: request.body.iRoleId,
        detail: { ...request.body },
      };
      return ok(request.lang, await service.updateRole(db, request.body, clock.now()));
    },
  );

  app.post(
    '/adminRole/delete',
    {
      schema: {
        tags: ['roles and permissions'],
        summary: 'Delete a role no administrator holds (a role in use cannot be deleted)',
        body: adminRoleIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: PLATFORM } },
    },
    async (request) => {
      request.auditNote = { targetType: 'adminRole', targetId: request.body.iRoleId };
      await service.deleteRole(db, request.body.iRoleId);
      return ok(request.lang, {});
    },
  );

  app.get(
    '/userprivilege/getUserPrivilegeList',
    {
      schema: {
        tags: ['roles and permissions'],
        summary:
          "An administrator's role and privileges (iPrivilegeType 1 own hospital, 2 all); own without iUserId",
        querystring: userPrivilegeQuerySchema,
        response: { 200: envelopeSchema(userPrivilegeListSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await service.userPrivilegeList(db, actor, request.query.iUserId));
    },
  );

  app.post(
    '/userprivilege/update',
    {
      schema: {
        tags: ['roles and permissions'],
        summary:
          "Set a hospital administrator's role and direct privileges (only what the caller holds)",
        body: userPrivilegeUpdateSchema,
        response: { 200: envelopeSchema(userPrivilegeListSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'permissionManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'user',
        targetId: request.body.iUserId,
        detail: { iRoleId: request.body.iRoleId, listPrivilege: request.body.listPrivilege },
      };
      return ok(
        request.lang,
        await service.updateUserPrivileges(db, actor, request.body, clock.now()),
      );
    },
  );
};
