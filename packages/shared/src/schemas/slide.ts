import { z } from 'zod';
import {
  SLIDE_DELETE_MAX,
  SLIDE_MAX_BYTES,
  SLIDE_MAX_FILES,
  UPLOAD_RECORDS_MAX,
  UploadType,
  isSafeFileName,
} from '../slide-upload';
import { CaseLimits } from '../case-constants';
import { MAX_ID, ddSchema, idSchema, isoDateSchema, pageQuerySchema, pageSchema } from './common';

/**
 * The pathology number of slides without a case: at most a case number's length, since it is
 * there to be matched to a case of that number (a longer one never could be).
 */
export const slideNumberSchema = z
  .string()
  .trim()
  .max(CaseLimits.diagnosisNumMax, { error: 'validation.tooLong' });
/**
 * The same, where the number must be given (renumbering, uploading by number): said as "the
 * pathology number cannot be empty" rather than "this field", as a case's number is.
 */
export const requiredSlideNumberSchema = slideNumberSchema.min(1, {
  error: 'validation.case.diagnosisNum',
});

/*
 * Slide documents and their upload (spec §3 "Slide document", §7 "Slides"). A document is one
 * slide: one file (SVS, TIFF, NDPI, DICOM...) or a main file with a folder of files (MRXS).
 */

const sizeSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(SLIDE_MAX_BYTES, { error: 'validation.slideTooLarge' });

const fileNameSchema = z
  .string({ error: 'validation.required' })
  // Blank is "required", not "unsafe characters": stop there.
  .refine((name) => name.trim() !== '', { error: 'validation.required', abort: true })
  .refine(isSafeFileName, { error: 'validation.fileName' });

/** One file of a document: its path relative to what the user picked, and its size. */
export const fileSliceInfoInputSchema = z.object({
  strFilePath: z.string().min(1, { error: 'validation.required' }).max(400),
  lSize: sizeSchema,
});

export const uploadFileInputSchema = z.object({
  iFileId: z.number().int().optional().describe('The client’s own id of the item, echoed back'),
  strFileName: fileNameSchema.describe('The main file’s name as the user’s computer shows it'),
  strFileType: z
    .string()
    .max(16)
    .optional()
    .describe('Extension; the server reads it from the name'),
  lSize: sizeSchema.describe('All files of the document together'),
  lLastModified: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('The main file’s modification time (ms): with name and size, finds the upload again'),
  listFileSliceInfo: z
    .array(fileSliceInfoInputSchema)
    .min(1, { error: 'validation.required' })
    .max(SLIDE_MAX_FILES, { error: 'validation.invalid' })
    .optional()
    .describe('Every file of a folder slide (MRXS); absent for a single-file slide'),
});
export type UploadFileInput = z.infer<typeof uploadFileInputSchema>;

/**
 * POST slideDocument/addUploadRecords: upload records for a case (iPatientId) or for a pathology
 * number with no case yet (unmatched). The hospital and the uploader are the caller's own: the
 * spec's iHospitalId and iUploadUserId are accepted and ignored.
 */
export const uploadRecordsInputSchema = z
  .object({
    iPatientId: idSchema.optional(),
    iHospitalId: z.number().int().optional().describe('Ignored: the caller’s hospital'),
    strDiagnosistNum: slideNumberSchema.optional(),
    iUploadUserId: z.number().int().optional().describe('Ignored: the caller'),
    iUploadType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
    listFile: z
      .array(uploadFileInputSchema)
      .min(1, { error: 'validation.required' })
      .max(UPLOAD_RECORDS_MAX, { error: 'validation.invalid' }),
  })
  .refine((input) => input.iPatientId !== undefined || Boolean(input.strDiagnosistNum), {
    error: 'validation.case.diagnosisNum',
    path: ['strDiagnosistNum'],
  })
  // Spec §5: a single upload takes one file (one slide document); batch and free take several.
  .refine((input) => input.iUploadType !== UploadType.Single || input.listFile.length === 1, {
    error: 'validation.singleUpload',
    path: ['listFile'],
  });
