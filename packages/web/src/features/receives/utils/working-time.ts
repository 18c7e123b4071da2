/**
 * An expert's schedule as a short text: half-days grouped by weekday, e.g. "Mon AM, Tue AM+PM"
 * (labels from the caller, so both languages read naturally).
 */
export function workingTimeText(
  slots: readonly { iWeekday: number; iPeriod: number }[],
  labels: { weekday: (day: number) => string; morning: string; afternoon: string; joiner: string },
): string {
  const byDay = new Map<number, Set<number>>();
  for (const { iWeekday, iPeriod } of slots) {
    byDay.set(iWeekday, (byDay.get(iWeekday) ?? new Set()).add(iPeriod));
  }
  return [...byDay.keys()]
    .sort((a, b) => a - b)
    .map((day) => {
      const periods = byDay.get(day)!;
      const parts = [periods.has(1) && labels.morning, periods.has(2) && labels.afternoon].filter(
        Boolean,
      );
      return `${labels.weekday(day)} ${parts.join('+')}`;
    })
    .join(labels.joiner);
}
