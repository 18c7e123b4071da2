import { describe, expect, it } from 'vitest';
import {
  chinaDayOf,
  chinaDaysFrom,
  halfDayBounds,
  isoWeekdayOf,
  periodOfStart,
} from './appointment-times';

describe('appointment half-days', () => {
  it('places the half-days of a day in China time', () => {
    expect(halfDayBounds('2026-01-07', 1)).toEqual({
      startAt: new Date('2026-01-07T00:00:00Z'),
      endAt: new Date('2026-01-07T04:00:00Z'),
    });
    expect(halfDayBounds('2026-01-07', 2)).toEqual({
      startAt: new Date('2026-01-07T05:00:00Z'),
      endAt: new Date('2026-01-07T09:30:00Z'),
    });
  });

  it('reads the period back from a start', () => {
    expect(periodOfStart(halfDayBounds('2026-01-07', 1).startAt)).toBe(1);
    expect(periodOfStart(halfDayBounds('2026-01-07', 2).startAt)).toBe(2);
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(isoWeekdayOf('2026-01-05')).toBe(1);
    expect(isoWeekdayOf('2026-01-07')).toBe(3);
    expect(isoWeekdayOf('2026-01-11')).toBe(7);
  });

  it('counts days in China time, whatever the UTC day', () => {
    // 2026-01-05 20:00 UTC is already Tuesday 6 January in China.
    const evening = new Date('2026-01-05T20:00:00Z');
    expect(chinaDayOf(evening)).toBe('2026-01-06');
    expect(chinaDaysFrom(evening, 3)).toEqual(['2026-01-06', '2026-01-07', '2026-01-08']);
  });
});
