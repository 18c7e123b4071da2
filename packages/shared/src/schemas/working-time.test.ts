import { describe, expect, it } from 'vitest';
import {
  formatWorkingWeek,
  periodName,
  sortSlots,
  weekdayName,
  workingTimeAddSchema,
  workingTimeUpdateSchema,
} from './working-time';

describe('formatWorkingWeek', () => {
  it('lists half-days by weekday in either language', () => {
    const slots = [
      { iWeekday: 3, iPeriod: 2 },
      { iWeekday: 1, iPeriod: 1 },
    ];
    expect(formatWorkingWeek(slots, 'zh')).toBe('周一上午、周三下午');
    expect(formatWorkingWeek(slots, 'en')).toBe('Mon AM, Wed PM');
  });

  it('reads a day with both half-days as the whole day', () => {
    const slots = [
      { iWeekday: 7, iPeriod: 1 },
      { iWeekday: 2, iPeriod: 2 },
      { iWeekday: 2, iPeriod: 1 },
    ];
    expect(formatWorkingWeek(slots, 'zh')).toBe('周二全天、周日上午');
    expect(formatWorkingWeek(slots, 'en')).toBe('Tue all day, Sun AM');
  });

  it('is empty for an empty week', () => {
    expect(formatWorkingWeek([], 'en')).toBe('');
  });

  it('names days and periods', () => {
    expect(weekdayName(7, 'zh')).toBe('周日');
    expect(periodName(2, 'en')).toBe('PM');
    expect(
      sortSlots([
        { iWeekday: 2, iPeriod: 2 },
        { iWeekday: 2, iPeriod: 1 },
      ]),
    ).toEqual([
      { iWeekday: 2, iPeriod: 1 },
      { iWeekday: 2, iPeriod: 2 },
    ]);
  });
});

describe('working time requests', () => {
  it('accepts weekdays 1–7 and periods 1–2 only', () => {
    expect(workingTimeAddSchema.safeParse({ iUserId: 1, iWeekday: 7, iPeriod: 2 }).success).toBe(
      true,
    );
    expect(workingTimeAddSchema.safeParse({ iUserId: 1, iWeekday: 0, iPeriod: 1 }).success).toBe(
      false,
    );
    expect(workingTimeAddSchema.safeParse({ iUserId: 1, iWeekday: 8, iPeriod: 1 }).success).toBe(
      false,
    );
    expect(workingTimeAddSchema.safeParse({ iUserId: 1, iWeekday: 1, iPeriod: 3 }).success).toBe(
      false,
    );
  });

  it('refuses a week naming one half-day twice', () => {
    const twice = workingTimeUpdateSchema.safeParse({
      iUserId: 1,
      listSlot: [
        { iWeekday: 1, iPeriod: 1 },
        { iWeekday: 1, iPeriod: 1, strNote: 'again' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(workingTimeUpdateSchema.safeParse({ iUserId: 1, listSlot: [] }).success).toBe(true);
  });
});
