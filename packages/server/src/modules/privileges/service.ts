import {
  DEFAULT_HOSPITAL_ADMIN_PRIVILEGES,
  GRANTABLE_PRIVILEGES,
  isPrivilegeCode,
  RoleType,
  type AdminRoleAddInput,
  type AdminRoleDto,
  type AdminRoleQuery,
  type AdminRoleUpdateInput,
  type PrivilegeCode,
  type PrivilegeGrant,
  type UserPrivilegeList,
  type UserPrivilegeUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { scopeOf } from '../tenancy/scope';
import { findUserInScope } from '../users/repo';
import { holds, scopeHeld } from './held';
import * as repo from './repo';

const toGrant = (row: repo.GrantRow): PrivilegeGrant => ({
  strCode: row.code as PrivilegeCode,
  iPrivilegeType: row.scope === 2 ? 2 : 1,
});

function toRoleDto(
  role: repo.AdminRoleRow,
  grants: readonly repo.GrantRow[],
  users: number,
): AdminRoleDto {
  return {
    iRoleId: role.id,
    strRoleName: role.name,
    ddRoleType: { iNumber: role.type },
    listPrivilege: grants.map(toGrant),
    iUserCount: users,
    dtCreateTime: role.createdAt.toISOString(),
  };
}

async function roleDto(db: Db, id: number): Promise<AdminRoleDto> {
  const role = await repo.findRole(db, id);
  if (!role) {
    throw notFound();
  }
  const [grants, counts] = await Promise.all([
    repo.rolePrivileges(db, [id]),
    repo.roleUserCounts(db, [id]),
  ]);
  return toRoleDto(role, grants.get(id) ?? [], counts.get(id) ?? 0);
}

function nameRefusal(error: unknown): unknown {
  return isUniqueViolation(error, 'admin_roles_name_key')
    ? new AppError('ADMIN_ROLE_NAME_EXISTS')
    : error;
}

export async function listRoles(db: Db, q: AdminRoleQuery) {
  const { rows, total } = await repo.listRoles(db, q);
  const ids = rows.map((r) => r.id);
  const [grants, counts] = await Promise.all([
    repo.rolePrivileges(db, ids),
    repo.roleUserCounts(db, ids),
  ]);
  return {
    listPage: rows.map((r) => toRoleDto(r, grants.get(r.id) ?? [], counts.get(r.id) ?? 0)),
    iTotalCount: total,
  };
}

export async function addRole(
  db: Db,
  actor: Actor,
  input: AdminRoleAddInput,
  now: Date,
): Promise<AdminRoleDto> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const roleId = await repo.insertRole(tx, {
        name: input.strRoleName,
        type: input.ddRoleType.iNumber,
        createdBy: actor.userId,
        now,
      });
      await repo.replaceRolePrivileges(tx, roleId, input.listPrivilege);
      return roleId;
    });
  } catch (error) {
    throw nameRefusal(error);
  }
  return roleDto(db, id);
}

export async function updateRole(
  db: Db,
  input: AdminRoleUpdateInput,
  now: Date,
): Promise<AdminRoleDto> {
  try {
    await db.transaction(async (tx) => {
      const role = await repo.lockRole(tx, input.iRoleId, 'update');
      if (!role) {
        throw notFound();
      }
      // Administrators of the other role code hold it: changing its type would strand them.
      if (role.type !== input.ddRoleType.iNumber) {
        const counts = await repo.roleUserCounts(tx, [role.id]);
        if ((counts.get(role.id) ?? 0) > 0) {
          throw new AppError('ADMIN_ROLE_IN_USE');
        }
      }
      await repo.updateRoleRow(tx, role.id, {
        name: input.strRoleName,
        type: input.ddRoleType.iNumber,
        now,
      });
      await repo.replaceRolePrivileges(tx, role.id, input.listPrivilege);
    });
  } catch (error) {
    throw nameRefusal(error);
  }
  return roleDto(db, input.iRoleId);
}

/** A role that administrators hold is "in use" (spec §5): the foreign key refuses the delete. */
export async function deleteRole(db: Db, id: number): Promise<void> {
  const role = await repo.findRole(db, id);
  if (!role) {
    throw notFound();
  }
  try {
    await repo.deleteRoleRow(db, id);
  } catch (error) {
    throw isForeignKeyViolation(error) ? new AppError('ADMIN_ROLE_IN_USE') : error;
  }
}

/** Direct grants and the role's, the wider scope winning, in the order of the permission tree. */
function effective(direct: readonly repo.GrantRow[], viaRole: readonly repo.GrantRow[]) {
  const merged = new Map<string, number>();
  for (const g of [...direct, ...viaRole]) {
    merged.set(g.code, Math.max(merged.get(g.code) ?? 1, g.scope));
  }
  const order = (code: string) => GRANTABLE_PRIVILEGES.indexOf(code as PrivilegeCode);
  return [...merged]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([code, scope]) => toGrant({ code, scope }));
}

/** An administrator the caller may look at or change: in its user-management scope, else 404. */
async function targetAdmin(db: Db, actor: Actor, userId: number) {
  const found = await findUserInScope(db, scopeOf(actor, 'userManage'), userId);
  if (!found) {
    throw notFound();
  }
  if (
    found.user.roleType !== RoleType.PlatformAdmin &&
    found.user.roleType !== RoleType.HospitalAdmin
  ) {
    throw new AppError('NOT_AN_ADMINISTRATOR');
  }
  return found.user;
}

