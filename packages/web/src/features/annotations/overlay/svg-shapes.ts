import type { AnnotationKind } from '@pathconsult/shared';
import {
  boxCorners,
  isClosedFreehand,
  mappedEllipse,
  measurementText,
  type PixelSize,
  type Point,
} from '../utils/geometry';

/*
 * An annotation as SVG nodes in element pixels: what the overlay draws, as plain data so the
 * mapping (pan, zoom, rotation, flip all come through `toElement`) is unit-tested without a DOM.
 */

export interface SvgNode {
  tag: 'line' | 'polygon' | 'polyline' | 'ellipse' | 'text' | 'circle';
  attrs: Record<string, string | number>;
  text?: string;
  /**
   * A label's shape on screen (its outline's box, a note's dot), not drawn: where the label may
   * move to stay in view (label-placement.ts).
   */
  around?: { left: number; top: number; right: number; bottom: number };
  /**
   * Points on a label's shape (a note's dot; a shape's lowest, highest, leftmost and rightmost
   * points): a label moved away from its shape is joined to the nearest by a leader line
   * (label-placement.ts).
   */
  anchors?: Point[];
}

export interface DrawableShape {
  kind: AnnotationKind;
  color: string;
  text: string | null;
  points: readonly Point[];
}

const fmt = (n: number) => Number(n.toFixed(2));
const pointList = (points: readonly Point[]) =>
  points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');

/** Where a shape's label goes on screen: below its lowest point, centred on the shape. */
function labelAnchor(extent: NonNullable<SvgNode['around']>): Point {
  return [(extent.left + extent.right) / 2, extent.bottom + LABEL_BELOW_PX];
}

/** `extent` grown by `by` pixels on every side. */
function grown(extent: NonNullable<SvgNode['around']>, by: number): NonNullable<SvgNode['around']> {
  return {
    left: extent.left - by,
    right: extent.right + by,
    top: extent.top - by,
    bottom: extent.bottom + by,
  };
}

/** From a shape's lowest point to its label's baseline. */
const LABEL_BELOW_PX = 16;

function extentOf(points: readonly Point[]): NonNullable<SvgNode['around']> {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  };
}

/** The thin line from a label moved away from its shape back to it (label-placement.ts). */
export const LEADER_CLASS = 'pc-leader';

/**
 * Whether a node is a label (its text, or the leader line back to its shape): the live layer
 * draws every label over every outline, so a later shape's line never crosses an earlier label.
 */
export function isLabelNode(node: SvgNode): boolean {
  return node.tag === 'text' || node.attrs.class === LEADER_CLASS;
}

/**
 * A shape's nodes as the live layer and the report's pictures draw them: its outline with the
 * other outlines, and its labels over every outline. A note's dot goes with its text, after it:
 * the text's plate reaches left over the dot, and drawn with the outlines the dot was half
 * hidden under its own plate. A dot whose text is left out (label-declutter.ts) stays with the
 * outlines.
 */
export function drawingLayers(group: readonly SvgNode[]): {
  outline: SvgNode[];
  labels: SvgNode[];
} {
  const labels = group.filter(isLabelNode);
  const dotsOverLabels = labels.length > 0;
  const isDot = (node: SvgNode) => node.tag === 'circle';
  return {
    outline: group.filter((node) => !isLabelNode(node) && !(dotsOverLabels && isDot(node))),
    labels: dotsOverLabels ? [...labels, ...group.filter(isDot)] : [],
  };
}

/** Width of the invisible band along a shape's outline that picks it: 8 px either side. */
export const HIT_BAND_PX = 16;
/** Radius of the invisible disc that picks a note by its dot. */
const NOTE_HIT_RADIUS_PX = 10;

/**
 * Invisible wide copies of a shape's outline, drawn under it: the select tool picks a shape
 * within a few pixels of its line instead of only on the 2 px stroke, and a note within a finger's
 * width of its dot. The inside of a region stays the slide's, so dragging there still pans.
 */
export function hitOutlines(nodes: readonly SvgNode[]): SvgNode[] {
  return nodes
    .filter((node) => !isLabelNode(node))
    .map((node) => {
      if (node.tag === 'circle') {
        return {
          tag: 'circle',
          attrs: { ...node.attrs, r: NOTE_HIT_RADIUS_PX, fill: 'transparent', stroke: 'none' },
        };
      }
      const { 'marker-end': _head, ...attrs } = node.attrs;
      return {
        tag: node.tag,
        attrs: {
          ...attrs,
          stroke: 'transparent',
          'stroke-width': HIT_BAND_PX,
          'stroke-linecap': 'round',
          class: 'pc-hit',
        },
      };
    });
}

/**
 * Which backdrop a label of this colour reads on: a light one for the usual strong colours, a
 * dark one for pale colours (yellow, white) that would vanish on light grey or white.
 */
export function labelBackdrop(color: string): 'light' | 'dark' {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) {
    return 'light';
  }
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  // Relative luminance (WCAG): above this, dark backdrop gives the better contrast.
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? 'dark' : 'light';
}

