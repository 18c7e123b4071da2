import { formatBytes } from '@pathconsult/shared';

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
 * A GB figure: two decimals from 1 GB (12, 1.25), three below it (0.5, 0.012, 0.002) — the
 * server's precision, about 1 MB — so a small quota or a few uploaded slides read as they are.
 */
export function formatGb(value: number): string {
  const decimals = Math.abs(value) < 1 ? 1000 : 100;
  return String(Math.round(value * decimals) / decimals);
}

/** A storage total as the administrator sets it (GB) in bytes, to compare with what is used. */
export function gbToBytes(gb: number): number {
  return gb * 1024 ** 3;
}

/**
 * A hospital's storage total beside the used figure: as the administrator set it, in GB ("500
 * GB", not "0.49 TB"), from 1 GB up; below that in the unit the used figure takes, so that a
 * nearly full small quota reads as such ("9.77 MB / 10.2 MB", not "9.77 MB / 0.01 GB").
 */
export function formatStorageTotal(totalGb: number): string {
  return totalGb >= 1 ? `${formatGb(totalGb)} GB` : formatBytes(gbToBytes(totalGb));
}
