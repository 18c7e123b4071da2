import { describe, expect, it } from 'vitest';
import { ownAccountFailure, passwordChangeFailure } from './answers';

describe('password change answers (spec §7)', () => {
  it('says a wrong old password on the old password field', () => {
    expect(passwordChangeFailure('OLD_PASSWORD_WRONG')).toEqual({
      field: 'strOldUserPassword',
      messageKey: 'password.oldWrong',
    });
  });
  it('says a reused password on the new password field', () => {
    expect(passwordChangeFailure('PASSWORD_SAME_AS_OLD')).toEqual({
      field: 'strNewUserPassword',
      messageKey: 'password.sameAsOld',
    });
  });
  it('gives a general error for anything else', () => {
    expect(passwordChangeFailure('PASSWORD_PATTERN')).toEqual({
      field: null,
      messageKey: 'password.failed',
    });
  });
});

describe('own account answers', () => {
  it('says a mobile number in use on the mobile field, anything else in general', () => {
    expect(ownAccountFailure('MOBILE_EXISTS').field).toBe('strMobile');
    expect(ownAccountFailure('SUPERADMIN_PROTECTED').field).toBeNull();
  });
});
