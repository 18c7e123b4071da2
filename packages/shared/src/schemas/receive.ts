import { z } from 'zod';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';
import { patientDtoSchema, patientListItemSchema } from './patient';

/*
 * Sending cases for diagnosis (issue 7 part 1, spec §7 "Case assignment"): the expert picker, the
 * submission (patient/addPatientReceive) and the receives an expert works from.
 */

/** userManage/selectExpert: experts a doctor may send the case to (diagnosis centers of the group). */
export const expertPickerQuerySchema = pageQuerySchema.extend({
  strRealName: z.string().trim().max(32).optional(),
  /** Only the experts of this diagnosis center (the picker's hospital filter). */
  iQueryHospitalId: idSchema.optional(),
  /** The case being sent: experts it is already waiting with are marked. */
  iPatientId: idSchema.optional(),
});
export type ExpertPickerQuery = z.infer<typeof expertPickerQuerySchema>;

export const expertPickItemSchema = z.object({
  iUserId: z.number().int(),
  strRealName: z.string(),
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  strSpecialty: z.string().nullable(),
  strIntro: z.string().nullable(),
  /** The expert's schedule: weekday 1 (Monday)–7, period 1 morning / 2 afternoon. */
  listWorkingTime: z.array(z.object({ iWeekday: z.number().int(), iPeriod: z.number().int() })),
  /** The case (iPatientId of the query) is already waiting with this expert. */
  bAlreadySent: z.boolean(),
});
export type ExpertPickItem = z.infer<typeof expertPickItemSchema>;
export const expertPickPageSchema = pageSchema(expertPickItemSchema);
export type ExpertPickPage = z.infer<typeof expertPickPageSchema>;

/** patient/addPatientReceive: send cases to named experts, or to a diagnosis center. */
export const patientReceiveAddSchema = z
  .object({
    listPatient: z
      .array(z.object({ iPatientId: idSchema }))
      .min(1, { error: 'validation.required' })
      .max(50, { error: 'validation.tooMany' }),
    listUser: z
      .array(z.object({ iUserId: idSchema }))
      .max(10, { error: 'validation.tooMany' })
      .default([]),
    /** 1: to the diagnosis center iAllotDiagnosticsCenterId, whose administrators distribute it. */
    ddIsDiagnosticsCenter: ddSchema(z.union([z.literal(0), z.literal(1)])).default({ iNumber: 0 }),
    iAllotDiagnosticsCenterId: idSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.ddIsDiagnosticsCenter.iNumber === 0 && v.listUser.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['listUser'], message: 'validation.selectExpert' });
    }
    if (v.ddIsDiagnosticsCenter.iNumber === 1 && v.iAllotDiagnosticsCenterId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['iAllotDiagnosticsCenterId'],
        message: 'validation.required',
      });
    }
  });
export type PatientReceiveAddInput = z.input<typeof patientReceiveAddSchema>;

const personSchema = z.object({ iUserId: z.number().int(), strRealName: z.string() });

/** One sending of a case (spec §3 Patient receive). */
export const patientReceiveDtoSchema = z.object({
  iPatientReceiveId: z.number().int(),
  patient: z.object({
    iPatientId: z.number().int(),
    strDiagnosistNum: z.string(),
    strPatientName: z.string(),
  }),
  sendUser: personSchema,
  /** The expert; null while a case sent to a diagnosis center waits for distribution. */
  expert: personSchema.nullable(),
  iDiagnosticsCenterId: z.number().int().nullable(),
  strDiagnosticsCenterName: z.string().nullable(),
  ddPatientState: ddSchema(z.number().int()).describe('See ReceiveState'),
  ddIsDistribution: ddSchema(z.number().int()).describe('1: assigned to its expert'),
  dtCreateTime: z.string(),
  dtViewTime: z.string().nullable(),
});
export type PatientReceiveDto = z.infer<typeof patientReceiveDtoSchema>;
export const patientReceiveListSchema = z.object({
  listPatientReceive: z.array(patientReceiveDtoSchema),
});
export type PatientReceiveList = z.infer<typeof patientReceiveListSchema>;

/** patient/selectPatientReceiveByUser: the expert's received cases, newest first. */
export const receivedQuerySchema = pageQuerySchema.extend({
  iState: z.coerce.number().int().min(0).max(9).default(0),
  strPatientName: z.string().trim().max(16).optional(),
  strDiagnosistNum: z.string().trim().max(16).optional(),
});
export type ReceivedQuery = z.infer<typeof receivedQuerySchema>;
export const receivedItemSchema = patientListItemSchema.extend({
  iPatientReceiveId: z.number().int(),
  sendUser: personSchema,
  strSendHospitalName: z.string(),
  ddReceiveState: ddSchema(z.number().int()),
  dtReceiveTime: z.string(),
  dtViewTime: z.string().nullable(),
});
export type ReceivedItem = z.infer<typeof receivedItemSchema>;
export const receivedPageSchema = pageSchema(receivedItemSchema);
export type ReceivedPage = z.infer<typeof receivedPageSchema>;

/** patient/getPatientReceiveInfo: the expert opens a received case (marks it viewed). */
export const receiveIdSchema = z.object({ iPatientReceiveId: idSchema });
export const receiveInfoDtoSchema = z.object({
  objReceive: patientReceiveDtoSchema,
  objPatient: patientDtoSchema,
});
export type ReceiveInfoDto = z.infer<typeof receiveInfoDtoSchema>;

/** patient/selectPatientReceiveByPatient: where a case was sent (its owner and its readers). */
export const receivesOfPatientQuerySchema = z.object({ iPatientId: idSchema });
