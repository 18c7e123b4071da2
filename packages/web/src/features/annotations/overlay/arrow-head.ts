import type { Box } from './label-declutter';
import type { SvgNode } from './svg-shapes';

/*
 * The arrow's head: a marker (annotation-overlay.ts draws it from these figures) and the area it
 * takes on screen. Labels are kept off that area like off a control: a report picture's larger
 * label, placed under an ellipse, covered the head of an arrow pointing at it, and the arrow read
 * as a line that ended in a label.
 */

/** The marker's box is 10 units square; the head is the triangle (0,0) (10,5) (0,10). */
export const ARROW_MARKER_BOX = 10;
/** Where the line's end meets the head along the box (refX): the tip is 1 unit beyond it. */
export const ARROW_MARKER_REF = 9;
/** The marker's size in strokes (markerUnits="strokeWidth", the default). */
export const ARROW_MARKER_STROKES = 8;

/** Gap kept between a label and the head. */
const MARGIN = 2;

/** The area the head of `node` takes, when it is an arrow's line; null otherwise. */
export function arrowHeadArea(node: SvgNode): Box | null {
  if (node.tag !== 'line' || !node.attrs['marker-end']) {
    return null;
  }
  const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(node.attrs[k]));
  const stroke = Number(node.attrs['stroke-width'] ?? 1);
  // Element pixels per marker unit.
  const unit = (stroke * ARROW_MARKER_STROKES) / ARROW_MARKER_BOX;
  const length = Math.hypot(x2! - x1!, y2! - y1!);
  // A line of no length has no direction: the head may point anywhere around its end.
  const [ux, uy] = length > 0 ? [(x2! - x1!) / length, (y2! - y1!) / length] : [0, 0];
  const reach = length > 0 ? ARROW_MARKER_BOX / 2 : ARROW_MARKER_REF;
  const back = ARROW_MARKER_REF * unit;
  const side = reach * unit;
  const points: [number, number][] = [
    [x2! + ux * unit, y2! + uy * unit],
    [x2! - ux * back - uy * side, y2! - uy * back + ux * side],
    [x2! - ux * back + uy * side, y2! - uy * back - ux * side],
  ];
  if (length === 0) {
    points.push([x2! - side, y2! - side], [x2! + side, y2! + side]);
  }
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    left: Math.min(...xs) - MARGIN,
    right: Math.max(...xs) + MARGIN,
    top: Math.min(...ys) - MARGIN,
    bottom: Math.max(...ys) + MARGIN,
  };
}
