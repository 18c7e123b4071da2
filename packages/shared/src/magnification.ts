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
