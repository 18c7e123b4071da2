import type { Lang } from './constants';
import { formatMagnification } from './magnification';
import type { ScreenshotAdjustments } from './schemas/screenshot';

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

/**
 * What was changed of the scan in a screenshot, as its caption writes it: "镜像，亮度 170%，伽马
 * 1.40" / "mirrored, brightness 170%, gamma 1.40" (the viewer's own units); null for none. A
 * mirrored picture puts left for right (a margin, an orientation ink), so it is said first.
 */
export function screenshotAdjustmentLabel(
  lang: Lang,
  a: ScreenshotAdjustments | null,
): string | null {
  if (a === null) {
    return null;
  }
  const zh = lang !== 'en';
  const parts = [
    a.bMirrored === true && (zh ? '镜像' : 'mirrored'),
    a.dBrightness !== 1 && `${zh ? '亮度' : 'brightness'} ${Math.round(a.dBrightness * 100)}%`,
    a.dContrast !== 1 && `${zh ? '对比度' : 'contrast'} ${Math.round(a.dContrast * 100)}%`,
    a.dGamma !== 1 && `${zh ? '伽马' : 'gamma'} ${a.dGamma.toFixed(2)}`,
  ].filter((part): part is string => typeof part === 'string');
  return parts.length === 0 ? null : parts.join(zh ? '，' : ', ');
}

/**
 * A screenshot's caption after its figure number, on screen and on paper: its magnification
 * (screenshotMagnificationLabel), then, for a view shown mirrored, brighter, with more contrast or
 * another gamma, what was changed: "20×（已调整：亮度 170%）" / "20× (adjusted: brightness 170%)".
 * A pathologist reading the figure must know its colours are not the scan's (stain intensity, a
 * faint finding made to stand out), or that left and right are swapped. Null when there is
 * neither.
 */
export function screenshotCaption(
  lang: Lang,
  shot: {
    magnification: number | null;
    digitalZoom: boolean;
    adjustments: ScreenshotAdjustments | null;
  },
): string | null {
  const magnification =
    shot.magnification === null
      ? null
      : screenshotMagnificationLabel(lang, shot.magnification, shot.digitalZoom);
  const changed = screenshotAdjustmentLabel(lang, shot.adjustments);
  if (changed === null) {
    return magnification;
  }
  const adjusted = lang === 'en' ? `adjusted: ${changed}` : `已调整：${changed}`;
  if (magnification === null) {
    return adjusted;
  }
  return lang === 'en' ? `${magnification} (${adjusted})` : `${magnification}（${adjusted}）`;
}
