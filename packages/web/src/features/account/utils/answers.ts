/**
 * Spec §7 "What the product does with answers" for the account dialogs. Branches on the stable
 * `strErrorCode`; anything unforeseen is a general error.
 */

/** Password change: wrong old password on the old field, same-as-old on the new one. */
export type PasswordChangeFailure =
  | { field: 'strOldUserPassword'; messageKey: 'password.oldWrong' }
  | { field: 'strNewUserPassword'; messageKey: 'password.sameAsOld' }
  | { field: null; messageKey: 'password.failed' };

export function passwordChangeFailure(strErrorCode: string | undefined): PasswordChangeFailure {
  switch (strErrorCode) {
    case 'OLD_PASSWORD_WRONG':
      return { field: 'strOldUserPassword', messageKey: 'password.oldWrong' };
    case 'PASSWORD_SAME_AS_OLD':
      return { field: 'strNewUserPassword', messageKey: 'password.sameAsOld' };
    default:
      return { field: null, messageKey: 'password.failed' };
  }
}

/** Own-account save: a mobile number in use is said on the mobile field. */
export type OwnAccountFailure =
  | { field: 'strMobile'; messageKey: 'settings.mobileInUse' }
  | { field: null; messageKey: 'settings.failed' };

export function ownAccountFailure(strErrorCode: string | undefined): OwnAccountFailure {
  return strErrorCode === 'MOBILE_EXISTS'
    ? { field: 'strMobile', messageKey: 'settings.mobileInUse' }
    : { field: null, messageKey: 'settings.failed' };
}
