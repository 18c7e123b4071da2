import { z } from 'zod';
import { isPrivilegeCode, privilegeDef } from '../privileges';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';

/** One privilege with its scope: iPrivilegeType 1 own hospital, 2 all hospitals (spec §6, §7). */
export const privilegeGrantSchema = z.object({
  strCode: z
    .string()
    .refine(isPrivilegeCode, { error: 'validation.invalid' })
    .describe('A code of the permission tree (PRIVILEGES in @pathconsult/shared)'),
  iPrivilegeType: z
    .union([z.literal(1), z.literal(2)], { error: 'validation.invalid' })
    .default(1)
    .describe('1 own hospital, 2 all hospitals; 1 for privileges without a scope'),
});
export type PrivilegeGrant = z.infer<typeof privilegeGrantSchema>;

/** A list of grants: each code once; "all hospitals" only for scoped privileges. */
const grantListSchema = z
  .array(privilegeGrantSchema)
  .max(100)
  .refine((list) => new Set(list.map((g) => g.strCode)).size === list.length, {
    error: 'validation.invalid',
  })
  .refine((list) => list.every((g) => g.iPrivilegeType === 1 || privilegeDef(g.strCode)?.scoped), {
    error: 'validation.invalid',
  });

/** An administrator role: a named privilege set for administrators of one role code. */
export const adminRoleDtoSchema = z.object({
  iRoleId: z.number().int(),
  strRoleName: z.string(),
  ddRoleType: ddSchema(z.number().int()).describe('The administrator role it is for: 1 or 2'),
  listPrivilege: z.array(privilegeGrantSchema),
  iUserCount: z.number().int().describe('Administrators holding this role'),
  dtCreateTime: z.string(),
});
export type AdminRoleDto = z.infer<typeof adminRoleDtoSchema>;

export const adminRoleAddSchema = z.object({
  strRoleName: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(32, { error: 'validation.tooLong' }),
  ddRoleType: ddSchema(z.union([z.literal(1), z.literal(2)], { error: 'validation.required' })),
  listPrivilege: grantListSchema,
});
export type AdminRoleAddInput = z.infer<typeof adminRoleAddSchema>;

export const adminRoleUpdateSchema = adminRoleAddSchema.extend({ iRoleId: idSchema });
export type AdminRoleUpdateInput = z.infer<typeof adminRoleUpdateSchema>;
export const adminRoleIdSchema = z.object({ iRoleId: idSchema });
export const adminRoleQuerySchema = pageQuerySchema.extend({
  strRoleName: z.string().trim().max(64).optional(),
});
export type AdminRoleQuery = z.infer<typeof adminRoleQuerySchema>;
export const adminRolePageSchema = pageSchema(adminRoleDtoSchema);

/** userprivilege/getUserPrivilegeList: what an administrator holds and where it comes from. */
export const userPrivilegeListSchema = z.object({
  iUserId: z.number().int(),
  ddRoleType: ddSchema(z.number().int()),
  bAllPrivileges: z.boolean().describe('Platform administrators hold every privilege'),
  role: z.object({ iRoleId: z.number().int(), strRoleName: z.string() }).nullable(),
  listPrivilege: z.array(privilegeGrantSchema).describe('Granted to the user directly'),
  listEffective: z
    .array(privilegeGrantSchema)
    .describe('Direct grants and the role, the wider scope winning'),
});
export type UserPrivilegeList = z.infer<typeof userPrivilegeListSchema>;

export const userPrivilegeQuerySchema = z.object({
  iUserId: idSchema.optional().describe('Defaults to the caller'),
});

/** userprivilege/update: the administrator's role (or none) and direct grants, replaced whole. */
export const userPrivilegeUpdateSchema = z.object({
  iUserId: idSchema,
  iRoleId: idSchema.nullable().default(null),
  listPrivilege: grantListSchema,
});
export type UserPrivilegeUpdateInput = z.infer<typeof userPrivilegeUpdateSchema>;
