import { describe, expect, it } from 'vitest';
import { userSaveFailure } from './save-answer';

describe('user save answers (spec §7)', () => {
  it('says a taken user name on the user name field', () => {
    expect(userSaveFailure('USER_NAME_EXISTS')).toEqual({
      field: 'strUserName',
      messageKey: 'answers.userExists',
    });
  });
  it('says a mobile number in use on the mobile field', () => {
    expect(userSaveFailure('MOBILE_EXISTS')).toEqual({
      field: 'strMobile',
      messageKey: 'answers.mobileInUse',
    });
  });
  it('gives a general error for anything else', () => {
    for (const code of ['ROLE_NOT_ALLOWED', 'SUPERADMIN_PROTECTED', undefined]) {
      expect(userSaveFailure(code)).toEqual({ field: null, messageKey: 'answers.general' });
    }
  });
});
