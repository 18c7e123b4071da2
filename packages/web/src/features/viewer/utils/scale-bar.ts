/*
 * The scale bar: a round length (1, 2 or 5 × 10ⁿ µm) whose bar is as long as fits in `maxPx`
 * screen pixels at the current zoom, labelled in µm below 1 mm and in mm above.
 */

export interface ScaleBar {
  /** Bar length in CSS pixels. */
  px: number;
  /** Length it stands for, in micrometres. */
  micrometres: number;
  label: string;
}

const NICE = [5, 2, 1];

/** How far MPP Y may be from X and the pixels still be taken for square (scanner rounding). */
const SQUARE_PIXEL_TOLERANCE = 0.01;

/**
 * The MPP a scale bar is drawn from: X, where the pixels are square (Y unknown or within 1% of
 * it), else null: one horizontal bar cannot stand for both sides, and would be wrong upright
 * once the view turns. Lengths and areas are measured along each side (annotations geometry).
 */
export function scaleBarMpp(mppX: number | null, mppY?: number | null): number | null {
  if (!mppX || mppX <= 0) {
    return null;
  }
  return !mppY || Math.abs(mppY / mppX - 1) <= SQUARE_PIXEL_TOLERANCE ? mppX : null;
}

export function scaleBar(mpp: number | null, imageZoom: number, maxPx = 120): ScaleBar | null {
  if (!mpp || mpp <= 0 || !(imageZoom > 0)) {
    return null;
  }
  const umPerPx = mpp / imageZoom;
  const maxUm = umPerPx * maxPx;
  let magnitude = 10 ** Math.floor(Math.log10(maxUm));
  for (;;) {
    for (const n of NICE) {
      const um = n * magnitude;
      if (um <= maxUm) {
        return { px: um / umPerPx, micrometres: um, label: lengthLabel(um) };
      }
    }
    magnitude /= 10;
  }
}

function lengthLabel(um: number): string {
  if (um >= 1000) {
    return `${trim(um / 1000)} mm`;
  }
  return `${trim(um)} µm`;
}

/** 0.5, 2, 100: no float noise from the powers of ten. */
function trim(n: number): string {
  return String(Number(n.toPrecision(6)));
}