export type UploadRecordsInput = z.infer<typeof uploadRecordsInputSchema>;

/** Chunk ranges as inclusive [first, last] index pairs. */
const rangesSchema = z.array(z.tuple([z.number().int(), z.number().int()]));

export const fileSliceInfoDtoSchema = z.object({
  strFilePath: z.string().describe('Relative path as the client declared it'),
  lSize: z.number(),
  iChunkCount: z.number().int(),
  lProgress: z.number().describe('Bytes received'),
  strStatus: z.enum(['waiting', 'uploading', 'uploaded']),
  listReceived: rangesSchema.describe('Chunks the server holds, as [first, last] ranges'),
});
export type FileSliceInfoDto = z.infer<typeof fileSliceInfoDtoSchema>;

/** GET slideDocument/getFileStatus: what the server holds of a document, to resume it. */
export const fileStatusDtoSchema = z.object({
  iSlideDocumentId: z.number().int(),
  strFileName: z.string(),
  lSize: z.number(),
  lProgress: z.number(),
  lChunkSize: z.number().int(),
  ddUploadState: ddSchema(z.number().int()).describe('See SlideUploadState'),
  iUpdateState: z.number().int().describe('1 when uploaded'),
  listFileSliceInfo: z.array(fileSliceInfoDtoSchema),
});
export type FileStatusDto = z.infer<typeof fileStatusDtoSchema>;

/**
 * GET slideDocument/getChunkChecksums: the CRC-32 of each chunk the server holds of an unfinished
 * document, per file, as [chunk index, strChunkCrc32] pairs in index order. A client continuing
 * an upload with files chosen again checks them first: a different file of the same name, size
 * and time would otherwise be finished onto the chunks of the first.
 */
export const chunkChecksumsDtoSchema = z.object({
  iSlideDocumentId: z.number().int(),
  listFile: z.array(
    z.object({
      strFilePath: z.string(),
      listChunk: z.array(z.tuple([z.number().int(), z.string()])),
    }),
  ),
});
export type ChunkChecksumsDto = z.infer<typeof chunkChecksumsDtoSchema>;

export const uploadRecordDtoSchema = fileStatusDtoSchema.extend({
  iFileId: z.number().int().nullable(),
  bResumed: z.boolean().describe('An unfinished upload of the same file was found and continues'),
});
export type UploadRecordDto = z.infer<typeof uploadRecordDtoSchema>;
export const uploadRecordsDtoSchema = z.object({ listFile: z.array(uploadRecordDtoSchema) });
export type UploadRecordsDto = z.infer<typeof uploadRecordsDtoSchema>;

/**
 * Fields of POST slideDocument/fileUploadHandler (multipart; the `file` part last): one chunk.
 * iUpdadeState 1 on the last chunk asks to complete the document.
 */
/**
 * A multipart field holding a whole number: decimal digits alone. Coercion took '' for 0, '0x1'
 * for 1 and '1e3' for 1000.
 */
const digitsField = z
  .string()
  .regex(/^\d{1,16}$/, { error: 'validation.invalid' })
  .transform(Number);

export const chunkFieldsSchema = z.object({
  iSlideDocumentId: digitsField.pipe(
    z
      .number()
      .int()
      .positive({ error: 'validation.invalid' })
      .max(MAX_ID, { error: 'validation.invalid' }),
  ),
  // No stored path holds a NUL (file names refuse control characters), and the database could
  // not even look one up.
  strFilePath: z
    .string()
    .min(1)
    .max(400)
    .refine((path) => !path.includes('\u0000'), { error: 'validation.nulCharacter' }),
  iChunk: digitsField.pipe(z.number().int().min(0).max(SLIDE_MAX_BYTES)),
  strChunkCrc32: z
    .string()
    .regex(/^[0-9a-f]{8}$/, { error: 'validation.invalid' })
    .describe("CRC-32 (IEEE 802.3, zlib's) of the chunk: 8 lower-case hex digits (crc32Hex)"),
  iUpdadeState: digitsField.pipe(z.number().int().min(0).max(1)).default(0),
});
export type ChunkFields = z.infer<typeof chunkFieldsSchema>;

