/** The three parts of an age as the case holds them (spec §3: years, months, days). */
export interface CaseAge {
  iAgeYear: number | null | undefined;
  iAgeMonth: number | null | undefined;
  iAgeDay: number | null | undefined;
}

/** The unit words of the current language, e.g. `{ year: '岁', month: '月', day: '天' }`. */
export interface AgeUnits {
  year: string;
  month: string;
  day: string;
  /** Between a number and its unit, and between parts: '' in Chinese, ' ' in English. */
  gap: string;
}

/**
 * An age as people write it: only the parts that were entered, largest first ("45岁", "3月10天",
 * "1 y 2 mo"), as the lists write it too (the server's strAge). An infant is recorded in months or days, so no part is assumed. Empty when no part
 * was entered.
 */
export function formatAge(age: CaseAge, units: AgeUnits): string {
  const parts: [number | null | undefined, string][] = [
    [age.iAgeYear, units.year],
    [age.iAgeMonth, units.month],
    [age.iAgeDay, units.day],
  ];
  return parts
    .filter(([value]) => typeof value === 'number' && value > 0)
    .map(([value, unit]) => `${value}${units.gap}${unit}`)
    .join(units.gap);
}
