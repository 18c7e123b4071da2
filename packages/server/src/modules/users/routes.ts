import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  emptySchema,
  envelopeSchema,
  getUserInfoQuerySchema,
  passwordChangeSchema,
  userDtoSchema,
  userIdSchema,
  userPageSchema,
  userQuerySchema,
  userStateUpdateSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { holds } from '../privileges/held';
import { scopeOf } from '../tenancy/scope';
import { changeOwnPassword } from './account-service';
import { toUserDto } from './dto';
import { findOwnUser, findUserInScope } from './repo';
import { addUserBodySchema, updateUserBodySchema } from './schemas';
import {
  addUser,
  deleteUser,
  selectUsers,
  updateUser,
  updateUserState,
  type UserServiceDeps,
} from './service';

/** What the audit record says about a user call: the account concerned, never a password. */
const userNote = (targetId?: number, detail?: Record<string, unknown>) => ({
  targetType: 'user',
  targetId,
  detail,
});

/** `clock` is the app's clock where the app passes it (tests move it by hand). */
export const userRoutes: FastifyPluginAsyncZod<{ db: Db; clock?: Clock }> = async (
  app,
  { db, clock = systemClock },
) => {
  const deps: UserServiceDeps = { db, clock };

  app.get(
    '/userManage/getUserInfo',
    {
      schema: {
        tags: ['users'],
        summary: 'A user’s details: the caller’s own, or a user of a hospital the caller may see',
        querystring: getUserInfoQuerySchema,
        response: { 200: envelopeSchema(userDtoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = request.query.iUserId ?? actor.userId;
      // Other people's accounts are user management's business, inside its scope.
      const mayLookAtOthers =
        ADMIN_ROLES.includes(actor.roleType) && holds(actor.privileges, 'userManage');
      const found =
        id === actor.userId
          ? await findOwnUser(db, id)
          : mayLookAtOthers
            ? await findUserInScope(db, scopeOf(actor, 'userManage'), id)
            : undefined;
      if (!found) {
        throw notFound();
      }
      return ok(request.lang, toUserDto(found.user, found.hospital));
    },
  );

  app.post(
    '/userManage/addUser',
    {
      schema: {
        tags: ['users'],
        summary: 'Create an enabled account (roles and hospitals within the caller’s rights)',
        body: addUserBodySchema,
        response: { 200: envelopeSchema(userDtoSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      request.auditNote = userNote(undefined, {
        strUserName: body.strUserName,
        iRoleType: body.ddRoleType.iNumber,
        iHospitalId: body.hospital?.iHospitalId ?? null,
      });
      const user = await addUser(deps, actor, body);
      request.auditNote.targetId = user.iUserId;
      return ok(request.lang, user);
    },
  );

  app.post(
    '/userManage/updateUser',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit an account: one’s own, or as an administrator one in scope',
        description:
          'User name and hospital never change. `strUserPassword`, when sent, must equal the ' +
          'configured default password (the reset action) and is refused on one’s own account.',
        body: updateUserBodySchema,
        response: { 200: envelopeSchema(userDtoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      request.auditNote = userNote(body.iUserId, {
        iRoleType: body.ddRoleType.iNumber,
        bPasswordReset: Boolean(body.strUserPassword),
      });
      return ok(request.lang, await updateUser(deps, actor, body));
    },
  );

  app.post(
    '/userManage/deleteUser',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete an account that nothing refers to (else USER_IN_USE)',
        body: userIdSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = userNote(request.body.iUserId);
      await deleteUser(deps, actor, request.body.iUserId);
      return ok(request.lang, {});
    },
  );

  app.post(
    '/userManage/updateUserState',
    {
      schema: {
        tags: ['users'],
        summary: 'Freeze (2) or enable (1) an account; freezing ends its sessions',
        body: userStateUpdateSchema,
        response: { 200: envelopeSchema(userDtoSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { iUserId, ddUserState } = request.body;
      request.auditNote = userNote(iUserId, { iUserState: ddUserState.iNumber });
      return ok(request.lang, await updateUserState(deps, actor, iUserId, ddUserState.iNumber));
    },
  );

  app.get(
    '/userManage/selectUser',
    {
      schema: {
        tags: ['users'],
        summary: 'Search accounts, newest first, within the caller’s hospitals',
        querystring: userQuerySchema,
        response: { 200: envelopeSchema(userPageSchema) },
      },
      config: { policy: { roles: ADMIN_ROLES, privilege: 'userManage' } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await selectUsers(db, actor, request.query));
    },
  );

  app.post(
    '/userManage/updateUserPassword',
    {
      schema: {
        tags: ['users'],
        summary: 'Change one’s own password; every session of the account ends',
        body: passwordChangeSchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = userNote(request.body.iUserId);
      await changeOwnPassword(deps, actor, request.body, request.ip);
      return ok(request.lang, {});
    },
  );
};
