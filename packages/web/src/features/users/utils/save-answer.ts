/**
 * Spec §7 "What the product does with answers", user save: a taken user name is said on the
 * user name field, a mobile number in use on the mobile field, anything else is a general error.
 * Branches on the stable `strErrorCode`, never on the message text.
 */
export type UserSaveFailure =
  | { field: 'strUserName'; messageKey: 'answers.userExists' }
  | { field: 'strMobile'; messageKey: 'answers.mobileInUse' }
  | { field: null; messageKey: 'answers.general' };

export function userSaveFailure(strErrorCode: string | undefined): UserSaveFailure {
  switch (strErrorCode) {
    case 'USER_NAME_EXISTS':
      return { field: 'strUserName', messageKey: 'answers.userExists' };
    case 'MOBILE_EXISTS':
      return { field: 'strMobile', messageKey: 'answers.mobileInUse' };
    default:
      return { field: null, messageKey: 'answers.general' };
  }
}
