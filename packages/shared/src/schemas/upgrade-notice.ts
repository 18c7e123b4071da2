import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';

export const UPGRADE_PLATFORM_NAME_MAX = 50;
export const UPGRADE_CONTENT_MAX = 500;

/**
 * A time of an upgrade notice: an ISO 8601 instant with its offset (`2026-05-01T14:00:00Z`,
 * `2026-05-01T22:00:00+08:00`). Requests and answers use this one format; a missing or empty
 * value reads "please choose the time range" (spec §5 "Upgrade notice: time range required").
 */
const noticeTimeSchema = z
  .string({ error: 'validation.timeRange' })
  .min(1, { error: 'validation.timeRange' })
  .pipe(z.iso.datetime({ offset: true, error: 'validation.date' }))
  .describe('ISO 8601 instant with offset');

/** POST userManage/platformSendMessage (spec §7 `{strPlatformName, strStartTime, strEndTime}`). */
export const upgradeNoticeAddSchema = z
  .object({
    strPlatformName: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(UPGRADE_PLATFORM_NAME_MAX, { error: 'validation.tooLong' }),
    strStartTime: noticeTimeSchema,
    strEndTime: noticeTimeSchema.describe('After the start, and in the future'),
    strContent: z
      .string()
      .trim()
      .max(UPGRADE_CONTENT_MAX, { error: 'validation.tooLong' })
      .optional()
      .default(''),
  })
  .refine(
    (n) => {
      // A missing or unreadable time has its own message already; only a real range is compared.
      const start = Date.parse(n.strStartTime);
      const end = Date.parse(n.strEndTime);
      return Number.isNaN(start) || Number.isNaN(end) || end > start;
    },
    { error: 'validation.endAfterStart', path: ['strEndTime'] },
  );
export type UpgradeNoticeAddInput = z.infer<typeof upgradeNoticeAddSchema>;

/** A notice as the administrators' list shows it. Times are UTC ISO 8601. */
export const upgradeNoticeDtoSchema = z.object({
  iNoticeId: z.number().int(),
  strPlatformName: z.string(),
  strStartTime: z.string(),
  strEndTime: z.string(),
  strContent: z.string(),
  dtCreateTime: z.string(),
  strCreatedBy: z.string().nullable().describe('User name of the publisher'),
});
export type UpgradeNoticeDto = z.infer<typeof upgradeNoticeDtoSchema>;

/** What everyone (the login page too) reads of a current notice: no publisher. */
export const currentUpgradeNoticeSchema = upgradeNoticeDtoSchema
  .pick({
    iNoticeId: true,
    strPlatformName: true,
    strStartTime: true,
    strEndTime: true,
    strContent: true,
  })
  .extend({
    bOngoing: z.boolean().describe('The upgrade has started (by the server’s clock)'),
  });
export type CurrentUpgradeNotice = z.infer<typeof currentUpgradeNoticeSchema>;

export const upgradeNoticeQuerySchema = pageQuerySchema;
export type UpgradeNoticeQuery = z.infer<typeof upgradeNoticeQuerySchema>;
export const upgradeNoticePageSchema = pageSchema(upgradeNoticeDtoSchema);
export const upgradeNoticeIdSchema = z.object({ iNoticeId: idSchema });
