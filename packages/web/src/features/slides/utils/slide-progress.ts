/** Share of an upload received, 0–100, whole percent, never 100 before the last byte. */
export function percentOfUpload(received: number, size: number): number {
  if (!(size > 0)) {
    return 0;
  }
  const percent = Math.floor((received / size) * 100);
  return Math.min(received >= size ? 100 : 99, Math.max(0, percent));
}
