import { WorkingPeriod, type WorkingPeriodCode } from './schemas/working-time';

/*
 * When a booked half-day happens (docs/decisions.md "Appointments"). The schedule names weekdays
 * and periods only; a booking needs instants, so a half-day of a calendar day is fixed here, in
 * China Standard Time (UTC+8, no daylight saving: the product's home zone), whatever the zone of
 * the server or the browser: morning 08:00–12:00, afternoon 13:00–17:30.
 */
export const HALF_DAY_HOURS: Record<WorkingPeriodCode, { start: string; end: string }> = {
  [WorkingPeriod.Morning]: { start: '08:00', end: '12:00' },
  [WorkingPeriod.Afternoon]: { start: '13:00', end: '17:30' },
};

/** How far ahead a half-day can be booked (the booking dialog offers the same days). */
export const APPOINTMENT_HORIZON_DAYS = 14;

const CST_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Start and end of a half-day of a China calendar day (`YYYY-MM-DD`). */
export function halfDayBounds(
  day: string,
  period: WorkingPeriodCode,
): { startAt: Date; endAt: Date } {
  const hours = HALF_DAY_HOURS[period];
  return {
    startAt: new Date(`${day}T${hours.start}:00+08:00`),
    endAt: new Date(`${day}T${hours.end}:00+08:00`),
  };
}

/** The China calendar day (`YYYY-MM-DD`) of an instant. */
export function chinaDayOf(instant: Date): string {
  return new Date(instant.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** ISO weekday (Monday 1 … Sunday 7) of a calendar day, as working_times numbers them. */
export function isoWeekdayOf(day: string): number {
  const sundayZero = new Date(`${day}T00:00:00Z`).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The period a booking's start falls in: before noon (China time) is the morning. */
export function periodOfStart(startAt: Date): WorkingPeriodCode {
  const chinaHour = new Date(startAt.getTime() + CST_OFFSET_MS).getUTCHours();
  return chinaHour < 12 ? WorkingPeriod.Morning : WorkingPeriod.Afternoon;
}

/** The China days from the day of `now` on, `count` of them (today first). */
export function chinaDaysFrom(now: Date, count: number): string[] {
  const today = new Date(`${chinaDayOf(now)}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, i) =>
    new Date(today + i * DAY_MS).toISOString().slice(0, 10),
  );
}
