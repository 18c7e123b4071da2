import { z } from 'zod';
import { idSchema } from './common';

/**
 * The signature image of spec §5: PNG only, cropped to a 265×150 box. The spec gives two size
 * limits (1 MB and 100K); we take 100 KB of PNG bytes, since the signature travels with the user
 * info and on every report, and a 265×150 PNG of a signature is far smaller.
 */
export const SIGNATURE_WIDTH = 265;
export const SIGNATURE_HEIGHT = 150;
export const SIGNATURE_MAX_BYTES = 100 * 1024;
/** How the size limit reads in messages (`{max}` of SIGNATURE_TOO_LARGE). */
export const SIGNATURE_MAX_LABEL = '100K';
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * userManage/updateSignature: the caller's own signature as a PNG data URL (or bare base64);
 * an empty string removes it. The length cap only keeps absurd bodies out: the size and format
 * rules are checked on the decoded bytes, with their own messages.
 */
export const signatureUpdateSchema = z.object({
  iUserId: idSchema,
  strSignatureUrl: z
    .string({ error: 'validation.required' })
    .max(1_800_000, { error: 'validation.tooLong' })
    .describe('`data:image/png;base64,…` of a 265×150 PNG of at most 100 KB; "" removes it'),
});
export type SignatureUpdateInput = z.infer<typeof signatureUpdateSchema>;
