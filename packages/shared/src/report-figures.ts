import type { Lang } from './constants';
import { formatMagnification } from './magnification';

/*
 * The caption of a report's pictures. The printed report (server) and the report on screen (web)
 * both number them with this one function: the expert's opinion refers to them by it ("见图1、图2"),
 * so the screen and the paper must never disagree.
 */

/** "图 n" / "Figure n" for the n-th picture (from 1) of a report, in the order it was signed. */
export function reportFigureLabel(lang: Lang, n: number): string {
  return lang === 'en' ? `Figure ${n}` : `图 ${n}`;
}

/**
 * The magnification a screenshot was taken at, as its card and the report's figure caption write
 * it: "40×", and "40×（数字放大）" / "40× (digital zoom)" past the scan's objective power, so that
 * a 20× scan enlarged twice is never read as a 40× picture.
 */
export function screenshotMagnificationLabel(
  lang: Lang,
  magnification: number,
  digitalZoom: boolean,
): string {
  const value = formatMagnification(magnification);
  if (!digitalZoom) {
    return value;
  }
  return lang === 'en' ? `${value} (digital zoom)` : `${value}（数字放大）`;
}
