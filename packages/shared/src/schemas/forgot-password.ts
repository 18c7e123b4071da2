import { z } from 'zod';
import { userFieldRules } from './user-admin';

/**
 * Limits of the SMS verification codes of the forgot-password page (spec §5, §8). The server
 * enforces them; the page shows the resend countdown from `resendSeconds`.
 */
export const VerificationCodeRules = {
  length: 6,
  /** A code is refused this long after it was sent. */
  ttlMinutes: 5,
  /** One code per mobile number this often. */
  resendSeconds: 60,
  /** Codes per mobile number in 24 hours. */
  perMobilePerDay: 10,
  /** Codes requested from one address in an hour, whatever the numbers. */
  perIpPerHour: 20,
  /** Wrong entries that burn a code. */
  maxAttempts: 5,
} as const;

/** POST user/sendCode: the mobile number (query string or body). */
export const sendCodeSchema = z.object({ strMobile: userFieldRules.strMobile });
export type SendCodeInput = z.infer<typeof sendCodeSchema>;

export const sendCodeResponseSchema = z.object({
  iResendSeconds: z.number().int().describe('Seconds before another code may be requested'),
  iExpiresMinutes: z.number().int().describe('Minutes the code stays valid'),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

/**
 * The fields of POST user/forgetPwdUpdatePwd one by one (forms check each field with these);
 * `forgetPasswordSchema` adds the rule that needs two fields.
 */
export const forgetPasswordFieldsSchema = z.object({
  strMobile: userFieldRules.strMobile,
  strCode: z
    .string({ error: 'validation.verificationCode' })
    .trim()
    // An empty field says "enter the code", not also "invalid format".
    .min(1, { error: 'validation.verificationCode', abort: true })
    .regex(/^\d{6}$/, { error: 'validation.invalid' }),
  /** Minimum length here; the configured pattern (pwdRules) is checked by the server and forms. */
  strNewPassword: userFieldRules.strUserPassword,
  strConfirmPassword: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.tooLong' }),
});

/** POST user/forgetPwdUpdatePwd (spec §5 "Forgot password"). */
export const forgetPasswordSchema = forgetPasswordFieldsSchema.superRefine((v, ctx) => {
  if (v.strConfirmPassword !== v.strNewPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['strConfirmPassword'],
      message: 'validation.passwordMismatch',
    });
  }
});
export type ForgetPasswordInput = z.infer<typeof forgetPasswordSchema>;
