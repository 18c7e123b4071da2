import { z } from 'zod';
import { userDtoSchema } from './user';

/** POST user/login. The name may also be the account's mobile number. */
export const loginRequestSchema = z.object({
  strUserName: z
    .string({ error: 'validation.userNameRequired' })
    .trim()
    .min(1, { error: 'validation.userNameRequired' })
    .max(64, { error: 'validation.tooLong' }),
  strUserPassword: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(128, { error: 'validation.tooLong' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string().describe('Opaque session token; send it back in the `token` header'),
  user: userDtoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
