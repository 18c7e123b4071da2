import {
  ADMIN_ROLES,
  isPasswordAcceptable,
  privilegesAreGranted,
  RoleType,
  UserState,
  type RoleTypeCode,
  type UserAddInput,
  type UserDto,
  type UserQuery,
  type UserUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { hashPassword } from '../auth/passwords';
import { getConfig } from '../config/service';
import { findHospital } from '../hospitals/repo';
import { holds } from '../privileges/held';
import { grantDefaultPrivileges, onRoleChanged } from '../privileges/service';
import { scopeOf } from '../tenancy/scope';
import { toUserDto } from './dto';
import * as repo from './repo';
import { mayGiveRole, mayManageRole, type RoleHospital } from './role-rules';

export interface UserServiceDeps {
  db: Db;
  clock: Clock;
}

/** The profile fields of the add and edit forms; expert fields are kept for experts (4) only. */
type ProfileInput = Pick<
  UserUpdateInput,
  | 'strRealName'
  | 'strMobile'
  | 'strEmail'
  | 'strIdentityNumber'
  | 'dtBirthdayDate'
  | 'ddSex'
  | 'strSpecialty'
  | 'strIntro'
  | 'strProvince'
  | 'strCity'
  | 'strAddress'
>;

const orNull = (v: string) => (v === '' ? null : v);

function profileColumns(input: ProfileInput, role: number) {
  const expert = role === RoleType.Expert;
  return {
    realName: input.strRealName,
    mobile: input.strMobile,
    email: orNull(input.strEmail),
    idNumber: orNull(input.strIdentityNumber.toUpperCase()),
    // The form's YYYY/MM/DD becomes a date column.
    birthday: orNull(input.dtBirthdayDate.replaceAll('/', '-')),
    sex: input.ddSex?.iNumber ?? null,
    specialty: expert ? orNull(input.strSpecialty) : null,
    intro: expert ? orNull(input.strIntro) : null,
    province: orNull(input.strProvince),
    city: orNull(input.strCity),
    address: orNull(input.strAddress),
  };
}

/** The database decides uniqueness; its refusals become the spec's messages. */
function uniquenessRefusal(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_user_name_key')) {
    return new AppError('USER_NAME_EXISTS');
  }
  if (isUniqueViolation(error, 'users_role_mobile_key')) {
    return new AppError('MOBILE_EXISTS');
  }
  return error;
}

async function dtoOf(db: Db, userId: number): Promise<UserDto> {
  const found = await repo.findOwnUser(db, userId);
  if (!found) {
    throw notFound();
  }
  return toUserDto(found.user, found.hospital);
}

const isAdmin = (actor: Actor) => ADMIN_ROLES.includes(actor.roleType);

/** The hospital named in a form, when the caller may see it; another hospital is a missing one. */
async function visibleHospital(db: Db, actor: Actor, hospitalId: number): Promise<RoleHospital> {
  const hospital = await findHospital(db, scopeOf(actor, 'userManage'), hospitalId);
  if (!hospital) {
    throw notFound();
  }
  return hospital;
}

/** userManage/addUser: a new enabled account, created by the caller. */
export async function addUser(
  deps: UserServiceDeps,
  actor: Actor,
  input: UserAddInput,
): Promise<UserDto> {
  const { db, clock } = deps;
  const role = input.ddRoleType.iNumber;
  const hospital = input.hospital
    ? await visibleHospital(db, actor, input.hospital.iHospitalId)
    : null;
  if (!mayGiveRole(actor, role, hospital)) {
    throw new AppError('ROLE_NOT_ALLOWED');
  }
  const config = await getConfig(db);
  if (!isPasswordAcceptable(input.strUserPassword, config.pwdRules)) {
    throw new AppError('PASSWORD_PATTERN');
  }
  const now = clock.now();
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const id = await repo.insertUser(tx, {
        userName: input.strUserName,
        passwordHash: await hashPassword(input.strUserPassword),
        roleType: role,
        state: UserState.Enabled,
        hospitalId: hospital?.id ?? null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
        ...profileColumns(input, role),
      });
      if (privilegesAreGranted(role)) {
        await grantDefaultPrivileges(tx, id, actor);
      }
      return id;
    });
  } catch (error) {
    throw uniquenessRefusal(error);
  }
  return dtoOf(db, userId);
}

/**
 * The account an administrator acts on: inside the caller's scope (else 404), not the caller
 * (use the own-account calls), not the superadmin, and of a role the caller may manage.
 */
