import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';

/** The answer envelope of every API call: iCode 0 success, 1000 business failure. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    iCode: z.number().int().describe('0 success, 1000 business failure'),
    strMessage: z.string().describe('Localized message (lang header)'),
    strErrorCode: z.string().optional().describe('Stable code of a failure; see ErrorCode'),
    objErrorParams: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe(
        "A failure's values put into its message (so a client can show it in another language)",
      ),
    objErrorMessageParams: z
      .record(z.string(), z.string())
      .optional()
      .describe("A failure's values that are messages themselves, as codes"),
    objData: data,
  });
}

/** The spec's wrapper for coded values: `ddRoleType: { iNumber: 3 }`. */
export function ddSchema<T extends z.ZodType<number>>(values: T) {
  return z.object({ iNumber: values });
}

/** Largest value of a PostgreSQL integer column: ids above it cannot exist. */
export const MAX_ID = 2_147_483_647;

const idNumber = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' })
  .max(MAX_ID, { error: 'validation.invalid' });

/**
 * A record id in a request: a JSON number, or decimal digits alone (query strings arrive as
 * text). Coercion took `true` for 1, `[16]`, `"0x10"`, `" 16 "` and `"16.0"` for 16: a client's
 * slip acted on some other record.
 */
export const idSchema = z.union(
  [
    idNumber,
    z
      .string()
      .regex(/^\d{1,10}$/, { error: 'validation.invalid' })
      .transform(Number)
      .pipe(idNumber),
  ],
  { error: 'validation.invalid' },
);

/** Paging fields of list requests (query strings arrive as text, hence coerce). */
export const pageQuerySchema = z.object({
  iCurPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  iPageSize: z.coerce
    .number()
    .int()
    .min(1, { error: 'validation.pageSize' })
    .max(MAX_PAGE_SIZE, { error: 'validation.pageSize' })
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of results: `listPage` and `iTotalCount`, as the spec's list calls answer. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ listPage: z.array(item), iTotalCount: z.number().int() });
}

/** Field errors of a 400 answer, so forms can put each message on its field. */
export const fieldErrorSchema = z.object({ strField: z.string(), strMessage: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const emptySchema = z.object({});
/**
 * A calendar date `YYYY-MM-DD` or a full ISO timestamp from a query string, between the years 1900
 * and 2999 (beyond those a date is a typing error, and year 9999 overflows a day later).
 */
export const isoDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'validation.invalid' })
  .refine(inDateYears, { error: 'validation.invalid' });

/** Whether a date or timestamp lies in the years 1900–2999 (isoDateSchema's bounds). */
export function inDateYears(value: string): boolean {
  return value >= '1900' && value < '3000';
}

/**
 * A query's date range in order, compared by day (a date or a timestamp): refine a query schema
 * with it, as `.refine(...datesInOrder)`; the error lands on dtEnd.
 */
export const datesInOrder: [
  (q: { dtStart?: string; dtEnd?: string }) => boolean,
  { error: string; path: string[] },
] = [
  (q) => !q.dtStart || !q.dtEnd || q.dtStart.slice(0, 10) <= q.dtEnd.slice(0, 10),
  { error: 'validation.dateRange', path: ['dtEnd'] },
];
