/**
 * "2.5×", "0.8×", "40×": one decimal below 10×, none above, no trailing ".0". The viewer's
 * readout, the screenshot cards and the report's figure captions all write magnifications so.
 */
export function formatMagnification(magnification: number): string {
  const value =
    magnification >= 10 ? Math.round(magnification) : Math.round(magnification * 10) / 10;
  return `${value}×`;
}

/** Within this share of the objective power a magnification is the objective's own (zoom rounding). */
const OBJECTIVE_MARGIN = 0.01;

/** Whether a magnification only enlarges pixels: beyond the scan's objective power. */
export function isDigitalZoom(magnification: number, objective: number | null): boolean {
  return !!objective && magnification > objective * (1 + OBJECTIVE_MARGIN);
}

/** Objectives a scan's pixel size is matched to (microscope objective powers). */
const STANDARD_OBJECTIVES = [2.5, 5, 10, 20, 40, 60, 100] as const;
/** How far 10 / MPP may be from a standard objective and still be taken for it. */
const OBJECTIVE_TOLERANCE = 0.2;

/**
 * The objective power a slide without a recorded one was most likely scanned at, from its pixel
 * size: scanners image about 0.25 µm per pixel at 40× and 0.5 at 20× (power ≈ 10 / MPP), so
 * 0.499 µm/px reads 20× and a Hamamatsu 40×'s 0.227 reads 40×. Null without MPP or when no
 * standard objective is near (the viewer then zooms without steps, as before). The viewer's
 * steps and readout and the server's digital-zoom flag of a screenshot both use it, so that a
 * screenshot the viewer calls 40× of a 20× scan is saved as digital zoom.
 */
export function objectiveFromMpp(mpp: number | null): number | null {
  if (!mpp || !(mpp > 0)) {
    return null;
  }
  const power = 10 / mpp;
  let best: number | null = null;
  for (const o of STANDARD_OBJECTIVES) {
    if (Math.abs(power / o - 1) <= OBJECTIVE_TOLERANCE) {
      if (best === null || Math.abs(power / o - 1) < Math.abs(power / best - 1)) {
        best = o;
      }
    }
  }
  return best;
}

/**
 * The objective power magnifications are told against: the one the scan records, else the one
 * its pixel size implies (objectiveFromMpp); null with neither.
 */
export function viewingObjective(recorded: number | null, mpp: number | null): number | null {
  return recorded !== null && recorded > 0 ? recorded : objectiveFromMpp(mpp);
}