export function describeShape(
  shape: DrawableShape,
  toElement: (p: Point) => Point,
  mpp: PixelSize,
  options: {
    selected?: boolean;
    closed?: boolean;
    /**
     * Radius of the handles drawn on the shape's corners (it is being edited): its label keeps
     * clear of them, below or above the shape. Centred under a box wider than it, the label ran
     * under the two lower corners' handles.
     */
    handleRadius?: number;
  } = {},
): SvgNode[] {
  const stroke = {
    stroke: shape.color,
    'stroke-width': options.selected ? 3 : 2,
    fill: 'none',
    'vector-effect': 'non-scaling-stroke',
  };
  const nodes: SvgNode[] = [];
  const [a, b] = shape.points;
  let screen: Point[] = shape.points.map(toElement);
  let extremes: Point[] | null = null;
  switch (shape.kind) {
    case 'line':
    case 'arrow':
      if (a && b) {
        const [p, q] = [toElement(a), toElement(b)];
        nodes.push({
          tag: 'line',
          attrs: {
            ...stroke,
            x1: fmt(p[0]),
            y1: fmt(p[1]),
            x2: fmt(q[0]),
            y2: fmt(q[1]),
            ...(shape.kind === 'arrow'
              ? { 'marker-end': `url(#pc-arrow-${shape.color.slice(1)})` }
              : {}),
          },
        });
      }
      break;
    case 'rectangle':
      if (a && b) {
        screen = boxCorners(a, b).map(toElement);
        nodes.push({ tag: 'polygon', attrs: { ...stroke, points: pointList(screen) } });
      }
      break;
    case 'ellipse':
      if (a && b) {
        const e = mappedEllipse(a, b, toElement);
        screen = boxCorners(a, b).map(toElement);
        extremes = ellipseExtremes(e.matrix);
        nodes.push({
          tag: 'ellipse',
          attrs: {
            ...stroke,
            cx: 0,
            cy: 0,
            rx: 1,
            ry: 1,
            transform: `matrix(${e.matrix.map(fmt).join(' ')})`,
          },
        });
      }
      break;
    case 'polygon':
      nodes.push({
        tag: options.closed === false ? 'polyline' : 'polygon',
        attrs: { ...stroke, points: pointList(screen) },
      });
      break;
    case 'freehand':
      // A stroke that ends near its start is an outline: drawn closed, as it is measured (area
      // and perimeter, geometry.ts), also while it is being drawn.
      nodes.push({
        tag: isClosedFreehand(shape.points) ? 'polygon' : 'polyline',
        attrs: { ...stroke, points: pointList(screen) },
      });
      break;
    case 'text':
      if (a) {
        const p = toElement(a);
        // The dot after its text: the text's plate reaches left over where the dot is.
        nodes.push({
          tag: 'text',
          attrs: { x: fmt(p[0] + 8), y: fmt(p[1] + 4), fill: shape.color, class: 'pc-note' },
          text: shape.text ?? '',
          around: { left: p[0], right: p[0], top: p[1], bottom: p[1] },
          anchors: [p],
        });
        nodes.push({
          tag: 'circle',
          // Ringed in white: a dark dot is lost on hematoxylin otherwise.
          attrs: {
            cx: fmt(p[0]),
            cy: fmt(p[1]),
            r: 4,
            fill: shape.color,
            stroke: '#ffffff',
            'stroke-width': 1.5,
          },
        });
      }
      return nodes;
  }
  const measured = shape.points.length >= 2 ? measurementText(shape.kind, shape.points, mpp) : null;
  const label = [shape.text, measured].filter(Boolean).join(' · ');
  if (label && screen.length > 0) {
    const around = grown(extentOf(screen), options.handleRadius ?? 0);
    const [x, y] = labelAnchor(around);
    nodes.push({
      tag: 'text',
      attrs: {
        x: fmt(x),
        y: fmt(y),
        fill: shape.color,
        'text-anchor': 'middle',
        class: 'pc-measure',
        // Words its author gave the shape ("suspicious focus"): placed like a note's (declutter).
        ...(shape.text ? { 'data-words': '1' } : {}),
      },
      text: label,
      around,
      anchors: extremes ?? extremePoints(screen),
    });
  }
  return nodes;
}

/**
 * A shape's outermost points on screen, lowest, highest, leftmost, rightmost (the middle of a
 * level edge): points on its outline, whatever its kind.
 */
function extremePoints(points: readonly Point[]): Point[] {
  const middle = (axis: 0 | 1, value: number): Point => {
    const along = points.filter((p) => Math.abs(p[axis] - value) <= 0.5).map((p) => p[1 - axis]!);
    const mid = (Math.min(...along) + Math.max(...along)) / 2;
    return axis === 1 ? [mid, value] : [value, mid];
  };
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [
    middle(1, Math.max(...ys)),
    middle(1, Math.min(...ys)),
    middle(0, Math.min(...xs)),
    middle(0, Math.max(...xs)),
  ];
}

/**
 * The lowest, highest, leftmost and rightmost points of the ellipse SVG draws as the unit circle
 * through `matrix(a b c d e f)`: its point at angle θ is (a cos θ + c sin θ + e,
 * b cos θ + d sin θ + f), whose y is largest, by √(b² + d²), where (cos θ, sin θ) ∝ (b, d).
 */
function ellipseExtremes([a, b, c, d, e, f]: readonly number[]): Point[] {
  const ry = Math.hypot(b!, d!) || 1;
  const rx = Math.hypot(a!, c!) || 1;
  const dy: Point = [(a! * b! + c! * d!) / ry, ry];
  const dx: Point = [rx, (a! * b! + c! * d!) / rx];
  return [
    [e! + dy[0], f! + dy[1]],
    [e! - dy[0], f! - dy[1]],
    [e! - dx[0], f! - dx[1]],
    [e! + dx[0], f! + dx[1]],
  ];
}
