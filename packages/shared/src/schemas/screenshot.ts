import { z } from 'zod';
import { idSchema } from './common';

/**
 * Screenshots of the viewer saved to a case for the report (spec §5 "up to 4 screenshots", §9
 * "Screenshots per report: 4"). Until the diagnosis exists (issue 7) they belong to a case and
 * an author: each author keeps at most SCREENSHOTS_PER_REPORT per case, the set the author's
 * diagnosis will take.
 */
export const SCREENSHOTS_PER_REPORT = 4;
/** Largest screenshot accepted, in decoded bytes (a full-HD JPEG of a slide is 0.3–1 MB). */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_MAX_LABEL = '5 MB';
/** Largest side in pixels: a 4K screen's view. */
export const SCREENSHOT_MAX_SIDE = 4096;
export const SCREENSHOT_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

const regionNumber = z.number({ error: 'validation.invalid' }).finite().min(-1e8).max(1e8);

/**
 * The part of the slide a screenshot shows, in level-0 image pixels, and how it was turned, as
 * answered: lenient, so that a screenshot stored before sizes were checked still lists.
 */
export const screenshotRegionDtoSchema = z.object({
  iX: regionNumber,
  iY: regionNumber,
  iWidth: regionNumber,
  iHeight: regionNumber,
  iRotation: z.number().finite().min(-360).max(360).default(0),
  bFlipped: z.boolean().default(false),
});

/** The region of a new screenshot: a view always shows some of the slide. */
export const screenshotRegionSchema = screenshotRegionDtoSchema.extend({
  iWidth: regionNumber.positive({ error: 'validation.invalid' }),
  iHeight: regionNumber.positive({ error: 'validation.invalid' }),
});
export type ScreenshotRegion = z.infer<typeof screenshotRegionSchema>;

/**
 * POST webViewer/consulation/setPathologyImg: the image as a data URL (or bare base64) of a PNG or
 * JPEG; format and size are checked on the decoded bytes. The length cap keeps absurd bodies out.
 */
/** Above this a magnification is no microscope's: the screenshot is kept without one. */
export const SCREENSHOT_MAGNIFICATION_MAX = 1000;

/** The magnification a screenshot records: the viewer's, or null where it is none to state. */
export function screenshotMagnification(magnification: number | null): number | null {
  return magnification !== null &&
    Number.isFinite(magnification) &&
    magnification > 0 &&
    magnification <= SCREENSHOT_MAGNIFICATION_MAX
    ? magnification
    : null;
}

/**
 * Brightness, contrast and gamma of the viewer (1 = unchanged) and their ranges: the picture of
 * an adjusted view is not the scan's colours, and its caption says so (shared report-figures).
 */
export const VIEW_ADJUSTMENT_RANGES = {
  brightness: { min: 0.5, max: 2 },
  contrast: { min: 0.5, max: 2 },
  gamma: { min: 0.5, max: 2.5 },
} as const;

const adjustment = (range: { min: number; max: number }) =>
  z
    .number({ error: 'validation.invalid' })
    .finite()
    .min(range.min, { error: 'validation.invalid' })
    .max(range.max, { error: 'validation.invalid' });

export const screenshotAdjustmentsSchema = z.object({
  dBrightness: adjustment(VIEW_ADJUSTMENT_RANGES.brightness),
  dContrast: adjustment(VIEW_ADJUSTMENT_RANGES.contrast),
  dGamma: adjustment(VIEW_ADJUSTMENT_RANGES.gamma),
  // Absent in screenshots stored before it was kept.
  bMirrored: z
    .boolean({ error: 'validation.invalid' })
    .optional()
    .describe('Shown mirrored (left and right swapped): the figure is not the slide as it lies'),
});
export type ScreenshotAdjustments = z.infer<typeof screenshotAdjustmentsSchema>;

/**
 * Adjustments that change nothing are none: the picture shows the scan's own colours, the slide
 * as it lies.
 */
export function screenshotAdjustments(
  a: ScreenshotAdjustments | null,
): ScreenshotAdjustments | null {
  return a === null || (a.dBrightness === 1 && a.dContrast === 1 && a.dGamma === 1 && !a.bMirrored)
    ? null
    : a;
}

export const screenshotAddSchema = z.object({
  iSlideDocumentId: idSchema,
  strImage: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(Math.ceil((SCREENSHOT_MAX_BYTES * 4) / 3) + 64, { error: 'validation.tooLong' })
    .describe('`data:image/jpeg;base64,…` or `data:image/png;base64,…`'),
  region: screenshotRegionSchema,
  dMagnification: z
    .number({ error: 'validation.invalid' })
    .finite()
    .positive({ error: 'validation.invalid' })
    .max(SCREENSHOT_MAGNIFICATION_MAX, { error: 'validation.invalid' })
    .nullable()
    .default(null)
    .describe('The magnification the viewer showed; null for a slide without objective power'),
  adjustments: screenshotAdjustmentsSchema
    .nullable()
    .default(null)
    .describe(
      'Brightness, contrast and gamma the view was shown with, and whether it was mirrored; ' +
        'null (or all 1, not mirrored) for none',
    ),
});
export type ScreenshotAddInput = z.infer<typeof screenshotAddSchema>;

