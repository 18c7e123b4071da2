import { z } from 'zod';
import { ddSchema, idSchema, isoDateSchema, pageQuerySchema, pageSchema } from './common';
import { patientListItemSchema } from './patient';
import { expertPickPageSchema, expertPickerQuerySchema } from './receive';

/*
 * Distribution (issue 7 part 2, spec §7 "Case assignment", routes /assignMent/*): a case sent to a
 * diagnosis center waits there, without an expert, until an administrator holding "assign cases"
 * gives it experts or forwards it to another diagnosis center. Who may distribute what is in
 * docs/decisions.md "Distribution".
 */

/**
 * patient/GetDistributionToBeAssigned and patient/GetDistributionAssigned: the waiting and the
 * distributed cases of the centers the caller distributes for, newest sending first. The days
 * (China Standard Time, end day included) are those of the sending.
 */
export const distributionQuerySchema = pageQuerySchema.extend({
  strPatientName: z.string().trim().max(16).optional(),
  strDiagnosistNum: z.string().trim().max(16).optional(),
  dtStart: isoDateSchema.optional(),
  dtEnd: isoDateSchema.optional(),
});
export type DistributionQuery = z.infer<typeof distributionQuerySchema>;

const personSchema = z.object({ iUserId: z.number().int(), strRealName: z.string() });

/** A case waiting at a diagnosis center: the case's list columns and its sending. */
export const distributionItemSchema = patientListItemSchema.extend({
  iPatientReceiveId: z.number().int(),
  sendUser: personSchema,
  strSendHospitalName: z.string(),
  iDiagnosticsCenterId: z.number().int(),
  strDiagnosticsCenterName: z.string(),
  ddReceiveState: ddSchema(z.number().int()).describe('See ReceiveState'),
  dtSendTime: z.string(),
});
export type DistributionItem = z.infer<typeof distributionItemSchema>;
export const distributionPageSchema = pageSchema(distributionItemSchema);
export type DistributionPage = z.infer<typeof distributionPageSchema>;

/** A distributed case: who got it, who distributed it and when, and how far the expert got. */
export const distributedItemSchema = distributionItemSchema.extend({
  expert: personSchema,
  distributeUser: personSchema.nullable().describe('Null when that account was deleted'),
  dtDistributeTime: z.string().nullable(),
  dtViewTime: z.string().nullable(),
});
export type DistributedItem = z.infer<typeof distributedItemSchema>;
export const distributedPageSchema = pageSchema(distributedItemSchema);
export type DistributedPage = z.infer<typeof distributedPageSchema>;

/**
 * userManage/selectExpertByDiagnosticsCenter: the experts a waiting receive may be given (the
 * picker of userManage/selectExpert, for one receive).
 */
export const distributionExpertQuerySchema = expertPickerQuerySchema
  .omit({ iPatientId: true })
  .extend({ iPatientReceiveId: idSchema });
export type DistributionExpertQuery = z.infer<typeof distributionExpertQuerySchema>;

/** The picker's page, with the hospitals its experts come from (its hospital filter). */
export const distributionExpertPageSchema = expertPickPageSchema.extend({
  listHospital: z.array(z.object({ iHospitalId: z.number().int(), strHospitalName: z.string() })),
});
export type DistributionExpertPage = z.infer<typeof distributionExpertPageSchema>;

/**
 * patient/updatePatientReceiveUser ("submit to experts, existing receive"): the waiting receive
 * gets the first expert, every further expert a receive of their own. isAlReadyAllot 0 only:
 * a distributed case is its experts', who refer or return it.
 */
export const distributeToExpertsSchema = z.object({
  iPatientReceiveId: idSchema,
  listUser: z
    .array(z.object({ iUserId: idSchema }))
    .min(1, { error: 'validation.selectExpert' })
    .max(10, { error: 'validation.tooMany' }),
  isAlReadyAllot: ddSchema(z.literal(0, { error: 'validation.invalid' })).default({ iNumber: 0 }),
});
export type DistributeToExpertsInput = z.input<typeof distributeToExpertsSchema>;

/** hospitalManage/getDistributionHopistal: the diagnosis centers a waiting receive may go to. */
export const distributionHospitalQuerySchema = pageQuerySchema.extend({
  iPatientReceiveId: idSchema,
  strHospitalName: z.string().trim().max(64).optional(),
});
export type DistributionHospitalQuery = z.infer<typeof distributionHospitalQuerySchema>;

export const distributionHospitalItemSchema = z.object({
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  strCity: z.string(),
  iExpertCount: z.number().int().describe('Enabled experts of the center'),
});
export type DistributionHospitalItem = z.infer<typeof distributionHospitalItemSchema>;
export const distributionHospitalPageSchema = pageSchema(distributionHospitalItemSchema);
export type DistributionHospitalPage = z.infer<typeof distributionHospitalPageSchema>;

/**
 * hospitalManage/DistributionHopistal ("submit to hospitals"): the waiting receive moves to
 * another diagnosis center of the case's group, whose administrators distribute it. One center:
 * a sending waits at one center at a time.
 */
export const forwardToHospitalSchema = z.object({
  iPatientReceiveId: idSchema,
  listHospitalId: z
    .array(idSchema)
    .min(1, { error: 'validation.required' })
    .max(1, { error: 'validation.tooMany' }),
  isAlReadyAllot: z.literal(0, { error: 'validation.invalid' }).default(0),
});
export type ForwardToHospitalInput = z.input<typeof forwardToHospitalSchema>;
