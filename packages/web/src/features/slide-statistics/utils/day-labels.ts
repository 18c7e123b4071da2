/** Most day labels under the uploads chart: "MM-DD" fits about ten across its narrowest width. */
export const MOST_DAY_LABELS = 10;

/**
 * Whether the label of day `index` of `count` is written under the chart: every day while they
 * fit, else evenly spaced counted back from the last day, which is always written (ECharts' own
 * spacing counted from the first and could leave out the period's last day, the one looked for).
 */
export function dayLabelShown(index: number, count: number, most = MOST_DAY_LABELS): boolean {
  const every = Math.max(1, Math.ceil(count / most));
  return (count - 1 - index) % every === 0;
}
