import { describe, expect, it } from 'vitest';
import { isPasswordResetNotice, PASSWORD_RESET_NOTICE } from './login-notice';

describe('the login page notice after a reset', () => {
  it('is recognised only in the state the forgot-password page hands over', () => {
    expect(isPasswordResetNotice(PASSWORD_RESET_NOTICE)).toBe(true);
    expect(isPasswordResetNotice({ notice: 'other' })).toBe(false);
    expect(isPasswordResetNotice(null)).toBe(false);
    expect(isPasswordResetNotice(undefined)).toBe(false);
    expect(isPasswordResetNotice('passwordReset')).toBe(false);
  });
});
