import { LOGIN_ALLOWED_STATES, RoleType, UserState, type RoleTypeCode } from '@pathconsult/shared';

/** Tag colour of each account state (spec §3: initial, enabled, frozen, pending, approved, not approved). */
export const STATE_COLORS: Record<number, string> = {
  [UserState.Initial]: 'default',
  [UserState.Enabled]: 'green',
  [UserState.Frozen]: 'red',
  [UserState.PendingReview]: 'orange',
  [UserState.Approved]: 'cyan',
  [UserState.NotApproved]: 'volcano',
};

/**
 * The state switch a list row offers: an account that may log in can be frozen, a frozen one
 * enabled again. Accounts waiting for review (or refused) are decided by the review, not here.
 */
export function stateAction(state: number): 'freeze' | 'enable' | null {
  if (LOGIN_ALLOWED_STATES.includes(state)) {
    return 'freeze';
  }
  return state === UserState.Frozen ? 'enable' : null;
}

export interface RowPermissions {
  edit: boolean;
  changeState: boolean;
  remove: boolean;
  /** Why something is off, for the tooltip (a key under `users:list`). */
  reason: 'protected' | 'roleNotAllowed' | 'self' | null;
}

/**
 * What an administrator may do to a listed account, the mirror of the server's refusals: the
 * superadmin is protected (spec §5); nobody freezes or deletes the account they are logged in
 * with (CANNOT_OPERATE_SELF); a hospital administrator does not manage platform administrators
 * (ROLE_NOT_ALLOWED: resetting such a password would hand over the platform).
 */
export function rowPermissions(
  row: { iUserId: number; bIsSuperAdmin: boolean; ddRoleType: { iNumber: number } },
  sessionUserId: number | null,
  callerRole: RoleTypeCode | null,
): RowPermissions {
  const none = { edit: false, changeState: false, remove: false, reason: null };
  if (row.bIsSuperAdmin) {
    return { ...none, reason: 'protected' };
  }
  if (row.ddRoleType.iNumber === RoleType.PlatformAdmin && callerRole !== RoleType.PlatformAdmin) {
    return { ...none, reason: 'roleNotAllowed' };
  }
  const self = row.iUserId === sessionUserId;
  return { edit: true, changeState: !self, remove: !self, reason: self ? 'self' : null };
}
