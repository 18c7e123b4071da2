import { z } from 'zod';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';

/**
 * Common words (spec §3 "Common words", §7 commonWord/*): phrases an expert keeps to insert into a
 * diagnosis, each with a category, a content and a scope. Scope 0 private (the owner only), 1 shared
 * (every expert), 2 institution shared (the experts of the owner's hospital). Only the owner changes
 * or deletes a word (spec §5 "non-personal common words cannot be operated on"); administrators
 * holding "common words manage" look after the words of their hospitals' experts.
 */
export const CommonWordScope = { Private: 0, Shared: 1, Institution: 2 } as const;
export type CommonWordScopeCode = (typeof CommonWordScope)[keyof typeof CommonWordScope];
export const COMMON_WORD_SCOPES: readonly CommonWordScopeCode[] = [0, 1, 2];

export const CommonWordLimits = { categoryMax: 32, contentMax: 500, searchMax: 64 } as const;

/** In a body: a number as sent. */
const scopeCodeSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(2, { error: 'validation.invalid' });
/** In a query string: text, hence coerce. */
const scopeQuerySchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(2, { error: 'validation.invalid' });

/** The fields of the add/edit form, shared by the web form rules and the server. */
export const commonWordFields = {
  strCategory: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CommonWordLimits.categoryMax, { error: 'validation.tooLong' })
    .describe('e.g. "乳腺" or "Diagnosis"; the picker groups words by it'),
  strContent: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CommonWordLimits.contentMax, { error: 'validation.tooLong' })
    .describe('The text inserted into the diagnosis'),
  ddScope: ddSchema(scopeCodeSchema).describe(
    '0 private (owner only), 1 shared (every expert), 2 institution shared (owner’s hospital)',
  ),
};

/** POST commonWord/add: a word of the calling expert; without ddScope it is private. */
export const commonWordAddSchema = z.object({
  strCategory: commonWordFields.strCategory,
  strContent: commonWordFields.strContent,
  ddScope: commonWordFields.ddScope.optional(),
});
export type CommonWordAddInput = z.infer<typeof commonWordAddSchema>;

/** POST commonWord/update: category and content replaced; the scope too when sent. */
export const commonWordUpdateSchema = commonWordAddSchema.extend({ iCommonWordId: idSchema });
export type CommonWordUpdateInput = z.infer<typeof commonWordUpdateSchema>;

/** POST commonWord/delete. */
export const commonWordIdSchema = z.object({ iCommonWordId: idSchema });

const searchText = z.string().trim().max(CommonWordLimits.searchMax);

/**
 * GET commonWord/selectCommonWordByState: the words a caller manages, newest change first.
 * Experts: their own; administrators with "common words manage": those of the experts of the
 * hospitals they administer (every hospital for platform administrators).
 */
export const commonWordQuerySchema = pageQuerySchema.extend({
  strCategory: searchText.optional().describe('Part of the category, any case'),
  strContent: searchText.optional().describe('Part of the content, any case'),
  iScope: scopeQuerySchema.optional().describe('Only words of this scope'),
  strRealName: searchText.optional().describe('Administrators: part of the owner’s real name'),
});
export type CommonWordQuery = z.infer<typeof commonWordQuerySchema>;

/**
 * GET commonWord/selectUsable: the words the calling expert may insert — their own, the shared
 * ones and the institution-shared ones of their hospital — by category, own words first.
 */
export const commonWordUsableQuerySchema = pageQuerySchema.extend({
  strCategory: searchText.optional().describe('Exactly this category'),
  strKeyword: searchText.optional().describe('Part of the content or the category, any case'),
});
export type CommonWordUsableQuery = z.infer<typeof commonWordUsableQuerySchema>;

export const commonWordDtoSchema = z.object({
  iCommonWordId: z.number().int(),
  strCategory: z.string(),
  strContent: z.string(),
  ddScope: ddSchema(z.number().int()).describe('See CommonWordScope'),
  owner: z.object({ iUserId: z.number().int(), strRealName: z.string() }),
  hospital: z.object({ iHospitalId: z.number().int(), strHospitalName: z.string() }),
  bMine: z.boolean().describe('The caller’s own word: the caller may change or delete it'),
  dtCreateTime: z.string().describe('UTC, ISO 8601'),
  dtUpdateTime: z.string().describe('UTC, ISO 8601'),
});
export type CommonWordDto = z.infer<typeof commonWordDtoSchema>;
export const commonWordPageSchema = pageSchema(commonWordDtoSchema);
export type CommonWordPage = z.infer<typeof commonWordPageSchema>;

/** GET commonWord/selectUsableCategories: the categories of the usable words, sorted. */
export const commonWordCategoriesSchema = z.array(z.string());
