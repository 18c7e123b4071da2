import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';

/**
 * The medical-order dictionary (spec §7 medicalorder): items a doctor may order or record —
 * immunohistochemistry antibodies, special stains, molecular tests. Items without a hospital are
 * the platform's dictionary, shared by every hospital; a hospital may add its own.
 */
export const MEDICAL_ORDER_CATEGORIES = ['ihc', 'special_stain', 'molecular'] as const;
export type MedicalOrderCategory = (typeof MEDICAL_ORDER_CATEGORIES)[number];

export const MedicalOrderLimits = { nameMax: 64, codeMax: 32, sortMax: 9999 } as const;

export const medicalOrderFields = {
  strCategory: z.enum(MEDICAL_ORDER_CATEGORIES, { error: 'validation.required' }),
  strName: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(MedicalOrderLimits.nameMax, { error: 'validation.tooLong' }),
  strCode: z.string().trim().max(MedicalOrderLimits.codeMax, { error: 'validation.tooLong' }),
  iSortOrder: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(MedicalOrderLimits.sortMax, { error: 'validation.invalid' }),
};

/** One item as the administrators' list shows it. */
export const medicalOrderItemDtoSchema = z.object({
  iItemId: z.number().int(),
  iHospitalId: z.number().int().nullable().describe('Null: the platform dictionary'),
  strHospitalName: z.string().nullable(),
  bPlatform: z.boolean(),
  strCategory: z.enum(MEDICAL_ORDER_CATEGORIES),
  strName: z.string(),
  strCode: z.string().nullable(),
  iSortOrder: z.number().int(),
  bEnabled: z.boolean(),
  dtUpdateTime: z.string().describe('UTC, ISO 8601'),
});
export type MedicalOrderItemDto = z.infer<typeof medicalOrderItemDtoSchema>;

export const MedicalOrderStates = ['enabled', 'disabled'] as const;
export const MedicalOrderSources = ['platform', 'hospital'] as const;

/**
 * GET medicalorder/selectMedicalorder (administrators): the dictionary a hospital's doctors draw
 * from — the platform's items and the hospital's own — disabled ones included. Without
 * `iHospitalId`: the caller's hospital, or for platform administrators the platform dictionary.
 */
export const medicalOrderQuerySchema = pageQuerySchema.extend({
  iHospitalId: idSchema.optional(),
  strCategory: z.enum(MEDICAL_ORDER_CATEGORIES).optional(),
  strName: z.string().trim().max(64).optional().describe('Part of the name or code, any case'),
  strState: z.enum(MedicalOrderStates).optional(),
  strSource: z.enum(MedicalOrderSources).optional(),
});
export type MedicalOrderQuery = z.infer<typeof medicalOrderQuerySchema>;
export const medicalOrderPageSchema = pageSchema(medicalOrderItemDtoSchema);

/**
 * POST medicalorder/updateMedicalorderValue: without `iItemId` adds an item (category and name
 * required) to a hospital's dictionary or, for platform administrators and `iHospitalId: null`,
 * to the platform's; with it changes the fields sent (an item stays in its dictionary).
 */
export const medicalOrderSaveSchema = z
  .object({
    iItemId: idSchema.optional(),
    iHospitalId: idSchema
      .nullable()
      .optional()
      .describe(
        'When adding: null the platform dictionary (platform administrators), a hospital in ' +
          'scope, or absent for the caller’s own hospital (platform administrators: the platform)',
      ),
    strCategory: medicalOrderFields.strCategory.optional(),
    strName: medicalOrderFields.strName.optional(),
    strCode: medicalOrderFields.strCode.nullable().optional(),
    iSortOrder: medicalOrderFields.iSortOrder.optional(),
    bEnabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.iItemId === undefined) {
      for (const field of ['strCategory', 'strName'] as const) {
        if (v[field] === undefined) {
          ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
        }
      }
    }
  });
export type MedicalOrderSaveInput = z.infer<typeof medicalOrderSaveSchema>;

/** GET medicalorder/selectMedDatadictionary: the enabled items a caller may pick. */
export const medicalOrderDictionaryQuerySchema = z.object({
  strCategory: z.enum(MEDICAL_ORDER_CATEGORIES).optional(),
});

export const medicalOrderOptionSchema = z.object({
  iItemId: z.number().int(),
  strCategory: z.enum(MEDICAL_ORDER_CATEGORIES),
  strName: z.string(),
  strCode: z.string().nullable(),
  bPlatform: z.boolean(),
});
export type MedicalOrderOption = z.infer<typeof medicalOrderOptionSchema>;
