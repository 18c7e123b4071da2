import type { Lang } from './constants';

/*
 * The caption of a report's pictures. The printed report (server) and the report on screen (web)
 * both number them with this one function: the expert's opinion refers to them by it ("见图1、图2"),
 * so the screen and the paper must never disagree.
 */

/** "图 n" / "Figure n" for the n-th picture (from 1) of a report, in the order it was signed. */
export function reportFigureLabel(lang: Lang, n: number): string {
  return lang === 'en' ? `Figure ${n}` : `图 ${n}`;
}
