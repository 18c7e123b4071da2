/** OpenSeadragon's flick: the glide is this share of the finger's speed (pixels per second). */
const GLIDE_MOMENTUM = 0.25;
/** The farthest a glide carries the slide: this share of the view's shorter side. */
const MAX_GLIDE_SHARE = 0.5;
/** Slower than this (pixels per second) the finger was placing the slide, not swiping it. */
const MIN_GLIDE_SPEED = 120;
/** The finger's speed is read over its last this many milliseconds of movement. */
const SPEED_WINDOW_MS = 100;
/** A finger that lifts after resting this long had stopped (Android's velocity tracker's 40 ms). */
const STOPPED_AFTER_MS = 40;

/** Where a finger was (pixels in the view) and when (milliseconds). */
export interface TouchSample {
  t: number;
  x: number;
  y: number;
}

/** The samples still needed to read a speed once the finger lifts: the last window's and one before. */
export function trimTouchTrail(trail: TouchSample[]): TouchSample[] {
  const last = trail.at(-1);
  if (!last) {
    return trail;
  }
  const firstInWindow = trail.findIndex((s) => last.t - s.t <= SPEED_WINDOW_MS);
  return trail.slice(Math.max(0, firstInWindow - 1));
}

/**
 * How far (pixels, in the finger's direction) a swipe glides on after the finger lifts, or null.
 * The speed comes from where the finger really went over its last 100 ms, so a finger that
 * stopped before it lifted does not glide. OpenSeadragon's own flick read the direction from its
 * last 50 ms tick: a tick in which the finger had not moved gave "to the right" with a quarter of
 * the speed still counted, and a swipe to the left ended by sliding back. A quick swipe glides at
 * most half the view, not the two or three screens past the place being read that OpenSeadragon
 * gave at 3,000–5,000 px/s.
 */
export function touchGlide(
  trail: TouchSample[],
  liftedAt: number,
  view: { width: number; height: number },
): { x: number; y: number } | null {
  const last = trail.at(-1);
  if (!last || liftedAt - last.t >= STOPPED_AFTER_MS) {
    return null;
  }
  const earlier = trail.filter((s) => s.t < last.t);
  const first = earlier.find((s) => last.t - s.t <= SPEED_WINDOW_MS) ?? earlier.at(-1);
  if (!first) {
    return null;
  }
  const dx = last.x - first.x;
  const dy = last.y - first.y;
  const distance = Math.hypot(dx, dy);
  const speed = (1000 * distance) / (last.t - first.t);
  const maxGlide = MAX_GLIDE_SHARE * Math.min(view.width, view.height);
  if (speed < MIN_GLIDE_SPEED || maxGlide <= 0) {
    return null;
  }
  const glide = Math.min(GLIDE_MOMENTUM * speed, maxGlide);
  return { x: (dx / distance) * glide, y: (dy / distance) * glide };
}
