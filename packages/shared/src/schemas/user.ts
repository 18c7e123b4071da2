import { z } from 'zod';
import { ddSchema, idSchema } from './common';

/** The user shape of spec §3 User, as every call answers it. */
export const userDtoSchema = z.object({
  iUserId: z.number().int(),
  strUserName: z.string(),
  strRealName: z.string(),
  ddSex: ddSchema(z.number().int()).nullable(),
  strIdentityNumber: z.string().nullable(),
  dtBirthdayDate: z.string().nullable().describe('YYYY/MM/DD'),
  strMobile: z.string().nullable(),
  strEmail: z.string().nullable(),
  strSpecialty: z.string().nullable().describe('Experts only'),
  strIntro: z.string().nullable().describe('Experts only'),
  strProvince: z.string().nullable(),
  strCity: z.string().nullable(),
  strAddress: z.string().nullable(),
  arraySignatureUrl: z.string().nullable().describe('Signature image as a base64 PNG data URL'),
  ddRoleType: ddSchema(z.number().int()),
  ddUserState: ddSchema(z.number().int()),
  bIsSuperAdmin: z.boolean().describe('The protected superadmin cannot be edited or deleted'),
  hospital: z
    .object({
      iHospitalId: z.number().int(),
      strHospitalName: z.string(),
      ddIsDiagnosis: ddSchema(z.number().int()),
      iGroupId: z.number().int().nullable(),
    })
    .nullable()
    .describe('Null only for the platform superadmin, who belongs to no hospital'),
  createUser: z.object({ iUserId: z.number().int() }).nullable(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const getUserInfoQuerySchema = z.object({
  iUserId: idSchema.optional().describe('Defaults to the caller'),
});
