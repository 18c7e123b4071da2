/**
 * "12.5×", "0.8×", "40×": one decimal below 10×, none above, no trailing ".0". The viewer's
 * readout, the screenshot cards and the report's figure captions all write magnifications so.
 */
export function formatMagnification(magnification: number): string {
  const value =
    magnification >= 10 ? Math.round(magnification) : Math.round(magnification * 10) / 10;
  return `${value}×`;
}