export const chunkResultDtoSchema = z.object({
  iSlideDocumentId: z.number().int(),
  strFilePath: z.string(),
  iChunk: z.number().int(),
  bDuplicate: z.boolean().describe('The server already held this chunk, byte for byte'),
  ddUploadState: ddSchema(z.number().int()),
  iUpdateState: z.number().int(),
});
export type ChunkResultDto = z.infer<typeof chunkResultDtoSchema>;

/** objData of SLIDE_CHUNKS_MISSING: what completion still lacks. */
export const missingChunksSchema = z.object({
  listMissing: z.array(z.object({ strFilePath: z.string(), listChunks: rangesSchema })),
});
export type MissingChunks = z.infer<typeof missingChunksSchema>;

export const documentIdQuerySchema = z.object({ iSlideDocumentId: idSchema });
export type DocumentIdQuery = z.infer<typeof documentIdQuerySchema>;

/**
 * GET slideDocument/getSlideToken?iSlideDocumentId: a signed, expiring token that opens the
 * slide's tiles (Deep Zoom at strDziUrl, IIIF Image API at strIiifUrl) without a session; tile
 * requests carry it in their path and are checked without a database query.
 */
export const slideTokenDtoSchema = z.object({
  strToken: z.string(),
  dtExpire: z.string().describe('UTC, ISO 8601'),
  strDziUrl: z.string().describe('Server-relative URL of the Deep Zoom descriptor'),
  strIiifUrl: z.string().describe('Server-relative IIIF Image API base (append /info.json)'),
});
export type SlideTokenDto = z.infer<typeof slideTokenDtoSchema>;

/** GET slideDocument/getSupportSlide. */
export const supportSlideDtoSchema = z.object({
  listType: z.array(z.string()).describe('Lower-case extensions this server reads now'),
  listNeedsOpenSlide: z
    .array(z.string())
    .describe(
      'Vendor types (lower-case extensions) it would read with OpenSlide, which is not installed: ' +
        'refused at once with the message that says how to enable them',
    ),
  lChunkSize: z.number().int(),
});
export type SupportSlideDto = z.infer<typeof supportSlideDtoSchema>;

/** A slide document in lists and the case's Imagery tab. */
export const slideDocumentDtoSchema = z.object({
  iSlideDocumentId: z.number().int(),
  strFileName: z.string(),
  strOriginalName: z.string(),
  strFileType: z.string(),
  lSize: z.number(),
  lProgress: z.number(),
  iUploadType: z.number().int(),
  ddUploadState: ddSchema(z.number().int()),
  iUpdateState: z.number().int(),
  bStalled: z
    .boolean()
    .describe(
      'Still uploading, but no chunk arrived for minutes: the queue that sent it stopped ' +
        '(page closed or reloaded, link lost). Choosing the same file again resumes it',
    ),
  strFailReason: z.string().nullable(),
  ddMatchState: ddSchema(z.number().int()).describe('See SlideMatchState'),
  bCaseLocked: z
    .boolean()
    .describe(
      'Matched to a case that no longer takes slide changes (submitted, completed): the slide ' +
        'cannot be renamed, renumbered or deleted (SLIDE_CASE_LOCKED)',
    ),
  iPatientId: z.number().int().nullable(),
  bNumberHasCase: z
    .boolean()
    .describe(
      'Unmatched, and a case of its hospital has its pathology number (compared without case): ' +
        'matching has a case to try. False when matched or when no case has the number yet',
    ),
  iCaseOwnerId: z
    .number()
    .int()
    .nullable()
    .describe(
      "The matched case's owner: the one doctor who removes the slide from it (null: unmatched)",
    ),
  strPatientName: z.string().nullable(),
  strDiagnosistNum: z.string(),
  iHospitalId: z.number().int(),
  strHospitalName: z.string(),
  iUploadUserId: z.number().int(),
  strUploadUserName: z.string(),
  iFileCount: z.number().int(),
  strChecksum: z
    .string()
    .nullable()
    .describe('XXH3-128 of the main file (as `xxh128sum` prints it), once uploaded'),
  dObjectiveMagnification: z.number().nullable(),
  strThumbnailBase64: z.string().nullable().describe('JPEG within 256×256, bare base64'),
  // What the slide engine read at ingest; absent until it has read the slide.
  iWidth: z.number().int().optional().describe('Level 0 width in pixels'),
  iHeight: z.number().int().optional().describe('Level 0 height in pixels'),
  iLevelCount: z.number().int().optional(),
  dMppX: z.number().nullable().optional().describe('Micrometres per pixel at level 0'),
  dMppY: z.number().nullable().optional(),
  strVendor: z.string().optional().describe("Format as read: 'aperio', 'generic-tiff', 'dicom'…"),
  listAssociated: z
    .array(z.string())
    .optional()
    .describe("Associated images kept beside the slide: 'label', 'macro'"),
  dtUploadTime: z.string(),
  dtCompleteTime: z.string().nullable(),
  dtDeleteTime: z.string().nullable(),
  strDeleteUserName: z.string().nullable(),
});
export type SlideDocumentDto = z.infer<typeof slideDocumentDtoSchema>;

