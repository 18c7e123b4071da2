/*
 * Magnification as pathologists read it: at image zoom 1 (one screen pixel per level-0 pixel) a
 * slide scanned with a 40× objective shows at 40×. Image zoom is OpenSeadragon's
 * viewportToImageZoom: CSS pixels per level-0 pixel.
 */

/** The spec's magnification buttons (§2 ShowSlide; issue 6). */
export const MAGNIFICATION_STEPS = [1, 2, 4, 10, 20, 40] as const;

/** Digital zoom allowed beyond the scan's own resolution (pixels shown at twice their size). */
export const MAX_OVERZOOM = 2;

export function magnificationOf(imageZoom: number, objective: number | null): number | null {
  return objective && objective > 0 ? imageZoom * objective : null;
}

export function imageZoomFor(magnification: number, objective: number): number {
  return magnification / objective;
}

/** The buttons a slide offers: steps up to its objective power (none without one). */
export function magnificationSteps(objective: number | null): number[] {
  if (!objective || objective <= 0) {
    return [];
  }
  return MAGNIFICATION_STEPS.filter((m) => m <= objective * MAX_OVERZOOM + 1e-9);
}

/**
 * The zoom of a slide with neither objective power nor pixel size, relative to the scan's own
 * pixels: "100%" is one screen pixel per scan pixel. Whole percents from 10%, one decimal below
 * (a large scan fitted to the screen sits near 1%).
 */
export function formatZoomPercent(imageZoom: number): string {
  const percent = imageZoom * 100;
  if (percent >= 9.95) {
    return `${Math.round(percent)}%`;
  }
  return percent >= 0.1 ? `${percent.toFixed(1)}%` : '<0.1%';
}

/** Written alike by the viewer, the screenshot cards and the report (shared). */
export {
  formatMagnification,
  isDigitalZoom,
  objectiveFromMpp,
  viewingObjective,
} from '@pathconsult/shared';

/** Above this share past a step, the view counts as beyond it (a step reached is not re-taken). */
const STEP_MARGIN = 0.01;

/**
 * Where "+" and "−" go from the magnification shown, as on a microscope's nosepiece: the next
 * step of `steps` up or down, or null when there is none that way (below the smallest step the
 * caller halves the zoom; beyond the largest, nothing is left to enlarge).
 */
export function nextMagnificationStep(
  current: number,
  steps: readonly number[],
  direction: 1 | -1,
): number | null {
  if (direction > 0) {
    return steps.find((m) => m > current * (1 + STEP_MARGIN)) ?? null;
  }
  return [...steps].reverse().find((m) => m < current * (1 - STEP_MARGIN)) ?? null;
}
