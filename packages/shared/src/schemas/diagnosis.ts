import { z } from 'zod';
import { SCREENSHOTS_PER_REPORT, screenshotDtoSchema } from './screenshot';
import { ddSchema, idSchema, isoDateSchema, pageQuerySchema, pageSchema } from './common';
import { patientListItemSchema } from './patient';
import { expertPickerQuerySchema } from './receive';
import { timeZoneSchema } from './time-zone';

/*
 * The expert's report on a receive and what happens to it (issue 7, spec §3 "Diagnosis", §4):
 * drafts, signing, returns, the doctor's modification and supplementary requests, "my reports".
 * States and kinds are in case-states.ts (ReportState, ReportKind, ReturnKind...).
 */

export const DiagnosisLimits = {
  resultMax: 2000,
  opinionMax: 4000,
  supplementMax: 2000,
  reasonMax: 500,
  ordersMax: 20,
} as const;

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

/** diagnosis/saveDraft and diagnosis/confirmDiagnosis: the open version of the receive's report. */
export const diagnosisDraftSchema = z.object({
  iPatientReceiveId: idSchema,
  strResult: text(DiagnosisLimits.resultMax).default(''),
  strOpinion: text(DiagnosisLimits.opinionMax).default(''),
  strSupplement: text(DiagnosisLimits.supplementMax).default(''),
  /** Case screenshots for the report, in order (spec §5: up to 4). */
  listScreenshotId: z
    .array(idSchema)
    .max(SCREENSHOTS_PER_REPORT, { error: 'validation.diagnosis.screenshots' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' })
    .default([]),
});
export type DiagnosisDraftInput = z.input<typeof diagnosisDraftSchema>;

const personSchema = z.object({ iUserId: z.number().int(), strRealName: z.string() });

/** One version of a report. */
export const reportDtoSchema = z.object({
  iReportId: z.number().int(),
  iPatientReceiveId: z.number().int(),
  iPatientId: z.number().int(),
  iVersion: z.number().int(),
  ddKind: ddSchema(z.number().int()).describe('ReportKind'),
  ddState: ddSchema(z.number().int()).describe('ReportState'),
  strResult: z.string(),
  strOpinion: z.string(),
  strSupplement: z.string(),
  listScreenshot: z.array(screenshotDtoSchema),
  expert: personSchema.extend({ strHospitalName: z.string() }),
  /** The signature image (data URL) the report was signed with; drafts have none. */
  strSignature: z.string().nullable(),
  dtSignTime: z.string().nullable(),
  iPrintCount: z.number().int(),
  dtUpdateTime: z.string(),
  /** ReviewState of a signed version; null when its expert's hospital does not review reports. */
  ddReviewState: ddSchema(z.number().int()).nullable(),
  /** Why the reviewer rejected it; empty otherwise. */
  strReviewReason: z.string(),
  reviewer: personSchema.nullable(),
  dtReviewTime: z.string().nullable(),
  /** The case's owner may ask for a modification / the supplementary opinion of this version
   * (the receive's latest signed one, no request open). */
  bMayRequestModification: z.boolean(),
  bMayRequestSupplement: z.boolean(),
});
export type ReportDto = z.infer<typeof reportDtoSchema>;

/** A doctor's request about a signed report, with the expert's answer. */
export const reportRequestDtoSchema = z.object({
  iRequestId: z.number().int(),
  iReportId: z.number().int(),
  ddKind: ddSchema(z.number().int()).describe('ReportRequestKind'),
  ddState: ddSchema(z.number().int()).describe('ReportRequestState'),
  strReason: z.string(),
  strAnswer: z.string().nullable(),
  requester: personSchema,
  dtCreateTime: z.string(),
  dtDecideTime: z.string().nullable(),
});
export type ReportRequestDto = z.infer<typeof reportRequestDtoSchema>;

/** diagnosis/selectDiagnosis: by receive (its expert) or by case (whoever reads the case). */
export const diagnosisQuerySchema = z
  .object({ iPatientReceiveId: idSchema.optional(), iPatientId: idSchema.optional() })
  .refine((q) => q.iPatientReceiveId !== undefined || q.iPatientId !== undefined, {
    error: 'validation.required',
  });
export type DiagnosisQuery = z.infer<typeof diagnosisQuerySchema>;

export const diagnosisDtoSchema = z.object({
  /** Signed versions, newest first (the history of opinions). */
  listReport: z.array(reportDtoSchema),
  /** The expert's open version (a draft, or empty when nothing was saved yet); null when the
   * caller may not write one now. */
  objDraft: reportDtoSchema.nullable(),
  /** ReportKind of the version the expert may write now; null when none. */
  iOpenKind: z.number().int().nullable(),
  /**
   * When the open version is filled from the expert's draft of an earlier sending of the case
   * (returned, and sent to them again): when that draft was last saved. Null otherwise.
   */
  dtEarlierDraft: z.string().nullable(),
  /**
   * Figure numbers, as the open draft was saved, of its screenshots deleted since (by their
   * author, a doctor say): the figures after them are renumbered, and the draft's text may cite
   * the old numbers. Empty when none, and for anyone but the draft's expert.
   */
  listGoneFigure: z.array(z.number().int().positive()),
  /** The doctor's requests about these reports, oldest first. */
  listRequest: z.array(reportRequestDtoSchema),
});
export type DiagnosisDto = z.infer<typeof diagnosisDtoSchema>;

const reasonSchema = z
  .string({ error: 'validation.diagnosis.reason' })
  .trim()
  .min(1, { error: 'validation.diagnosis.reason' })
  .max(DiagnosisLimits.reasonMax, { error: 'validation.tooLong' });

/** diagnosis/backPatient: a regular return with its reason. */
export const backPatientSchema = z.object({ iPatientReceiveId: idSchema, strReason: reasonSchema });
export type BackPatientInput = z.input<typeof backPatientSchema>;

/** diagnosis/backPatientReferral: the case goes on to another expert. */
export const backReferralSchema = backPatientSchema.extend({
  iUserId: idSchema.describe('The expert the case is referred to'),
});
export type BackReferralInput = z.input<typeof backReferralSchema>;

/** diagnosis/backPatientMedicalorder: the doctor must add stains or tests first. */
export const backMedicalOrderSchema = z.object({
  iPatientReceiveId: idSchema,
  strReason: text(DiagnosisLimits.reasonMax).default(''),
  listMedicalorderId: z
    .array(idSchema)
    .min(1, { error: 'validation.diagnosis.orders' })
    .max(DiagnosisLimits.ordersMax, { error: 'validation.tooMany' }),
});
export type BackMedicalOrderInput = z.input<typeof backMedicalOrderSchema>;

/** A return as the doctor's return detail shows it. */
export const returnDtoSchema = z.object({
  iReturnId: z.number().int(),
  iPatientReceiveId: z.number().int(),
  ddKind: ddSchema(z.number().int()).describe('ReturnKind'),
  strReason: z.string(),
  expert: personSchema,
  referredExpert: personSchema.nullable(),
  listOrder: z.array(z.object({ iMedicalorderId: z.number().int(), strName: z.string() })),
  dtCreateTime: z.string(),
});
export type ReturnDto = z.infer<typeof returnDtoSchema>;
export const returnListSchema = z.object({ listReturn: z.array(returnDtoSchema) });
export type ReturnList = z.infer<typeof returnListSchema>;
export const caseIdQuerySchema = z.object({ iPatientId: idSchema });

/** diagnosis/applyReportChange: the doctor asks for a modification or a supplementary opinion. */
export const reportRequestAddSchema = z.object({
  iReportId: idSchema,
  ddKind: ddSchema(z.union([z.literal(0), z.literal(1)])),
  strReason: reasonSchema,
});
export type ReportRequestAddInput = z.input<typeof reportRequestAddSchema>;

/** diagnosis/answerReportChange: the expert agrees or refuses (a refusal needs its reason). */
export const reportRequestAnswerSchema = z
  .object({
    iRequestId: idSchema,
    bAgree: z.boolean(),
    strAnswer: text(DiagnosisLimits.reasonMax).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.bAgree && v.strAnswer.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['strAnswer'],
        message: 'validation.diagnosis.refuseReason',
      });
    }
  });
