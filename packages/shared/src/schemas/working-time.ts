import { z } from 'zod';
import type { Lang } from '../constants';
import { idSchema, pageQuerySchema, pageSchema } from './common';

/**
 * Expert working time (spec §3 "Expert schedule", §7 workingTime/*): an expert works on some of
 * the 14 half-days of a week. Weekdays are ISO numbers, Monday 1 to Sunday 7; periods are
 * 1 morning and 2 afternoon.
 */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WorkingPeriod = { Morning: 1, Afternoon: 2 } as const;
export const PERIODS = [WorkingPeriod.Morning, WorkingPeriod.Afternoon] as const;
export type WorkingPeriodCode = (typeof PERIODS)[number];
/** Half-days in a week: the most slots one expert can have. */
export const SLOTS_PER_WEEK = WEEKDAYS.length * PERIODS.length;
export const WORKING_NOTE_MAX_LENGTH = 64;

const weekdaySchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(7, { error: 'validation.invalid' })
  .describe('1 Monday … 7 Sunday');
const periodSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(2, { error: 'validation.invalid' })
  .describe('1 morning, 2 afternoon');
const noteSchema = z
  .string()
  .trim()
  .max(WORKING_NOTE_MAX_LENGTH, { error: 'validation.tooLong' })
  .describe('Free text, e.g. "online only"; empty clears it');

/** One half-day as a request names it. */
export const workingSlotInputSchema = z.object({
  iWeekday: weekdaySchema,
  iPeriod: periodSchema,
  strNote: noteSchema.optional(),
});
export type WorkingSlotInput = z.infer<typeof workingSlotInputSchema>;

/** One stored half-day of an expert's week. */
export const workingSlotSchema = z.object({
  iWorkingTimeId: z.number().int(),
  iWeekday: z.number().int(),
  iPeriod: z.number().int(),
  strNote: z.string().nullable(),
});
export type WorkingSlot = z.infer<typeof workingSlotSchema>;

/** getWorkingTimeInfo: an expert's week, with what a picker shows beside it. */
export const workingTimeInfoSchema = z.object({
  iUserId: z.number().int(),
  strRealName: z.string(),
  hospital: z.object({ iHospitalId: z.number().int(), strHospitalName: z.string() }).nullable(),
  listSlot: z.array(workingSlotSchema).describe('By weekday, then period'),
});
export type WorkingTimeInfo = z.infer<typeof workingTimeInfoSchema>;

/** A row of workingTime/select: the expert's account name as well (administrators' list). */
export const workingTimeRowSchema = workingTimeInfoSchema.extend({ strUserName: z.string() });
export type WorkingTimeRow = z.infer<typeof workingTimeRowSchema>;

/** workingTime/select: experts within the caller's user-management scope. */
export const workingTimeQuerySchema = pageQuerySchema.extend({
  strRealName: z.string().trim().max(64).optional().describe('Part of the real name, any case'),
  iHospitalId: idSchema.optional(),
});
export type WorkingTimeQuery = z.infer<typeof workingTimeQuerySchema>;
export const workingTimePageSchema = pageSchema(workingTimeRowSchema);
export type WorkingTimePage = z.infer<typeof workingTimePageSchema>;

export const workingTimeUserSchema = z.object({ iUserId: idSchema });

/** workingTime/add: one half-day; adding one the expert already has keeps it (see docs). */
export const workingTimeAddSchema = workingSlotInputSchema.extend({ iUserId: idSchema });
export type WorkingTimeAddInput = z.infer<typeof workingTimeAddSchema>;

export const workingTimeIdSchema = z.object({ iWorkingTimeId: idSchema });

const slotKey = (s: { iWeekday: number; iPeriod: number }) => `${s.iWeekday}-${s.iPeriod}`;

/** workingTime/update: the expert's whole week, replacing what was there. */
export const workingTimeUpdateSchema = z.object({
  iUserId: idSchema,
  listSlot: z
    .array(workingSlotInputSchema)
    .max(SLOTS_PER_WEEK, { error: 'validation.invalid' })
    .refine((slots) => new Set(slots.map(slotKey)).size === slots.length, {
      error: 'validation.invalid',
    })
    .describe('Every half-day the expert works; an empty list clears the week'),
});
export type WorkingTimeUpdateInput = z.infer<typeof workingTimeUpdateSchema>;

/** Orders half-days by weekday, then morning before afternoon. */
export function sortSlots<T extends { iWeekday: number; iPeriod: number }>(
  slots: readonly T[],
): T[] {
  return [...slots].sort((a, b) => a.iWeekday - b.iWeekday || a.iPeriod - b.iPeriod);
}

const WEEK_TEXTS = {
  zh: {
    days: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
    periods: ['上午', '下午'],
    allDay: '全天',
    separator: '、',
  },
  en: {
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    periods: [' AM', ' PM'],
    allDay: ' all day',
    separator: ', ',
  },
} as const;

/** The name of a weekday (1–7) in a language: 周一 / Mon. */
export function weekdayName(weekday: number, lang: Lang): string {
  return WEEK_TEXTS[lang].days[weekday - 1] ?? String(weekday);
}

/** The name of a period (1–2) in a language: 上午 / AM. */
export function periodName(period: number, lang: Lang): string {
  return (WEEK_TEXTS[lang].periods[period - 1] ?? String(period)).trim();
}

/**
 * A week as one line of text, for lists and expert pickers: "周一上午、周三全天" /
 * "Mon AM, Wed all day". A day with both half-days reads as the whole day. Empty for no slots
 * (the caller says "not scheduled" in its own words).
 */
export function formatWorkingWeek(
  slots: readonly { iWeekday: number; iPeriod: number }[],
  lang: Lang,
): string {
  const texts = WEEK_TEXTS[lang];
  const byDay = new Map<number, Set<number>>();
  for (const s of sortSlots(slots)) {
    byDay.set(s.iWeekday, (byDay.get(s.iWeekday) ?? new Set()).add(s.iPeriod));
  }
  const parts: string[] = [];
  for (const [day, periods] of byDay) {
    const name = weekdayName(day, lang);
    if (periods.size === PERIODS.length) {
      parts.push(`${name}${texts.allDay}`);
    } else {
      for (const p of periods) {
        parts.push(`${name}${texts.periods[p - 1] ?? ''}`);
      }
    }
  }
  return parts.join(texts.separator);
}
