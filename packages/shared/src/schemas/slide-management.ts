import { z } from 'zod';
import { SLIDE_DELETE_MAX } from '../slide-upload';
import { MAX_ID, datesInOrder, ddSchema, idSchema, inDateYears } from './common';
import { requiredSlideNumberSchema } from './slide';

/*
 * The slide management calls whose shapes schemas/slide.ts leaves open: the status of several
 * uploads at once and the statistics of one hospital.
 */

/** An id already read from text (NaN, fractions and out-of-range values refused). */
const idNumberSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' })
  .max(MAX_ID, { error: 'validation.invalid' });

/** Most documents one getDocumentStatus call asks about (a queue page of the upload screen). */
export const DOCUMENT_STATUS_MAX = SLIDE_DELETE_MAX;

/**
 * GET slideDocument/getDocumentStatus: ids as one comma-separated value (`1,2,3`), as the key
 * repeated (`listSlideDocumentId=1&listSlideDocumentId=2`), or both; at most DOCUMENT_STATUS_MAX.
 */
export const documentStatusQuerySchema = z.object({
  listSlideDocumentId: z
    .union([z.string(), z.array(z.string())], { error: 'validation.required' })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map(Number),
    )
    .pipe(
      z
        .array(idNumberSchema)
        .min(1, { error: 'validation.required' })
        .max(DOCUMENT_STATUS_MAX, { error: 'validation.invalid' }),
    )
    .describe('Document ids: "1,2,3" or the key repeated'),
});
export type DocumentStatusQuery = z.input<typeof documentStatusQuerySchema>;

/** Where one upload stands: what an upload screen polls. */
export const documentStatusDtoSchema = z.object({
  iSlideDocumentId: z.number().int(),
  strFileName: z.string().describe('Its name now: renamed since the upload, perhaps'),
  strDiagnosistNum: z
    .string()
    .describe('Its pathology number now: changed in slide management since, perhaps'),
  ddUploadState: ddSchema(z.number().int()).describe('See SlideUploadState'),
  iUpdateState: z.number().int().describe('1 when uploaded'),
  lSize: z.number(),
  lProgress: z.number().describe('Bytes received'),
  bProcessing: z
    .boolean()
    .describe('Received whole, not yet read by the slide engine: it may still fail its checks'),
  strFailReason: z.string().nullable(),
  strSameFileAs: z
    .string()
    .nullable()
    .describe(
      'The name of a slide uploaded earlier to the same case that is byte for byte this file ' +
        '(same checksum, single-file slides): the same scan uploaded twice under two names',
    ),
});
export type DocumentStatusDto = z.infer<typeof documentStatusDtoSchema>;

/** The caller's own documents among those asked about; others' ids are left out (as missing). */
export const documentStatusListSchema = z.object({
  listSlideDocument: z.array(documentStatusDtoSchema),
});
export type DocumentStatusList = z.infer<typeof documentStatusListSchema>;

/** GET slideDocument/statisticsSlide: administrators of several hospitals may pick one. */
export const slideStatisticsQuerySchema = z.object({
  iHospitalId: idSchema.optional().describe('Administrators: one hospital of their scope'),
});
export type SlideStatisticsQuery = z.infer<typeof slideStatisticsQuerySchema>;

/**
 * GET slideDocument/getCaseByNumber: the caller's own case of a pathology number (compared without
 * case), asked by "upload by pathology number" before it queues slides: slides for a case that
 * exists go to the case itself (its name rule at once), and a case that no longer takes slides
 * is said before anything is sent.
 */
export const caseByNumberQuerySchema = z.object({
  strDiagnosistNum: requiredSlideNumberSchema,
});
export type CaseByNumberQuery = z.infer<typeof caseByNumberQuerySchema>;
export const caseByNumberSchema = z.object({
  patient: z
    .object({
      iPatientId: z.number().int(),
      strDiagnosistNum: z.string().describe('As the case writes it'),
      strPatientName: z.string(),
      bTakesSlides: z.boolean().describe('New, returned or withdrawn: its slides may change'),
    })
    .nullable()
    .describe('Null: the caller has no case of this number'),
});
export type CaseByNumber = z.infer<typeof caseByNumberSchema>;

/** The longest period the slide statistics break down by day. */
export const SLIDE_STATISTICS_MAX_DAYS = 366;

const dayNumber = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** A calendar day between the years 1900 and 2999, as the lists' dates (common isoDateSchema). */
const reportDaySchema = z.iso.date({ error: 'validation.date' }).refine(inDateYears, {
  error: 'validation.date',
});

/**
 * GET slideDocument/statisticsSlideReport: the slide statistics screen's breakdown, over the
 * caller's statisticsSlide scope (or one hospital of it): live slides by hospital and by type,
 * and uploads by China day within dtStart…dtEnd (both included; by default the last 30 days).
 */
export const slideStatisticsReportQuerySchema = z
  .object({
    iHospitalId: idSchema.optional().describe('Administrators: one hospital of their scope'),
    dtStart: reportDaySchema.optional().describe('First day (China)'),
    dtEnd: reportDaySchema.optional().describe('Last day, included'),
  })
  .refine(...datesInOrder)
  .refine(
    (q) =>
      !q.dtStart ||
      !q.dtEnd ||
      dayNumber(q.dtEnd) - dayNumber(q.dtStart) < SLIDE_STATISTICS_MAX_DAYS,
    { error: 'validation.statisticsSpan', path: ['dtEnd'] },
  );
export type SlideStatisticsReportQuery = z.infer<typeof slideStatisticsReportQuerySchema>;

export const slideStatisticsReportSchema = z.object({
  strStart: z.string().describe('First day of listDay (China), YYYY-MM-DD'),
  strEnd: z.string().describe('Last day of listDay, included'),
  listHospital: z.array(
    z.object({
      iHospitalId: z.number().int(),
      strHospitalName: z.string(),
      iTotal: z.number().int(),
      iMatched: z.number().int(),
      iUnmatched: z.number().int(),
      iFailed: z.number().int(),
      iUnfinished: z
        .number()
        .int()
        .describe('Uploads begun and not finished (under way or interrupted)'),
      lStoredBytes: z.number().describe('Uploaded slides’ bytes'),
      lUsedBytes: z.number().describe('The hospital’s storage used'),
      dTotalMemory: z.number().describe('The hospital’s storage, GB'),
    }),
  ),
  listType: z.array(
    z.object({
      strFileType: z.string().describe('Upper case: SVS, NDPI, DCM…'),
      iTotal: z.number().int().describe('Slides of the format, as the hospitals’ iTotal counts'),
      lStoredBytes: z.number().describe('Uploaded slides’ bytes'),
    }),
  ),
  listDay: z.array(
    z.object({
      strDay: z.string().describe('YYYY-MM-DD, China'),
      iUploaded: z.number().int().describe('Uploads begun that day, removed ones included'),
      iFailed: z.number().int().describe('Of those, failed'),
      iUnfinished: z
        .number()
        .int()
        .describe('Of those, not finished (still under way, interrupted, or removed unfinished)'),
      lBytes: z.number(),
    }),
  ),
});
export type SlideStatisticsReport = z.infer<typeof slideStatisticsReportSchema>;
