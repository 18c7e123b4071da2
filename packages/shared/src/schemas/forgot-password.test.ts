import { describe, expect, it } from 'vitest';
import { forgetPasswordSchema, sendCodeSchema } from './forgot-password';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('forgot-password schemas', () => {
  const good = {
    strMobile: '13800000001',
    strCode: '042917',
    strNewPassword: 'Secret-2026',
    strConfirmPassword: 'Secret-2026',
  };

  it('take a well-formed request, trimming the number and the code', () => {
    expect(
      forgetPasswordSchema.parse({ ...good, strMobile: ' 13800000001 ', strCode: ' 042917 ' }),
    ).toEqual(good);
    expect(sendCodeSchema.parse({ strMobile: '13800000001' })).toEqual({
      strMobile: '13800000001',
    });
  });

  it('name the field and the rule of each problem', () => {
    expect(messagesOf(sendCodeSchema.safeParse({ strMobile: '2380000000' }))).toEqual([
      ['strMobile', 'validation.mobile'],
    ]);
    expect(messagesOf(forgetPasswordSchema.safeParse({ ...good, strCode: '' }))).toEqual([
      ['strCode', 'validation.verificationCode'],
    ]);
    expect(messagesOf(forgetPasswordSchema.safeParse({ ...good, strCode: '12345' }))).toEqual([
      ['strCode', 'validation.invalid'],
    ]);
    expect(
      messagesOf(
        forgetPasswordSchema.safeParse({
          ...good,
          strNewPassword: '12345',
          strConfirmPassword: '12345',
        }),
      ),
    ).toEqual([['strNewPassword', 'validation.passwordMin']]);
    expect(
      messagesOf(forgetPasswordSchema.safeParse({ ...good, strConfirmPassword: 'Secret-2027' })),
    ).toEqual([['strConfirmPassword', 'validation.passwordMismatch']]);
  });
});
