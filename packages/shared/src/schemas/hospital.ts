import { z } from 'zod';
import { Limits } from '../constants';
import { HOST_PORT_PATTERN, MOBILE_PATTERN } from '../validation';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';

const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.tooLong' }).optional().default('');
const hostPort = z
  .string()
  .trim()
  .refine((v) => v === '' || HOST_PORT_PATTERN.test(v), { error: 'validation.hostPort' })
  .optional()
  .default('');

/** True when `gb` is a whole number of thousandths (within floating-point error) and at least one. */
function isWholeMegabytes(gb: number): boolean {
  const thousandths = gb * 1000;
  return thousandths >= 1 - 1e-9 && Math.abs(thousandths - Math.round(thousandths)) < 1e-6;
}

/** A hospital (institution) as every hospitalManage call answers it (spec §3 Hospital). */
export const hospitalDtoSchema = z.object({
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  strContactName: z.string(),
  strContactMobile: z.string(),
  ddIsDiagnosis: ddSchema(z.number().int()).describe(
    '0 no diagnosis, 1 diagnosis, 2 diagnosis center',
  ),
  strProvince: z.string(),
  strCity: z.string(),
  strAddress: z.string(),
  strTypeLabel: z.string().describe('Free label of the institution type, e.g. 三甲医院'),
  strInternalAddress: z.string().describe('Internal IP and port, host:port'),
  strExternalAddress: z.string().describe('External IP and port, host:port'),
  dtValidUntil: z.string().nullable().describe('Last valid day, YYYY-MM-DD'),
  dTotalMemory: z.number().describe('Slide storage allowed, GB'),
  dUsedMemory: z.number().describe('Slide storage used, GB'),
  lUsedBytes: z
    .number()
    .int()
    .describe('Slide storage used, bytes (shown in the unit that reads best)'),
  strSmsSignature: z.string(),
  bIsConsultation: z
    .boolean()
    .describe('Consultation hospital: its doctors may use the applicant side'),
  bReportReview: z
    .boolean()
    .describe("Its experts' signed reports are reviewed before the doctor receives them"),
  iGroupId: z.number().int().nullable(),
  strGroupName: z.string().nullable(),
  strAllowedLoginIps: z.string().describe('IPs or CIDR ranges allowed to log in; empty for any'),
  iUserCount: z
    .number()
    .int()
    .describe('Users of the hospital (a hospital in use cannot be deleted)'),
  dtCreateTime: z.string(),
});
export type HospitalDto = z.infer<typeof hospitalDtoSchema>;

/** hospitalManage/addHospital. Name, validity, storage and contact are required (spec §5 Other). */
export const hospitalAddSchema = z.object({
  strHospitalName: required(Limits.hospitalNameMaxLength),
  strContactName: required(32),
  strContactMobile: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(MOBILE_PATTERN, { error: 'validation.mobile' }),
  ddIsDiagnosis: ddSchema(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  strProvince: optionalText(32),
  strCity: optionalText(32),
  strAddress: optionalText(128),
  strTypeLabel: optionalText(32),
  strInternalAddress: hostPort,
  strExternalAddress: hostPort,
  dtValidUntil: z.iso.date({ error: 'validation.required' }),
  dTotalMemory: z
    .number({ error: 'validation.required' })
    .positive({ error: 'validation.positiveNumber' })
    // Stored as numeric(12,3): a figure below 0.001 or with a fourth decimal would be rounded
    // (0.0004 to 0, a hospital that could then never be saved again), so it is refused instead.
    .refine((gb) => gb <= 0 || isWholeMegabytes(gb), { error: 'validation.storageStep' })
    .max(1_000_000, { error: 'validation.invalid' }),
  strSmsSignature: optionalText(32),
  bIsConsultation: z.boolean().default(true),
  bReportReview: z.boolean().default(false),
  iGroupId: idSchema.nullable().optional().default(null),
  strAllowedLoginIps: optionalText(2000),
});
export type HospitalAddInput = z.infer<typeof hospitalAddSchema>;

export const hospitalUpdateSchema = hospitalAddSchema.extend({ iHospitalId: idSchema });
export type HospitalUpdateInput = z.infer<typeof hospitalUpdateSchema>;

export const hospitalIdSchema = z.object({ iHospitalId: idSchema });

/** hospitalManage/selectHospital: search by name and group, with paging. */
export const hospitalQuerySchema = pageQuerySchema.extend({
  strHospitalName: z.string().trim().max(64).optional(),
  iGroupId: idSchema.optional(),
  ddIsDiagnosis: z.coerce.number().int().min(0).max(2).optional(),
});
export type HospitalQuery = z.infer<typeof hospitalQuerySchema>;
export const hospitalPageSchema = pageSchema(hospitalDtoSchema);

/** hospitalManage/selectAllHospital: every visible hospital, for pickers. */
export const hospitalOptionSchema = z.object({
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  ddIsDiagnosis: ddSchema(z.number().int()),
  iGroupId: z.number().int().nullable(),
});
export type HospitalOption = z.infer<typeof hospitalOptionSchema>;

/**
 * Memory usage of a hospital (spec §3 Memory usage), GB, and in bytes: the GB figures are rounded
 * to 0.001 GB (about 1 MB), too coarse to say whether a small hospital's last megabytes are used.
 */
export const memoryUsageSchema = z.object({
  dUsedMemory: z.number(),
  dTotalMemory: z.number(),
  lUsedBytes: z.number().int().describe('Slide storage used, bytes'),
  lTotalBytes: z.number().int().describe('Slide storage allowed, bytes (1 GB = 1024³ bytes)'),
});
export type MemoryUsage = z.infer<typeof memoryUsageSchema>;