export type ReportRequestAnswerInput = z.input<typeof reportRequestAnswerSchema>;

export const reportIdSchema = z.object({ iReportId: idSchema });

/**
 * GET diagnosis/ProduceReport: the version to print, and the zone its times print in — the
 * browser's, so that the paper says what the screen says; without one (or with a zone the server
 * does not know) the server's REPORT_TIME_ZONE.
 */
export const reportPdfQuerySchema = reportIdSchema.extend({
  strTimeZone: timeZoneSchema.optional(),
});
export type ReportPdfQuery = z.infer<typeof reportPdfQuerySchema>;

/** /ExpertsReorts (the expert's) and /DiagnosticReport (the doctor's): signed reports, newest first. */
export const reportListQuerySchema = pageQuerySchema.extend({
  strPatientName: z.string().trim().max(16).optional(),
  strDiagnosistNum: z.string().trim().max(16).optional(),
  dtStart: isoDateSchema.optional(),
  dtEnd: isoDateSchema.optional(),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;
export const reportListItemSchema = patientListItemSchema.extend({
  iReportId: z.number().int(),
  iPatientReceiveId: z.number().int(),
  iVersion: z.number().int(),
  ddKind: ddSchema(z.number().int()),
  strResult: z.string(),
  expert: personSchema,
  dtSignTime: z.string(),
  iPrintCount: z.number().int(),
  /** ReviewState of the version; null when not reviewed (the doctor's list has released ones). */
  ddReviewState: ddSchema(z.number().int()).nullable(),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;
export const reportListPageSchema = pageSchema(reportListItemSchema);
export type ReportListPage = z.infer<typeof reportListPageSchema>;

/**
 * diagnosis/selectReviewReports: the signed versions a reviewer decides (administrators holding
 * "report view" whose scope holds the expert's hospital), of one ReviewState or, without
 * `ddReviewState`, all of them (the review screen asks for pending ones first).
 */
export const reviewListQuerySchema = reportListQuerySchema.extend({
  ddReviewState: z.coerce.number().int().min(0).max(2).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
export const reviewListItemSchema = reportListItemSchema.extend({
  strOpinion: z.string(),
  strSupplement: z.string(),
  expert: personSchema.extend({ strHospitalName: z.string() }),
  ddReviewState: ddSchema(z.number().int()),
  strReviewReason: z.string(),
  reviewer: personSchema.nullable(),
  dtReviewTime: z.string().nullable(),
});
export type ReviewListItem = z.infer<typeof reviewListItemSchema>;
export const reviewListPageSchema = pageSchema(reviewListItemSchema);
export type ReviewListPage = z.infer<typeof reviewListPageSchema>;

/**
 * patient/updatePatientReceiveAudit: a reviewer passes (1) or rejects (2) a pending version; a
 * rejection needs its reason, which the expert reads.
 */
export const reportReviewSchema = z
  .object({
    iReportId: idSchema,
    ddReviewState: ddSchema(z.union([z.literal(1), z.literal(2)])),
    strReason: text(DiagnosisLimits.reasonMax).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.ddReviewState.iNumber === 2 && v.strReason === '') {
      ctx.addIssue({ code: 'custom', path: ['strReason'], message: 'validation.required' });
    }
  });
export type ReportReviewInput = z.input<typeof reportReviewSchema>;

/** diagnosis/selectReferralExperts: the picker of a referral (the experts the doctor could choose). */
export const referralExpertQuerySchema = expertPickerQuerySchema.extend({
  iPatientReceiveId: idSchema,
});
