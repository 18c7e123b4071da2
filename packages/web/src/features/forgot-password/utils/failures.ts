/** The fields of the forgot-password form. */
export type ForgetField = 'strMobile' | 'strCode' | 'strNewPassword' | 'strConfirmPassword';

/**
 * Which field a business refusal of the server belongs under, so the message stands next to what
 * the user has to change; undefined for refusals that concern no field (shown as a toast).
 */
export function fieldOfFailure(code: string | undefined): ForgetField | undefined {
  switch (code) {
    case 'CODE_TOO_FREQUENT':
    case 'TOO_MANY_REQUESTS':
    case 'SMS_SEND_FAILED':
      return 'strMobile';
    case 'VERIFICATION_CODE_WRONG':
      return 'strCode';
    case 'PASSWORD_PATTERN':
      return 'strNewPassword';
    default:
      return undefined;
  }
}
