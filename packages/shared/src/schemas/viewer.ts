import { z } from 'zod';
import { idSchema } from './common';
import { documentIdQuerySchema, slideDocumentDtoSchema, slideTokenDtoSchema } from './slide';

/*
 * The slide viewer's own calls (spec §5 "Viewer", issue 6): opening a slide in one call (its
 * facts, a tile token and where the caller left it) and saving the view when it is closed, so
 * that the slide opens again where the user was.
 */

/**
 * Where a user left a slide: level-0 pixel centre, image zoom (screen px per level-0 px), turn,
 * and whether it showed the whole slide (then it opens fitted to the window of the day, not at
 * the zoom that fitted yesterday's window).
 */
export const slideViewStateSchema = z.object({
  dCenterX: z.number().finite().min(0),
  dCenterY: z.number().finite().min(0),
  dImageZoom: z.number().finite().positive().max(64),
  iRotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  bFlip: z.boolean(),
  bWholeSlide: z
    .boolean()
    .default(false)
    .describe(
      'Left showing the whole slide (Home): it opens fitted to the window again, whatever its size',
    ),
});
export type SlideViewState = z.infer<typeof slideViewStateSchema>;

/** GET diagnosis/GetSlideInfo?iSlideDocumentId. */
export const slideInfoQuerySchema = documentIdQuerySchema;
export type SlideInfoQuery = z.infer<typeof slideInfoQuerySchema>;

/** The Deep Zoom geometry the tiles are served in (what slide.dzi says), for the viewer. */
export const deepZoomDtoSchema = z.object({
  iTileSize: z.number().int(),
  iWidth: z.number().int(),
  iHeight: z.number().int(),
});
export type DeepZoomDto = z.infer<typeof deepZoomDtoSchema>;

export const slideInfoDtoSchema = z.object({
  objSlide: slideDocumentDtoSchema,
  objToken: slideTokenDtoSchema,
  objDeepZoom: deepZoomDtoSchema
    .nullable()
    .describe(
      'The Deep Zoom descriptor of strDziUrl, given here so that the viewer asks for tiles at once; ' +
        'null when the slide could not be opened now (the viewer then reads strDziUrl)',
    ),
  objLastView: slideViewStateSchema
    .nullable()
    .describe('Where the caller left this slide; null the first time'),
});
export type SlideInfoDto = z.infer<typeof slideInfoDtoSchema>;

/** POST webViewer/slideViewer/closeSlide: the view as the viewer closes (the centre on the slide). */
export const closeSlideSchema = z.object({
  iSlideDocumentId: idSchema,
  objView: slideViewStateSchema,
});
export type CloseSlideInput = z.infer<typeof closeSlideSchema>;
export const slideClosedSchema = z.object({ iSlideDocumentId: z.number().int() });
export type SlideClosed = z.infer<typeof slideClosedSchema>;
