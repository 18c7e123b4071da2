import { sortSlots, type WorkingSlot, type WorkingSlotInput } from '@pathconsult/shared';

/** A half-day as the grid names it: `"<weekday>-<period>"`, e.g. `"3-2"` for Wednesday afternoon. */
export function halfDayKey(weekday: number, period: number): string {
  return `${weekday}-${period}`;
}

/** The checked cells of a stored week. */
export function keysOfSlots(slots: readonly { iWeekday: number; iPeriod: number }[]): string[] {
  return sortSlots(slots).map((s) => halfDayKey(s.iWeekday, s.iPeriod));
}

/** Checks or unchecks one cell, keeping the others. */
export function toggleKey(keys: readonly string[], key: string, checked: boolean): string[] {
  const rest = keys.filter((k) => k !== key);
  return checked ? [...rest, key] : rest;
}

/**
 * The week to send to workingTime/update: one slot per checked cell, by weekday then period.
 * The grid does not edit notes, so a half-day that stays checked keeps the note it had.
 */
export function weekToSave(
  keys: readonly string[],
  previous: readonly WorkingSlot[],
): WorkingSlotInput[] {
  const notes = new Map(previous.map((s) => [halfDayKey(s.iWeekday, s.iPeriod), s.strNote]));
  const slots = [...new Set(keys)].map((key) => {
    const [iWeekday = 0, iPeriod = 0] = key.split('-').map(Number);
    const note = notes.get(key);
    return note ? { iWeekday, iPeriod, strNote: note } : { iWeekday, iPeriod };
  });
  return sortSlots(slots);
}

/** Whether the checked cells differ from the stored week (the save button waits for a change). */
export function weekChanged(keys: readonly string[], previous: readonly WorkingSlot[]): boolean {
  const before = new Set(keysOfSlots(previous));
  const after = new Set(keys);
  return before.size !== after.size || [...after].some((k) => !before.has(k));
}
