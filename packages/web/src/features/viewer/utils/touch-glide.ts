/** OpenSeadragon's flick: the glide is this share of the finger's speed (pixels per second). */
export const FLICK_MOMENTUM = 0.25;
/** The farthest a glide carries the slide: this share of the view's shorter side. */
const MAX_GLIDE_SHARE = 0.5;

/**
 * The flick momentum for one swipe on a touch screen: OpenSeadragon's own, unless the glide it
 * gives (momentum × speed) would carry the slide past half the view. A quick swipe on a phone
 * (3,000–5,000 px/s) glided two or three screens on, past the place being read; a slow one glides
 * as before.
 */
export function touchFlickMomentum(speed: number, view: { width: number; height: number }): number {
  const maxGlide = MAX_GLIDE_SHARE * Math.min(view.width, view.height);
  if (!(speed > 0) || maxGlide <= 0) {
    return FLICK_MOMENTUM;
  }
  return Math.min(FLICK_MOMENTUM, maxGlide / speed);
}