/** POST webViewer/consulation/getCutImgBySlides: screenshots of the given slides. */
export const screenshotSlidesSchema = z.object({
  listSlideDocumentId: z
    .array(idSchema)
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.invalid' }),
});
export type ScreenshotSlidesInput = z.infer<typeof screenshotSlidesSchema>;

/** POST webViewer/consulation/getPathologyImgBySlides: a case's screenshots for the report. */
export const screenshotCaseSchema = z.object({ iPatientId: idSchema });
export type ScreenshotCaseInput = z.infer<typeof screenshotCaseSchema>;

/** POST webViewer/consulation/deletePathologyImg. */
export const screenshotIdSchema = z.object({ iScreenshotId: idSchema });
export type ScreenshotIdInput = z.infer<typeof screenshotIdSchema>;

/**
 * Widths a screenshot is scaled down to for the lists (GET .../getPathologyImgFile?iWidth=): a
 * width asked is taken up to the next of these, so that a few copies serve every screen.
 */
export const SCREENSHOT_THUMB_WIDTHS = [256, 512, 1024] as const;

/** GET webViewer/consulation/getPathologyImgFile: the picture, whole or scaled to a list's width. */
export const screenshotFileSchema = screenshotIdSchema.extend({
  iWidth: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(SCREENSHOT_MAX_SIDE, { error: 'validation.invalid' })
    .optional()
    .describe('Scaled down to at least this width (JPEG) for a list; the whole picture without'),
});
export type ScreenshotFileInput = z.infer<typeof screenshotFileSchema>;

export const screenshotDtoSchema = z.object({
  iScreenshotId: z.number().int(),
  iPatientId: z.number().int(),
  iSlideDocumentId: z.number().int().nullable().describe('null once the slide was deleted'),
  strSlideName: z.string().nullable(),
  author: z.object({ iUserId: z.number().int(), strRealName: z.string() }),
  bMine: z.boolean(),
  bInSignedReport: z
    .boolean()
    .describe('A signed report shows it: it cannot be deleted (SCREENSHOT_IN_SIGNED_REPORT)'),
  iDraftFigure: z
    .number()
    .int()
    .nullable()
    .describe(
      'Its figure number in a report draft of the case (the lowest of several), else null: ' +
        'deleting it renumbers the figures after it',
    ),
  strMimeType: z.enum(SCREENSHOT_MIME_TYPES),
  iWidth: z.number().int(),
  iHeight: z.number().int(),
  iBytes: z.number().int(),
  region: screenshotRegionDtoSchema,
  dMagnification: z
    .number()
    .nullable()
    .describe('The magnification the view was taken at (printed under the report figure)'),
  bDigitalZoom: z
    .boolean()
    .describe(
      'Taken past the slide\'s objective power: pixels enlarged, written "40×（数字放大）"',
    ),
  adjustments: screenshotAdjustmentsSchema
    .nullable()
    .describe(
      "Brightness, contrast and gamma of the view it shows, and its mirroring (null: the scan's " +
        'own colours, not mirrored), written in its caption "20×（已调整：镜像，亮度 170%）"',
    ),
  strImageUrl: z
    .string()
    .describe('GET with the token header (getPathologyImgFile); the browser fetches it as a blob'),
  dtCreateTime: z.string().describe('UTC, ISO 8601'),
});
export type ScreenshotDto = z.infer<typeof screenshotDtoSchema>;

export const screenshotListSchema = z.object({
  listScreenshot: z.array(screenshotDtoSchema),
  iLimit: z.number().int().describe('Screenshots an author may keep per case'),
  iMineCount: z
    .number()
    .int()
    .describe('The caller’s screenshots of the case towards iLimit (not those of signed reports)'),
  bMayWrite: z.boolean().describe('Whether the caller may take screenshots for this case'),
});
export type ScreenshotList = z.infer<typeof screenshotListSchema>;

/** POST webViewer/consulation/getCutImgBySlides answers the list for the slides given. */
export const screenshotSlideListSchema = z.object({
  listScreenshot: z.array(screenshotDtoSchema),
});
export type ScreenshotSlideList = z.infer<typeof screenshotSlideListSchema>;

/** POST webViewer/consulation/deletePathologyImg answers the case it belonged to. */
export const screenshotDeletedSchema = z.object({ iPatientId: z.number().int() });
