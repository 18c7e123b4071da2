/** Room one "MM-DD" label takes under the chart, with the gap to the next, in CSS pixels. */
const LABEL_ROOM_PX = 48;

/** How many day labels fit under a chart `width` px wide (the value axis takes `axisPx`). */
export function mostDayLabels(width: number, axisPx: number): number {
  return Math.max(2, Math.floor((width - axisPx) / LABEL_ROOM_PX));
}

/**
 * Whether the label of day `index` of `count` is written under the chart, where `most` fit: every
 * day while they fit, else evenly spaced counted back from the last day, which is always written
 * (ECharts' own spacing counted from the first and could leave out the period's last day, the
 * one looked for; on a phone it wrote them over one another).
 */
export function dayLabelShown(index: number, count: number, most: number): boolean {
  const every = Math.max(1, Math.ceil(count / most));
  return (count - 1 - index) % every === 0;
}
