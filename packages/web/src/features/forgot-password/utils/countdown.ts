/** Whole seconds from `now` until `until` (both epoch ms), never below 0; null `until` is 0. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) {
    return 0;
  }
  return Math.max(0, Math.ceil((until - now) / 1000));
}
