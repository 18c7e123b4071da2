import { z } from 'zod';
import { RoleType, UserState } from '../constants';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';
import { userFieldRules } from './user-admin';

/**
 * Self-registration (spec §5 "Registration") and its review by administrators. The field rules
 * are those of the user form (user-admin.ts); registration makes more of them required.
 */
export const RegistrationRules = {
  /** "Authentication verification takes 3 working days" (spec §5, §9). */
  reviewWorkingDays: 3,
  /** A captcha answers once, within this many minutes. */
  captchaTtlMinutes: 5,
  /** Captchas one address may ask for within the lifetime of one (see docs/decisions.md). */
  captchasPerIpPerTtl: 30,
  unitNameMaxLength: 64,
  jobTitleMaxLength: 32,
  departmentMaxLength: 32,
  reasonMaxLength: 200,
} as const;

/** Roles one may apply for: doctor (3) or expert (4). */
export const REGISTRATION_ROLES = [RoleType.Doctor, RoleType.Expert] as const;
/** Review states of a registration: pending (3), approved (4), not approved (5). */
export const REGISTRATION_STATES = [
  UserState.PendingReview,
  UserState.Approved,
  UserState.NotApproved,
] as const;

const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.tooLong' }).optional().default('');

/** A rule of the user form that the user form leaves optional, required here. */
const filled = <T extends z.ZodType<string | null | { iNumber: number }>>(rule: T) =>
  rule.refine((v) => v !== '' && v !== null, { error: 'validation.required' });

/** GET user/getCaptcha. */
export const captchaSchema = z.object({
  strCaptchaId: z.string().describe('Send back with the answer; valid for 5 minutes, once'),
  strImage: z.string().describe('The captcha as a PNG data URL'),
});
export type CaptchaDto = z.infer<typeof captchaSchema>;

/** GET hospitalManage/selectRegistrationHospital: hospitals one may register with. */
export const registrationHospitalSchema = z.object({
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  ddIsDiagnosis: ddSchema(z.number().int()).describe('Experts need one that is not 0'),
});
export type RegistrationHospital = z.infer<typeof registrationHospitalSchema>;

/**
 * The fields of POST user/register one by one (the form checks each field with these);
 * `registrationSchema` adds the rules that need two fields.
 */
export const registrationFieldsSchema = z.object({
  strCaptchaId: z.string({ error: 'validation.captcha' }).min(1).max(64),
  strCaptcha: z
    .string({ error: 'validation.captcha' })
    .trim()
    .min(1, { error: 'validation.captcha' })
    .max(16, { error: 'validation.tooLong' }),
  ddRoleType: ddSchema(z.union([z.literal(RoleType.Doctor), z.literal(RoleType.Expert)])),
  strUserName: userFieldRules.strUserName,
  strUserPassword: userFieldRules.strUserPassword,
  strConfirmPassword: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.tooLong' }),
  strRealName: userFieldRules.strRealName,
  ddSex: filled(userFieldRules.ddSex),
  dtBirthdayDate: filled(userFieldRules.dtBirthdayDate),
  strIdentityNumber: filled(userFieldRules.strIdentityNumber),
  strProvince: filled(userFieldRules.strProvince),
  strCity: filled(userFieldRules.strCity),
  iHospitalId: idSchema
    .nullable()
    .optional()
    .default(null)
    .describe('A hospital of selectRegistrationHospital; or null with strUnitName'),
  strUnitName: optionalText(RegistrationRules.unitNameMaxLength).describe(
    'The unit when it is not listed (iHospitalId null); the reviewer places the account',
  ),
  strJobTitle: requiredText(RegistrationRules.jobTitleMaxLength),
  strDepartment: optionalText(RegistrationRules.departmentMaxLength),
  strMobile: userFieldRules.strMobile,
  strEmail: userFieldRules.strEmail,
});

/** POST user/register (spec §5 "Registration"). */
export const registrationSchema = registrationFieldsSchema.superRefine((v, ctx) => {
  if (v.strConfirmPassword !== v.strUserPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['strConfirmPassword'],
      message: 'validation.passwordMismatch',
    });
  }
  // The unit is required: a listed hospital or, when it is not listed, its name.
  if (v.iHospitalId == null && v.strUnitName === '') {
    ctx.addIssue({ code: 'custom', path: ['strUnitName'], message: 'validation.required' });
  }
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const registrationResultSchema = z.object({
  iUserId: z.number().int(),
  strUserName: z.string(),
  iReviewWorkingDays: z.number().int().describe('Working days the verification takes'),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** A registration as the review screen lists it. */
export const registrationDtoSchema = z.object({
  iUserId: z.number().int(),
  strUserName: z.string(),
  strRealName: z.string(),
  ddSex: ddSchema(z.number().int()).nullable(),
  dtBirthdayDate: z.string().nullable().describe('YYYY/MM/DD'),
  strIdentityNumber: z.string().nullable(),
  strMobile: z.string().nullable(),
  strEmail: z.string().nullable(),
  strProvince: z.string().nullable(),
  strCity: z.string().nullable(),
  ddRoleType: ddSchema(z.number().int()).describe('Role applied for: 3 doctor, 4 expert'),
  ddUserState: ddSchema(z.number().int()).describe('3 pending, 4 approved, 5 not approved'),
  hospital: z
    .object({
      iHospitalId: z.number().int(),
      strHospitalName: z.string(),
      ddIsDiagnosis: ddSchema(z.number().int()),
    })
    .nullable()
    .describe('Null while the applicant named an unlisted unit (strUnitName)'),
  strUnitName: z.string().nullable(),
  strJobTitle: z.string().nullable(),
  strDepartment: z.string().nullable(),
  strReviewReason: z.string().nullable().describe('Why it was not approved'),
  reviewUser: z.object({ iUserId: z.number().int(), strUserName: z.string() }).nullable(),
  dtReviewTime: z.string().nullable().describe('ISO timestamp'),
  dtCreateTime: z.string().describe('ISO timestamp'),
});
export type RegistrationDto = z.infer<typeof registrationDtoSchema>;

/** GET userManage/selectRegistration. */
export const registrationQuerySchema = pageQuerySchema.extend({
  iUserState: z.coerce
    .number()
    .int()
    .refine((v) => (REGISTRATION_STATES as readonly number[]).includes(v), {
      error: 'validation.invalid',
    })
    .optional()
    .describe('3 pending, 4 approved, 5 not approved; all when absent'),
  strName: z.string().trim().max(64).optional().describe('Part of the user name or real name'),
});
export type RegistrationQuery = z.infer<typeof registrationQuerySchema>;
export const registrationPageSchema = pageSchema(registrationDtoSchema);

/** POST userManage/approveRegistration. */
export const approveRegistrationSchema = z.object({
  iUserId: idSchema,
  iHospitalId: idSchema
    .optional()
    .describe('Where the account goes; required when the applicant named an unlisted unit'),
});
export type ApproveRegistrationInput = z.infer<typeof approveRegistrationSchema>;

/** POST userManage/rejectRegistration. */
export const rejectRegistrationSchema = z.object({
  iUserId: idSchema,
  strReason: requiredText(RegistrationRules.reasonMaxLength),
});
export type RejectRegistrationInput = z.infer<typeof rejectRegistrationSchema>;
