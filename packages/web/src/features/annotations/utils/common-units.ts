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

/** The smallest area written in mm² with three digits in six decimals (0.000100 mm²). */
const SMALLEST_IN_MM2 = 100;

/**
 * One length unit and one area unit for a list of measurements, so that the list compares at a
 * glance: those its largest would take alone (a tumour outline of 0.0747 mm² beside a focus of
 * 0.000234 mm², not beside "234 µm²"). Areas go to µm² for all ("329,000 µm²" beside "7.47 µm²")
 * when the smallest is too small for mm² ("0.00000747 mm²" reads as nothing). Undefined without a
 * pixel size (pixels have one unit).
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
  let smallest = Infinity;
  for (const shape of shapes) {
    const m = measure(shape.strKind, shape.listPoint, sides);
    const length = m.sizePx ? Math.max(m.sizePx.width, m.sizePx.height) : (m.lengthPx ?? 0);
    longest = Math.max(longest, length);
    if (m.areaPx !== null && m.areaPx > 0) {
      largest = Math.max(largest, m.areaPx);
      smallest = Math.min(smallest, m.areaPx);
    }
  }
  const area = smallest < SMALLEST_IN_MM2 ? 'µm²' : areaUnitOf(largest);
  return { length: lengthUnitOf(longest), area };
}
