import { z } from 'zod';
import { Limits } from '../constants';
import {
  isValidIdNumber,
  isValidUserName,
  MOBILE_PATTERN,
  PASSWORD_MIN_LENGTH,
} from '../validation';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';
import { userDtoSchema } from './user';

const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.tooLong' }).optional().default('');

/** Fields of spec §5 "User add or edit" and "Own account form" shared by several calls. */
export const userFieldRules = {
  strUserName: requiredText(32).refine(isValidUserName, { error: 'validation.userName' }),
  /** Minimum length here; the configured pattern (pwdRules) is checked by the server and forms. */
  strUserPassword: z
    .string({ error: 'validation.passwordRequired' })
    .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordMin' })
    .max(64, { error: 'validation.tooLong' }),
  strRealName: requiredText(Limits.nameMaxLength),
  /** Mainland mobile numbers: the platform's SMS codes go through a mainland gateway. */
  strMobile: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(MOBILE_PATTERN, { error: 'validation.mobile' }),
  strEmail: z
    .union([z.literal(''), z.email({ error: 'validation.email' })])
    .optional()
    .default(''),
  strIdentityNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidIdNumber(v), { error: 'validation.idNumber' })
    .optional()
    .default(''),
  dtBirthdayDate: z
    .string()
    .refine((v) => v === '' || /^\d{4}\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/.test(v), {
      error: 'validation.date',
    })
    .optional()
    .default('')
    .describe('YYYY/MM/DD'),
  ddSex: ddSchema(z.union([z.literal(1), z.literal(2)]))
    .nullable()
    .optional()
    .default(null),
  strSpecialty: optionalText(200).describe('Experts only'),
  strIntro: optionalText(2000).describe('Experts only'),
  strProvince: optionalText(32),
  strCity: optionalText(32),
  strAddress: optionalText(128),
};

const roleSchema = ddSchema(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));

/** userManage/addUser. */
export const userAddSchema = z.object({
  ...userFieldRules,
  ddRoleType: roleSchema,
  hospital: z
    .object({ iHospitalId: idSchema })
    .nullable()
    .describe('Required for every role but the platform administrator (1)'),
});
export type UserAddInput = z.infer<typeof userAddSchema>;

/**
 * userManage/updateUser: an administrator editing a user, or anyone editing their own account.
 * User name and hospital cannot change; a password is accepted only when it equals the
 * configured default (the "reset password" action of the form).
 */
export const userUpdateSchema = z.object({
  iUserId: idSchema,
  strRealName: userFieldRules.strRealName,
  strMobile: userFieldRules.strMobile,
  strEmail: userFieldRules.strEmail,
  strIdentityNumber: userFieldRules.strIdentityNumber,
  dtBirthdayDate: userFieldRules.dtBirthdayDate,
  ddSex: userFieldRules.ddSex,
  strSpecialty: userFieldRules.strSpecialty,
  strIntro: userFieldRules.strIntro,
  strProvince: userFieldRules.strProvince,
  strCity: userFieldRules.strCity,
  strAddress: userFieldRules.strAddress,
  ddRoleType: roleSchema,
  strUserPassword: z.string().max(64).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const userIdSchema = z.object({ iUserId: idSchema });

/** userManage/updateUserState: freeze (2) or enable (1) an account. */
export const userStateUpdateSchema = z.object({
  iUserId: idSchema,
  ddUserState: ddSchema(z.union([z.literal(1), z.literal(2)])),
});

/** userManage/selectUser: search with paging, within the caller's hospitals. */
export const userQuerySchema = pageQuerySchema.extend({
  strUserName: z.string().trim().max(64).optional(),
  strRealName: z.string().trim().max(64).optional(),
  strMobile: z.string().trim().max(20).optional(),
  iHospitalId: idSchema.optional(),
  iRoleType: z.coerce.number().int().min(1).max(4).optional(),
  /** /admin/AdminList asks for administrators only (roles 1 and 2) without naming one role. */
  bAdminsOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  iUserState: z.coerce.number().int().min(0).max(5).optional(),
});
export type UserQuery = z.infer<typeof userQuerySchema>;
export const userPageSchema = pageSchema(userDtoSchema);

/** userManage/updateUserPassword: own password (spec §5 "Password change"). */
export const passwordChangeSchema = z.object({
  iUserId: idSchema,
  strOldUserPassword: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(128),
  strNewUserPassword: userFieldRules.strUserPassword,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
