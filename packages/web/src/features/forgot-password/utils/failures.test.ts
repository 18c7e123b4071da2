import { describe, expect, it } from 'vitest';
import { fieldOfFailure } from './failures';

describe('server refusals on the form', () => {
  it('puts each refusal under the field to change', () => {
    expect(fieldOfFailure('CODE_TOO_FREQUENT')).toBe('strMobile');
    expect(fieldOfFailure('SMS_SEND_FAILED')).toBe('strMobile');
    expect(fieldOfFailure('TOO_MANY_REQUESTS')).toBe('strMobile');
    expect(fieldOfFailure('VERIFICATION_CODE_WRONG')).toBe('strCode');
    expect(fieldOfFailure('PASSWORD_PATTERN')).toBe('strNewPassword');
    expect(fieldOfFailure('NOT_FOUND')).toBeUndefined();
    expect(fieldOfFailure(undefined)).toBeUndefined();
  });
});
