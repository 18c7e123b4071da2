const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A byte count as people read it: 1024 to the next unit, about three significant digits
 * (`512 B`, `1.5 KB`, `1.9 MB`, `12.3 GB`, `120 GB`). Slide sizes, upload progress and storage.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    return '—';
  }
  let value = bytes;
  let unit = 0;
  for (;;) {
    const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
    const shown = Number(value.toFixed(digits));
    // 1023.996 KB rounds to 1024 KB: that is 1 MB.
    if (shown >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit += 1;
      continue;
    }
    return `${shown} ${UNITS[unit]}`;
  }
}
