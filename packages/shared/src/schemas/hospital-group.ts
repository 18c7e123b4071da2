import { z } from 'zod';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';

/** A hospital group (diagnosis group) with its institutions (spec §3 Hospital group). */
export const hospitalGroupDtoSchema = z.object({
  iGroupId: z.number().int(),
  strGroupName: z.string(),
  listHospital: z.array(
    z.object({
      iHospitalId: z.number().int(),
      strHospitalName: z.string(),
      ddIsDiagnosis: ddSchema(z.number().int()),
    }),
  ),
  dtCreateTime: z.string(),
});
export type HospitalGroupDto = z.infer<typeof hospitalGroupDtoSchema>;

/** hospitalGroup/addHospitalGroup: a name and the member institutions (one center at least). */
export const hospitalGroupAddSchema = z.object({
  strGroupName: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(32, { error: 'validation.tooLong' }),
  listHospitalId: z
    .array(idSchema)
    .min(1, { error: 'validation.required' })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' }),
});
export type HospitalGroupAddInput = z.infer<typeof hospitalGroupAddSchema>;

export const hospitalGroupUpdateSchema = hospitalGroupAddSchema.extend({ iGroupId: idSchema });
export type HospitalGroupUpdateInput = z.infer<typeof hospitalGroupUpdateSchema>;

export const hospitalGroupIdSchema = z.object({ iGroupId: idSchema });

export const hospitalGroupQuerySchema = pageQuerySchema.extend({
  strGroupName: z.string().trim().max(64).optional(),
});
export type HospitalGroupQuery = z.infer<typeof hospitalGroupQuerySchema>;
export const hospitalGroupPageSchema = pageSchema(hospitalGroupDtoSchema);
