import type { AnnotationKind } from '@pathconsult/shared';
import {
  areaUnitOf,
  lengthUnitOf,
  measure,
  sidesOf,
  type MeasureUnits,
  type PixelSize,
  type Point,
} from './geometry';

/**
 * One length unit and one area unit for a list of measurements, so that the list compares at a
 * glance. Lengths take the unit its longest would take alone (a tumour's 12.0 mm beside a
 * focus's 0.0400 mm, as a report gives sizes). Areas are in mm² only when every one reaches
 * 0.1 mm², else all in µm² with thousands set apart ("9,960 µm²" beside "174,000 µm²"): in the
 * largest's unit a list of small shapes beside one region read "0.00996 mm²", "0.00782 mm²",
 * "0.0112 mm²", a count of zeros away from a tenfold misreading. Undefined without a pixel size
 * (pixels have one unit).
 */
export function commonUnits(
  shapes: readonly { strKind: AnnotationKind; listPoint: readonly Point[] }[],
  mpp: PixelSize,
): MeasureUnits | undefined {
  const sides = sidesOf(mpp);
  if (!sides) {
    return undefined;
  }
  let longest = 0;
  let smallest = Infinity;
  for (const shape of shapes) {
    const m = measure(shape.strKind, shape.listPoint, sides);
    const length = m.sizePx ? Math.max(m.sizePx.width, m.sizePx.height) : (m.lengthPx ?? 0);
    longest = Math.max(longest, length);
    if (m.areaPx !== null && m.areaPx > 0) {
      smallest = Math.min(smallest, m.areaPx);
    }
  }
  return {
    length: lengthUnitOf(longest),
    area: smallest === Infinity ? 'µm²' : areaUnitOf(smallest),
  };
}
