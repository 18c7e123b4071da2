/** Parts of the day of spec §2 "Home dashboards ... greeting by time of day". */
export type DayPart = 'morning' | 'noon' | 'afternoon' | 'night';

/** morning 5–11, noon 11–13, afternoon 13–18, night otherwise (start hour inclusive). */
export function dayPartOf(hour: number): DayPart {
  if (hour >= 5 && hour < 11) {
    return 'morning';
  }
  if (hour >= 11 && hour < 13) {
    return 'noon';
  }
  if (hour >= 13 && hour < 18) {
    return 'afternoon';
  }
  return 'night';
}