/** GET slideDocument/selectSlideDocumentByPatient: a case's slides (Imagery tab). */
export const slidesByPatientQuerySchema = z.object({
  iPatientId: idSchema,
  iSlideDocumentType: z.coerce.number().int().optional().describe('Reserved (spec); ignored'),
});
export type SlidesByPatientQuery = z.infer<typeof slidesByPatientQuerySchema>;
export const slideDocumentListSchema = z.object({
  listSlideDocument: z.array(slideDocumentDtoSchema),
});
export type SlideDocumentList = z.infer<typeof slideDocumentListSchema>;

/** Orders of the slide management lists: a column and a direction; the latest first by default. */
export const SLIDE_SORTS = [
  'timeDesc',
  'timeAsc',
  'nameAsc',
  'nameDesc',
  'numAsc',
  'numDesc',
  'sizeAsc',
  'sizeDesc',
] as const;
export type SlideSort = (typeof SLIDE_SORTS)[number];

/** GET slideDocument/selectSlideDocumentByType: slide management lists. */
export const slideListQuerySchema = pageQuerySchema.extend({
  iType: z.coerce
    .number()
    .int()
    .min(0)
    .max(1)
    .default(0)
    .describe('0 stored slides, 1 removed slides'),
  iMatchState: z.coerce.number().int().min(0).max(1).optional(),
  iUploadState: z.coerce
    .number()
    .int()
    .min(0)
    .max(4)
    .optional()
    .describe(
      '0 uploading, 1 uploaded, 2 failed; 3 processing (uploaded, not read yet), 4 interrupted',
    ),
  strDiagnosistNum: z.string().trim().max(CaseLimits.diagnosisNumMax).optional(),
  iNumMatch: z.coerce
    .number()
    .int()
    .min(0)
    .max(1)
    .default(0)
    .describe('0 numbers starting with strDiagnosistNum, 1 exactly it (case ignored)'),
  strFileName: z
    .string()
    .trim()
    .max(255)
    .optional()
    .describe('Part of the name, or of the name the slide was uploaded as (case ignored)'),
  strPatientName: z
    .string()
    .trim()
    .max(CaseLimits.nameMax)
    .optional()
    .describe('Part of the patient name of the slide’s case (case ignored): matched slides only'),
  iHospitalId: idSchema.optional().describe('Administrators with all-hospital scope'),
  dtStart: isoDateSchema
    .optional()
    .describe('First day of upload (stored slides) or of removal (removed slides)'),
  dtEnd: isoDateSchema.optional().describe('Last day, included'),
  strSort: z
    .enum(SLIDE_SORTS)
    .default('timeDesc')
    .describe(
      'time: of upload (stored slides) or removal (removed slides); name, number (pathology), size',
    ),
});
export type SlideListQuery = z.infer<typeof slideListQuerySchema>;
/** What a client sends: the number match and the order may be left to their defaults. */
export type SlideListParams = Omit<SlideListQuery, 'iNumMatch' | 'strSort'> &
  Partial<Pick<SlideListQuery, 'iNumMatch' | 'strSort'>>;
