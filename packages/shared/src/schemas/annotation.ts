import { z } from 'zod';
import { idSchema } from './common';

/**
 * Annotations and measurements drawn on a slide in the viewer (spec §5 "Viewer", issue 6).
 * Geometry is in level-0 image pixels, so a shape stays put whatever the zoom, rotation or flip;
 * measurements (length, area) are computed from it with the slide's MPP by whoever shows it.
 */
export const ANNOTATION_KINDS = [
  'line',
  'rectangle',
  'ellipse',
  'polygon',
  'freehand',
  'arrow',
  'text',
] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/** Points a polygon or free-hand path may hold (free hand is simplified before it is saved). */
export const ANNOTATION_MAX_POINTS = 2000;
/** Longest label or text note. */
export const ANNOTATION_TEXT_MAX = 500;
/** Largest coordinate accepted before the slide's own size is checked (SLIDE_LIMITS scale). */
export const ANNOTATION_COORD_MAX = 10_000_000;

/** How many points each kind takes: [min, max]. */
export const ANNOTATION_POINT_COUNTS: Record<AnnotationKind, readonly [number, number]> = {
  line: [2, 2],
  arrow: [2, 2],
  rectangle: [2, 2],
  ellipse: [2, 2],
  polygon: [3, ANNOTATION_MAX_POINTS],
  freehand: [2, ANNOTATION_MAX_POINTS],
  text: [1, 1],
};

const coordSchema = z
  .number({ error: 'validation.invalid' })
  .finite({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(ANNOTATION_COORD_MAX, { error: 'validation.invalid' });

/** One point `[x, y]` in level-0 image pixels. */
export const annotationPointSchema = z.tuple([coordSchema, coordSchema]);
export type AnnotationPoint = z.infer<typeof annotationPointSchema>;

export const annotationColorSchema = z
  .string({ error: 'validation.required' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid' })
  .transform((c) => c.toLowerCase());

const annotationTextSchema = z
  .string()
  .trim()
  .max(ANNOTATION_TEXT_MAX, { error: 'validation.tooLong' });

/**
 * The drawable part of an annotation, checked kind by kind (point counts, text of a note); the
 * web's edit form checks its fields with the same schemas.
 */
export const annotationShapeFields = {
  strKind: z.enum(ANNOTATION_KINDS, { error: 'validation.invalid' }),
  strColor: annotationColorSchema,
  strText: annotationTextSchema.optional().describe('Label of a shape, or the text of a note'),
  listPoint: z
    .array(annotationPointSchema)
    .min(1, { error: 'validation.required' })
    .max(ANNOTATION_MAX_POINTS, { error: 'validation.annotationPoints' })
    .describe(
      'Level-0 image pixels. line/arrow: from, to; rectangle/ellipse: two opposite corners of ' +
        'the box; polygon (3+), freehand (2+): the path; text: the anchor',
    ),
};

type ShapeFields = {
  strKind: AnnotationKind;
  strText?: string | undefined;
  listPoint: AnnotationPoint[];
};

function checkShape(shape: ShapeFields, ctx: z.RefinementCtx): void {
  const [min, max] = ANNOTATION_POINT_COUNTS[shape.strKind];
  if (shape.listPoint.length < min || shape.listPoint.length > max) {
    ctx.addIssue({ code: 'custom', path: ['listPoint'], message: 'validation.annotationPoints' });
  }
  if (shape.strKind === 'text' && !shape.strText) {
    ctx.addIssue({ code: 'custom', path: ['strText'], message: 'validation.required' });
  }
}

/** POST viewer/addAnnotation. */
export const annotationAddSchema = z
  .object({ iSlideDocumentId: idSchema, ...annotationShapeFields })
  .superRefine(checkShape);
export type AnnotationAddInput = z.infer<typeof annotationAddSchema>;

/** POST viewer/updateAnnotation: the whole shape again (moved, recoloured, relabelled). */
export const annotationUpdateSchema = z
  .object({ iAnnotationId: idSchema, ...annotationShapeFields })
  .superRefine(checkShape);
export type AnnotationUpdateInput = z.infer<typeof annotationUpdateSchema>;

/** POST viewer/deleteAnnotation. */
export const annotationIdSchema = z.object({ iAnnotationId: idSchema });
export type AnnotationIdInput = z.infer<typeof annotationIdSchema>;

/** GET viewer/selectAnnotation?iSlideDocumentId=. */
export const annotationSlideQuerySchema = z.object({ iSlideDocumentId: idSchema });

export const annotationDtoSchema = z.object({
  iAnnotationId: z.number().int(),
  iSlideDocumentId: z.number().int(),
  strKind: z.enum(ANNOTATION_KINDS),
  strColor: z.string(),
  strText: z.string().nullable(),
  listPoint: z.array(z.tuple([z.number(), z.number()])),
  author: z.object({ iUserId: z.number().int(), strRealName: z.string() }),
  bMine: z.boolean().describe('Drawn by the caller: only the author changes or deletes it'),
  dtCreateTime: z.string().describe('UTC, ISO 8601'),
  dtUpdateTime: z.string().describe('UTC, ISO 8601'),
});
export type AnnotationDto = z.infer<typeof annotationDtoSchema>;

export const annotationListSchema = z.object({
  listAnnotation: z.array(annotationDtoSchema),
  bMayWrite: z.boolean().describe('Whether the caller may draw (observers read only)'),
});
export type AnnotationList = z.infer<typeof annotationListSchema>;

/** Most annotations one slide keeps (all authors): a bound on what the viewer draws at once. */
export const ANNOTATIONS_PER_SLIDE_MAX = 500;

/** POST viewer/deleteAnnotation answers the slide the annotation was on. */
export const annotationDeletedSchema = z.object({ iSlideDocumentId: z.number().int() });
