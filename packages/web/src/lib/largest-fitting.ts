/**
 * The largest whole number from `min` to `max` for which `fits` holds, `fits` holding for every
 * number up to some point and for none after it (how much of a text fits a box). A binary search:
 * each test may lay the page out again, so a name cut to fit costs a handful of them, not one per
 * character. `min` when nothing fits: the smallest is the best there is.
 */
export function largestFitting(min: number, max: number, fits: (n: number) => boolean): number {
  let low = min;
  let high = max;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}
