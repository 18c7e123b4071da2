/**
 * Keeping a slide's pixels on the screen's pixels. At 20× on a 20× scan (or 10×, 5× … on it, where
 * a level of the pyramid is drawn at one of its pixels per screen pixel, or 40× at two) each
 * pixel of the slide covers whole screen pixels only when the picture's origin falls on a screen
 * pixel. Centred on a point that puts it half a pixel off, every pixel was drawn as the average
 * of two neighbours: the nuclei a pathologist looks at native power for came out soft (with the
 * canvas drawer's one-pixel enlargement of each tile, a mean difference of 8–11 from the stored
 * tiles, against under 1 aligned).
 */

/** How far a scale may be from a whole multiple and still be taken for one (button zooms). */
const SCALE_TOLERANCE = 1e-6;
/** Offsets smaller than this (device pixels) are aligned already. */
const ALIGNED = 1e-3;

/**
 * Whether `scale` (device pixels per level-0 pixel) draws some level of the pyramid at a whole
 * number of device pixels per pixel: 1, 2, 3 … or ½, ¼ … (a level halving the one before).
 */
export function drawsWholePixels(scale: number): boolean {
  if (!(scale > 0) || !Number.isFinite(scale)) {
    return false;
  }
  const halvings = Math.max(0, Math.round(-Math.log2(scale)));
  const levelScale = scale * 2 ** halvings;
  return (
    levelScale >= 1 - SCALE_TOLERANCE &&
    Math.abs(levelScale - Math.round(levelScale)) < SCALE_TOLERANCE
  );
}

/**
 * The shift (device pixels) that puts the slide's origin, now at (`x`, `y`) device pixels, on
 * the nearest device pixel; null when the scale draws no level at whole pixels or the origin is
 * there already.
 */
export function pixelGridNudge(
  x: number,
  y: number,
  scale: number,
): { dx: number; dy: number } | null {
  if (!drawsWholePixels(scale)) {
    return null;
  }
  const dx = Math.round(x) - x;
  const dy = Math.round(y) - y;
  return Math.abs(dx) < ALIGNED && Math.abs(dy) < ALIGNED ? null : { dx, dy };
}
