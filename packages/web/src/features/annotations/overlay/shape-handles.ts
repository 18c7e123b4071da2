import type { AnnotationKind } from '@pathconsult/shared';
import {
  boxCorners,
  boxOf,
  clampToImage,
  distance,
  polygonArea,
  type Point,
} from '../utils/geometry';

/*
 * The handles of a selected annotation its author may change, in level-0 image pixels, and what
 * dragging one does to the shape: the ends of a ruler or arrow, the corners of a rectangle or of
 * an ellipse's box, the corners of a polygon, and for every shape one handle in its middle that
 * moves it whole (a note is its anchor). A free-hand path is only moved: its hundreds of points
 * are no corners to drag. No DOM here; the overlay draws the handles and feeds the drag.
 */

export interface ShapeHandle {
  /** `corner` i of the shape (see above), or `move` the whole shape. */
  kind: 'corner' | 'move';
  index: number;
  at: Point;
}

interface Shape {
  kind: AnnotationKind;
  points: readonly Point[];
}

export function shapeHandles(shape: Shape): ShapeHandle[] {
  const { kind, points } = shape;
  if (points.length === 0) {
    return [];
  }
  if (kind === 'text') {
    return [{ kind: 'move', index: 0, at: points[0]! }];
  }
  const corners =
    kind === 'rectangle' || kind === 'ellipse'
      ? boxCorners(points[0]!, points[1] ?? points[0]!)
      : kind === 'freehand'
        ? []
        : points;
  return [
    ...corners.map((at, index) => ({ kind: 'corner' as const, index, at })),
    { kind: 'move', index: 0, at: middleOf(points) },
  ];
}

/**
 * The shape's points once `handle` is dragged from `from` to `to` (image pixels), kept on the
 * image (`image` its size): a box's corner moves with the opposite corner fixed, a move shifts
 * every point by the same amount, no further than keeps the whole shape on the image.
 */
export function reshaped(
  shape: Shape,
  handle: ShapeHandle,
  from: Point,
  to: Point,
  image: { width: number; height: number },
): [number, number][] {
  const { kind, points } = shape;
  if (handle.kind === 'move') {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const dx = clampShift(to[0] - from[0], Math.min(...xs), Math.max(...xs), image.width);
    const dy = clampShift(to[1] - from[1], Math.min(...ys), Math.max(...ys), image.height);
    return clampToImage(
      points.map(([x, y]) => [x + dx, y + dy]),
      image.width,
      image.height,
    );
  }
  if (kind === 'rectangle' || kind === 'ellipse') {
    const corners = boxCorners(points[0]!, points[1] ?? points[0]!);
    const opposite = corners[(handle.index + 2) % 4]!;
    return clampToImage([opposite, to], image.width, image.height);
  }
  return clampToImage(
    points.map((p, i) => (i === handle.index ? to : p)),
    image.width,
    image.height,
  );
}

/** A shift of the span lo..hi along an axis of length `max`, cut to keep the span on it. */
function clampShift(shift: number, lo: number, hi: number, max: number): number {
  return Math.min(max - hi, Math.max(-lo, shift));
}

/** The middle of the shape's extent (where its move handle sits). */
function middleOf(points: readonly Point[]): Point {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/**
 * Whether reshaped points leave nothing to see or measure at `pixel` level-0 pixels a screen
 * pixel: a box or ellipse without width or height, a ruler or arrow without length, a polygon
 * without area. Drawing keeps no such shape; a drag that makes one is not saved.
 */
export function isDegenerate(
  kind: AnnotationKind,
  points: readonly Point[],
  pixel: number,
): boolean {
  const [a, b] = points;
  switch (kind) {
    case 'rectangle':
    case 'ellipse': {
      const box = a && b ? boxOf(a, b) : { width: 0, height: 0 };
      return box.width < pixel || box.height < pixel;
    }
    case 'line':
    case 'arrow':
      return !a || !b || distance(a, b) < pixel;
    case 'polygon':
      return polygonArea(points) < pixel * pixel;
    default:
      return false;
  }
}
