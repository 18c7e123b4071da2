import {
  APPOINTMENT_ACTION_SIDE,
  HALF_DAY_HOURS,
  isoWeekdayOf,
  nextAppointmentState,
  type AppointmentAction,
  type AppointmentItem,
  type AppointmentStateCode,
  type WorkingPeriodCode,
} from '@pathconsult/shared';

/**
 * The actions a row offers its viewer: those of the viewer's side (the expert answers, the doctor
 * cancels) that the transition table allows from the row's state, while the half-day has not
 * begun — the server's own rules, so that a button never leads to a refusal.
 */
export function rowActions(row: AppointmentItem, side: 'doctor' | 'expert'): AppointmentAction[] {
  if (row.bStarted) {
    return [];
  }
  const from = row.ddAppointState.iNumber as AppointmentStateCode;
  return (['accept', 'decline', 'cancel'] as const).filter(
    (action) =>
      APPOINTMENT_ACTION_SIDE[action] === side && nextAppointmentState(from, action) !== null,
  );
}

type HalfDay = { dtDate: string; iPeriod: number };

/*
 * A booked half-day in words, in China time like every date of the product (the schedule's
 * half-days are China's), whatever the viewer's clock says. `t` gives the names
 * `weekday.<1–7>` and `period.<1|2>`.
 */

/** "2026-01-07 周三". */
export function dayText(row: HalfDay, t: (key: string) => string): string {
  return `${row.dtDate} ${t(`weekday.${isoWeekdayOf(row.dtDate)}`)}`;
}

/** "上午 08:00–12:00". */
export function periodText(row: HalfDay, t: (key: string) => string): string {
  const { start, end } = HALF_DAY_HOURS[row.iPeriod as WorkingPeriodCode];
  return `${t(`period.${row.iPeriod}`)} ${start}–${end}`;
}

/** "2026-01-07 周三 上午 08:00–12:00". */
export function halfDayText(row: HalfDay, t: (key: string) => string): string {
  return `${dayText(row, t)} ${periodText(row, t)}`;
}