export const slidePageSchema = pageSchema(slideDocumentDtoSchema).extend({
  lTotalBytes: z
    .number()
    .describe('The sizes (lSize) of every slide the filters find, on all pages, added up'),
});
export type SlidePage = z.infer<typeof slidePageSchema>;

/** POST slideDocument/deleteSlideDocument. */
export const slideDeleteInputSchema = z.object({
  listSlideDocument: z
    .array(z.object({ iSlideDocumentId: idSchema }))
    .min(1, { error: 'validation.required' })
    .max(SLIDE_DELETE_MAX, { error: 'validation.slideDeleteMax' }),
});
export type SlideDeleteInput = z.infer<typeof slideDeleteInputSchema>;

/** POST slideDocument/matchPatient: match unmatched slides to cases by pathology number. */
export const slideMatchInputSchema = z.object({
  listSlideDocument: z
    .array(z.object({ iSlideDocumentId: idSchema }))
    .min(1, { error: 'validation.required' })
    .max(SLIDE_DELETE_MAX, { error: 'validation.slideMatchMax' }),
});
export type SlideMatchInput = z.infer<typeof slideMatchInputSchema>;

/** POST patient/matchSlideDocument: attach the hospital's unmatched slides of a case's number. */
export const caseSlideMatchInputSchema = z.object({ iPatientId: idSchema });
export type CaseSlideMatchInput = z.infer<typeof caseSlideMatchInputSchema>;

/**
 * Why a selected slide stayed unmatched: no case of its number; its case submitted (or done);
 * its case already holding a slide of the name; its case a colleague's (matching is the case
 * owner's); the slide failed to upload or could not be read; its upload is not complete.
 */
export const UNMATCHED_REASONS = [
  'noCase',
  'caseLocked',
  'nameTaken',
  'colleagueCase',
  'unreadable',
  'unfinished',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export const slideMatchResultSchema = z.object({
  iMatched: z.number().int(),
  listUnmatched: z.array(z.number().int()).describe('Selected slides that stayed unmatched'),
  listUnmatchedReason: z
    .array(z.object({ iSlideDocumentId: z.number().int(), strReason: z.enum(UNMATCHED_REASONS) }))
    .describe('Why each of listUnmatched stayed unmatched'),
});
export type SlideMatchResult = z.infer<typeof slideMatchResultSchema>;

/** POST slideDocument/updateSlideDocument: rename (display name) or correct the number. */
export const slideUpdateInputSchema = z.object({
  iSlideDocumentId: idSchema,
  strFileName: fileNameSchema.optional(),
  strDiagnosistNum: requiredSlideNumberSchema.optional(),
});
export type SlideUpdateInput = z.infer<typeof slideUpdateInputSchema>;

/** GET slideDocument/statisticsSlide: the caller's hospital (or all, for the platform). */
export const slideStatisticsSchema = z.object({
  iTotal: z.number().int(),
  iMatched: z.number().int(),
  iUnmatched: z.number().int(),
  iUploading: z.number().int(),
  /** Uploads no data has reached for minutes (the lists' "interrupted" state). */
  iInterrupted: z.number().int(),
  iFailed: z.number().int(),
  lStoredBytes: z.number(),
  /** Storage used in bytes: dUsedMemory is rounded to 0.001 GB, a first slide's megabytes to 0. */
  lUsedBytes: z.number(),
  dUsedMemory: z.number().describe('GB, hospital (null scope: all hospitals)'),
  dTotalMemory: z.number(),
});
export type SlideStatistics = z.infer<typeof slideStatisticsSchema>;