/** userprivilege/getUserPrivilegeList: own privileges for anyone; others' with permission manage. */
export async function userPrivilegeList(
  db: Db,
  actor: Actor,
  userId: number | undefined,
): Promise<UserPrivilegeList> {
  const id = userId ?? actor.userId;
  if (id !== actor.userId && !holds(actor.privileges, 'permissionManage')) {
    throw new AppError('FORBIDDEN');
  }
  const user = await targetAdmin(db, actor, id);
  const all = user.roleType === RoleType.PlatformAdmin;
  const [direct, role] = await Promise.all([
    all ? Promise.resolve([]) : repo.directGrants(db, id),
    user.adminRoleId == null || all
      ? Promise.resolve(undefined)
      : repo.findRole(db, user.adminRoleId),
  ]);
  const viaRole = role ? ((await repo.rolePrivileges(db, [role.id])).get(role.id) ?? []) : [];
  return {
    iUserId: id,
    ddRoleType: { iNumber: user.roleType },
    bAllPrivileges: all,
    role: role ? { iRoleId: role.id, strRoleName: role.name } : null,
    listPrivilege: direct.map(toGrant),
    listEffective: all ? [] : effective(direct, viaRole),
  };
}

/**
 * A hospital administrator with permission manage may hand on only what it holds, at most with
 * the scope it holds; privileges it does not hold stay as they are on the target (it can neither
 * give nor take them). Platform administrators may change anything.
 */
function assertWithinGranter(
  actor: Actor,
  before: readonly repo.GrantRow[],
  after: readonly PrivilegeGrant[],
): void {
  if (actor.privileges === 'all') {
    return;
  }
  const codes = new Set([...before.map((g) => g.code), ...after.map((g) => g.strCode)]);
  for (const code of codes) {
    if (!isPrivilegeCode(code)) {
      continue;
    }
    const was = before.find((g) => g.code === code)?.scope ?? 0;
    const will = after.find((g) => g.strCode === code)?.iPrivilegeType ?? 0;
    const held = scopeHeld(actor.privileges, code as PrivilegeCode) ?? 0;
    if (was !== will && Math.max(was, will) > held) {
      throw new AppError('PRIVILEGE_NOT_HELD');
    }
  }
}

/** userprivilege/update: the administrator's role and direct grants, replaced in one step. */
export async function updateUserPrivileges(
  db: Db,
  actor: Actor,
  input: UserPrivilegeUpdateInput,
  now: Date,
): Promise<UserPrivilegeList> {
  if (input.iUserId === actor.userId) {
    throw new AppError('CANNOT_OPERATE_SELF');
  }
  const user = await targetAdmin(db, actor, input.iUserId);
  // Platform administrators hold everything: there is nothing to grant them.
  if (user.roleType !== RoleType.HospitalAdmin) {
    throw new AppError(user.isSuperadmin ? 'SUPERADMIN_PROTECTED' : 'NOT_AN_ADMINISTRATOR');
  }
  await db.transaction(async (tx) => {
    // Read again under the lock: the role (or the role type) may have changed since the check.
    const locked = await repo.lockUser(tx, user.id);
    if (!locked) {
      throw notFound();
    }
    if (locked.roleType !== RoleType.HospitalAdmin) {
      throw new AppError('NOT_AN_ADMINISTRATOR');
    }
    const before = await repo.directGrants(tx, user.id);
    assertWithinGranter(actor, before, input.listPrivilege);
    if (input.iRoleId !== locked.adminRoleId) {
      if (input.iRoleId != null) {
        const role = await repo.lockRole(tx, input.iRoleId, 'share');
        if (!role) {
          throw notFound();
        }
        if (role.type !== RoleType.HospitalAdmin) {
          throw new AppError('ROLE_NOT_ALLOWED');
        }
        const grants = (await repo.rolePrivileges(tx, [role.id])).get(role.id) ?? [];
        assertWithinGranter(actor, [], grants.map(toGrant));
      }
      if (locked.adminRoleId != null) {
        const old =
          (await repo.rolePrivileges(tx, [locked.adminRoleId])).get(locked.adminRoleId) ?? [];
        assertWithinGranter(actor, old, []);
      }
      await repo.setUserRole(tx, user.id, input.iRoleId, now);
    }
    await repo.replaceUserGrants(
      tx,
      user.id,
      input.listPrivilege.map((g) => ({ code: g.strCode, scope: g.iPrivilegeType })),
      actor.userId,
      now,
    );
  });
  return userPrivilegeList(db, actor, user.id);
}

/**
 * The starting privileges of a new hospital administrator (spec §6 "own hospital"), limited to
 * what the creating administrator holds itself.
 */
export async function grantDefaultPrivileges(db: Db, userId: number, granter: Actor) {
  const defaults = DEFAULT_HOSPITAL_ADMIN_PRIVILEGES.filter((p) =>
    holds(granter.privileges, p.code),
  );
  if (defaults.length > 0) {
    await repo.insertDefaultGrants(db, userId, granter.userId, defaults);
  }
}

/**
 * An account whose role changes: a new hospital administrator gets the starting privileges; an
 * account that stops being one loses its grants and administrator role.
 */
export async function onRoleChanged(
  db: Db,
  userId: number,
  role: number,
  granter: Actor,
  now: Date,
) {
  if (role === RoleType.HospitalAdmin) {
    await grantDefaultPrivileges(db, userId, granter);
  } else {
    await repo.replaceUserGrants(db, userId, [], granter.userId, now);
    await repo.setUserRole(db, userId, null, now);
  }
}
