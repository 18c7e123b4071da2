import { VIEW_ADJUSTMENT_RANGES } from '@pathconsult/shared';

/*
 * Brightness, contrast and gamma of the view. Brightness and contrast are CSS filter functions;
 * gamma has none, so it is an SVG filter (feComponentTransfer, type gamma) referenced by id. The
 * same filter string is given to the canvas 2D context when the view is captured, so a screenshot
 * shows what the user saw.
 */

export interface Adjustments {
  /** 1 = unchanged; 0.5–2. */
  brightness: number;
  /** 1 = unchanged; 0.5–2. */
  contrast: number;
  /** 1 = unchanged; 0.5–2.5 (above 1 brightens the mid-tones). */
  gamma: number;
}

export const NEUTRAL: Adjustments = { brightness: 1, contrast: 1, gamma: 1 };

/** The server takes a screenshot's adjustments within these ranges (shared). */
export const ADJUSTMENT_RANGES: Record<keyof Adjustments, { min: number; max: number }> =
  VIEW_ADJUSTMENT_RANGES;

export function isNeutral(a: Adjustments): boolean {
  return a.brightness === 1 && a.contrast === 1 && a.gamma === 1;
}

/** The CSS/canvas filter for the adjustments; `gammaFilterId` names the SVG filter element. */
export function filterCss(a: Adjustments, gammaFilterId: string): string {
  const parts: string[] = [];
  if (a.brightness !== 1) {
    parts.push(`brightness(${a.brightness})`);
  }
  if (a.contrast !== 1) {
    parts.push(`contrast(${a.contrast})`);
  }
  if (a.gamma !== 1) {
    parts.push(`url(#${gammaFilterId})`);
  }
  return parts.length ? parts.join(' ') : 'none';
}

/** The feFunc exponent: displayed gamma g maps a value v to v^(1/g). */
export function gammaExponent(gamma: number): number {
  return 1 / gamma;
}
