/**
 * Upload speed and remaining time as spec §9 shows them: one sample a second, the speed being the
 * average of the last 10 samples, in B, K or M per second; the remaining time in s, min or h.
 */

/** Samples the average is taken over. */
export const SPEED_SAMPLES = 10;

/**
 * Bytes sent in each of the last seconds; the average is the speed shown. The first second after
 * a start (or a reset) is only partly spent sending: the queue asks the server what it holds and
 * the first chunk waits on the link's latency. Shown alone, it is the speed until the next second
 * is measured, which then replaces it; the time left waits for that one (settled): from the
 * first second's few bytes, a three-minute upload read "3 min" and then "20 s".
 */
export class SpeedMeter {
  private samples: number[] = [];
  /** Whether the one sample held is the first second's, replaced by the next. */
  private provisional = false;

  /** One second's bytes (called by the one-second timer while uploading). */
  add(bytes: number): void {
    const first = this.samples.length === 0;
    if (this.provisional) {
      this.samples = [];
    }
    this.provisional = first;
    this.samples.push(Math.max(0, bytes));
    if (this.samples.length > SPEED_SAMPLES) {
      this.samples.shift();
    }
  }

  /**
   * Bytes per second over the last samples; null before the first one (just started or resumed:
   * nothing measured yet, which "0 B/s" would misstate as a stalled link), and while the first
   * second's sample is still empty: its bytes were spent asking the server what it holds and on
   * the first chunk's round trip, not on a link that stopped. A zero second later is a real stall.
   */
  average(): number | null {
    if (this.samples.length === 0 || (this.provisional && this.samples[0] === 0)) {
      return null;
    }
    return this.samples.reduce((sum, b) => sum + b, 0) / this.samples.length;
  }

  /** Whether a whole second has been measured: the time left is told from then on. */
  settled(): boolean {
    return this.samples.length > 0 && !this.provisional;
  }

  reset(): void {
    this.samples = [];
    this.provisional = false;
  }
}

const K = 1024;
const M = 1024 * 1024;

/**
 * "512 B/s", "1.5 K/s", "12.3 M/s" (the units of spec §9 in both languages). The next unit is
 * taken once a figure would reach 1000, so a speed never reads "1023.0 K/s" for 1 M/s.
 */
export function formatSpeed(bytesPerSecond: number): string {
  const b = Math.max(0, bytesPerSecond);
  if (Math.round(b) < 1000) {
    return `${Math.round(b)} B/s`;
  }
  const k = (b / K).toFixed(1);
  if (Number(k) < 1000) {
    return `${k} K/s`;
  }
  return `${(b / M).toFixed(1)} M/s`;
}

export type RemainingUnit = 's' | 'min' | 'h';

/** A remaining time in the largest fitting unit, or null when it cannot be told (no speed). */
export interface Remaining {
  value: number;
  unit: RemainingUnit;
}

/**
 * Time left for `bytes` at `bytesPerSecond`: whole seconds under two minutes, the nearest whole
 * minute under an hour, else hours to one decimal. Null while the speed is unknown. Seconds up
 * to 119: with minutes from 60 s, 70 s of work read "2 min" beside a slide's "59 s" a moment
 * later. Minutes are the nearest, not rounded up: from 120 s on, the shown time is off by 30 s at
 * most, and it counts down smoothly into seconds (rounded up, 121 s read "3 min", then "119 s").
 */
export function remainingTime(bytes: number, bytesPerSecond: number | null): Remaining | null {
  if (bytesPerSecond === null || !(bytesPerSecond > 0)) {
    return null;
  }
  const seconds = Math.ceil(Math.max(0, bytes) / bytesPerSecond);
  if (seconds < 120) {
    return { value: seconds, unit: 's' };
  }
  // From 59.5 minutes on the nearest minute would be "60 min": that is "1 h".
  if (seconds < 3570) {
    return { value: Math.round(seconds / 60), unit: 'min' };
  }
  return { value: Math.round((seconds / 3600) * 10) / 10, unit: 'h' };
}
