import { z } from 'zod';
import { datesInOrder, idSchema, isoDateSchema, pageQuerySchema, pageSchema } from './common';

/** Feedback image limit of spec §5/§9 "at most 100K", with 1 K = 1024 bytes (decoded size). */
export const FEEDBACK_IMAGE_MAX_BYTES = 100 * 1024;
export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_CONTACT_MAX = 100;

/**
 * The image type of a file by its first bytes (PNG or JPEG), whatever its name or the type a data
 * URL claims: a renamed or mislabelled file is judged by what it is. Eight bytes are enough.
 */
export function sniffImageKind(head: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) {
    return 'png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'jpeg';
  }
  return null;
}

/** POST feedback/AddFeedback (spec §3 Feedback: content, contact, optional image). */
export const feedbackAddSchema = z.object({
  strContent: z
    .string({ error: 'validation.feedbackEmpty' })
    .trim()
    .min(1, { error: 'validation.feedbackEmpty' })
    .max(FEEDBACK_CONTENT_MAX, { error: 'validation.tooLong' }),
  strContact: z
    .string()
    .trim()
    .max(FEEDBACK_CONTACT_MAX, { error: 'validation.tooLong' })
    .optional()
    .default(''),
  /*
   * A base64 data URL (`data:image/png;base64,...`). Its type and size are checked by the server
   * after decoding (FEEDBACK_IMAGE_FORMAT, FEEDBACK_IMAGE_TOO_LARGE), so that an oversized image
   * gets that message rather than a generic one; this bound only keeps absurd bodies out.
   */
  strImage: z
    .string()
    .max(1_000_000, { error: 'FEEDBACK_IMAGE_TOO_LARGE' })
    .nullable()
    .optional()
    .default(null)
    .describe('Optional PNG or JPEG as a base64 data URL, at most 100 KB decoded'),
});
export type FeedbackAddInput = z.infer<typeof feedbackAddSchema>;

/** One feedback as the administrators' list shows it; the image is fetched on its own. */
export const feedbackDtoSchema = z.object({
  iFeedbackId: z.number().int(),
  dtCreateTime: z.string().describe('UTC, ISO 8601'),
  strContent: z.string(),
  strContact: z.string(),
  iUserId: z.number().int().nullable().describe('Null when the account was deleted since'),
  strUserName: z.string().describe('The sender’s user name when sending'),
  strRealName: z.string().nullable(),
  iHospitalId: z.number().int().nullable(),
  strHospitalName: z.string().nullable(),
  bHasImage: z.boolean().describe('Read the image with feedback/getImage'),
  bHandled: z.boolean(),
  dtHandledTime: z.string().nullable(),
  strHandledBy: z.string().nullable().describe('User name of who marked it handled'),
});
export type FeedbackDto = z.infer<typeof feedbackDtoSchema>;

export const FeedbackHandledFilter = ['handled', 'unhandled'] as const;

/** GET feedback/select: newest first, by handled state, date range and sender's user name. */
export const feedbackQuerySchema = pageQuerySchema
  .extend({
    strHandled: z.enum(FeedbackHandledFilter).optional(),
    strUserName: z.string().trim().max(64).optional().describe('Part of the user name, any case'),
    dtStart: isoDateSchema
      .optional()
      .describe('Inclusive; a date means its first instant (China Standard Time)'),
    dtEnd: isoDateSchema
      .optional()
      .describe('Inclusive; a date means its whole day (China Standard Time)'),
  })
  .refine(...datesInOrder);
export type FeedbackQuery = z.infer<typeof feedbackQuerySchema>;
export const feedbackPageSchema = pageSchema(feedbackDtoSchema);

export const feedbackIdSchema = z.object({ iFeedbackId: idSchema });

/** POST feedback/update: mark handled or back to unhandled. */
export const feedbackUpdateSchema = z.object({
  iFeedbackId: idSchema,
  bHandled: z.boolean({ error: 'validation.required' }),
});
export type FeedbackUpdateInput = z.infer<typeof feedbackUpdateSchema>;

/** GET feedback/getImage: the image as a data URL of its real type. */
export const feedbackImageSchema = z.object({ strImage: z.string() });
