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
 * One length unit and one area unit for a list of measurements, those its largest would take
 * alone: a tumour outline of 0.0747 mm² beside a focus of 0.000234 mm², not beside "234 µm²",
 * so that the list compares at a glance. Undefined without a pixel size (pixels have one unit).
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
  let largest = 0;
  for (const shape of shapes) {
    const m = measure(shape.strKind, shape.listPoint, sides);
    const length = m.sizePx ? Math.max(m.sizePx.width, m.sizePx.height) : (m.lengthPx ?? 0);
    longest = Math.max(longest, length);
    largest = Math.max(largest, m.areaPx ?? 0);
  }
  return { length: lengthUnitOf(longest), area: areaUnitOf(largest) };
}