async function managedTarget(db: Db, actor: Actor, userId: number) {
  if (userId === actor.userId) {
    throw new AppError('CANNOT_OPERATE_SELF');
  }
  const found = await repo.findUserInScope(db, scopeOf(actor, 'userManage'), userId);
  if (!found) {
    throw notFound();
  }
  if (found.user.isSuperadmin) {
    throw new AppError('SUPERADMIN_PROTECTED');
  }
  if (!mayManageRole(actor, found.user.roleType)) {
    throw new AppError('ROLE_NOT_ALLOWED');
  }
  return found;
}

/**
 * userManage/updateUser: an administrator editing an account in scope, or anyone editing their
 * own. User name and hospital never change; a password only by the reset to the configured
 * default, and never on one's own account: a borrowed session could otherwise set a password
 * everybody knows, where updateUserPassword asks for the old one.
 */
export async function updateUser(
  deps: UserServiceDeps,
  actor: Actor,
  input: UserUpdateInput,
): Promise<UserDto> {
  const { db, clock } = deps;
  const self = input.iUserId === actor.userId;
  // A form may send the disabled password field empty: that is no reset.
  const reset = input.strUserPassword ? input.strUserPassword : null;
  const role: RoleTypeCode = input.ddRoleType.iNumber;
  let passwordHash: string | undefined;
  let previousRole: number = role;
  if (self) {
    const own = await repo.findOwnUser(db, actor.userId);
    if (!own) {
      throw notFound();
    }
    if (role !== own.user.roleType || reset != null) {
      throw new AppError('CANNOT_OPERATE_SELF');
    }
  } else {
    if (!isAdmin(actor)) {
      throw notFound();
    }
    // The route is open to everyone for their own account; editing others needs user management.
    if (!holds(actor.privileges, 'userManage')) {
      throw new AppError('FORBIDDEN');
    }
    const { user, hospital } = await managedTarget(db, actor, input.iUserId);
    previousRole = user.roleType;
    if (role !== user.roleType && !mayGiveRole(actor, role, hospital)) {
      throw new AppError('ROLE_NOT_ALLOWED');
    }
    if (reset != null) {
      const config = await getConfig(db);
      if (reset !== config.defaultPassword) {
        throw new AppError('RESET_PASSWORD_ONLY');
      }
      passwordHash = await hashPassword(reset);
    }
  }
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      await repo.updateUserRow(tx, input.iUserId, {
        ...profileColumns(input, role),
        roleType: role,
        updatedAt: now,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!self && role !== previousRole) {
        await onRoleChanged(tx, input.iUserId, role, actor, now);
      }
      // New credentials end the sessions opened with the old ones.
      if (passwordHash) {
        await repo.revokeSessionsOf(tx, input.iUserId, now);
      }
    });
  } catch (error) {
    throw uniquenessRefusal(error);
  }
  return dtoOf(db, input.iUserId);
}

/** userManage/deleteUser: an account nothing refers to any more; its sessions go with it. */
export async function deleteUser(deps: UserServiceDeps, actor: Actor, userId: number) {
  const { db } = deps;
  await managedTarget(db, actor, userId);
  try {
    await db.transaction((tx) => repo.deleteUserRow(tx, userId));
  } catch (error) {
    // Users it created, and whatever later features point at it, keep it: "in use".
    if (isForeignKeyViolation(error)) {
      throw new AppError('USER_IN_USE');
    }
    throw error;
  }
}

/** userManage/updateUserState: freeze (2) or enable (1). Freezing ends the sessions at once. */
/** States from which an account may be frozen or enabled: enabled, frozen, approved. */
const REVIEWED_STATES: readonly number[] = [
  UserState.Enabled,
  UserState.Frozen,
  UserState.Approved,
];

export async function updateUserState(
  deps: UserServiceDeps,
  actor: Actor,
  userId: number,
  state: 1 | 2,
): Promise<UserDto> {
  const { db, clock } = deps;
  const { user } = await managedTarget(db, actor, userId);
  // A registration waiting for review (or refused) is decided in the review, not enabled here.
  if (!REVIEWED_STATES.includes(user.state)) {
    throw new AppError('USER_UNDER_REVIEW');
  }
  const now = clock.now();
  await db.transaction(async (tx) => {
    await repo.updateUserRow(tx, userId, { state, updatedAt: now });
    if (state === UserState.Frozen) {
      await repo.revokeSessionsOf(tx, userId, now);
    }
  });
  return dtoOf(db, userId);
}

/** userManage/selectUser: the caller's hospitals only; the superadmin only for the 'all' scope. */
export async function selectUsers(db: Db, actor: Actor, query: UserQuery) {
  const { rows, total } = await repo.listUsers(db, scopeOf(actor, 'userManage'), query);
  return {
    listPage: rows.map((r) => toUserDto(r.user, r.hospital)),
    iTotalCount: total,
  };
}
