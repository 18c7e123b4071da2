/**
 * Figures of the hospital list: validity and slide storage. Validity is inclusive of its last
 * day in China Standard Time (UTC+8), the product's home zone, as the server decides it
 * (docs/decisions.md "Hospital validity"); the list must not call a hospital expired that can
 * still log in.
 */

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Today's date in China Standard Time, `YYYY-MM-DD`. */
export function todayInChina(now: Date): string {
  return new Date(now.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether the valid-until day (`YYYY-MM-DD`) has passed. No date means no limit. */
export function isValidityPast(dtValidUntil: string | null, now: Date): boolean {
  return dtValidUntil !== null && dtValidUntil < todayInChina(now);
}

/** Share of the storage used, 0–100 (a hospital over its quota shows 100). */
export function storagePercent(used: number, total: number): number {
  if (!(total > 0)) {
    return used > 0 ? 100 : 0;
  }
  return Math.min(100, Math.max(0, Math.round((used / total) * 1000) / 10));
}

/**
 * A GB figure with at most two decimals: 0.5, 12, 1.25; a small non-zero figure keeps its third
 * decimal (the server's precision, about 1 MB), so a few uploaded slides do not read as 0.
 */
export function formatGb(value: number): string {
  if (value > 0 && value < 0.01) {
    return String(Math.round(value * 1000) / 1000);
  }
  return String(Math.round(value * 100) / 100);
}
