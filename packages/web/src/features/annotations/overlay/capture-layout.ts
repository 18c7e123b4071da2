import type { PixelSize, Point } from '../utils/geometry';
import { declutterLabels, type Box } from './label-declutter';
import { keepLabelsInView, withLeaderLines } from './label-placement';
import { describeShape, drawingLayers, type DrawableShape, type SvgNode } from './svg-shapes';

/*
 * The annotations of a report's picture: labels larger than on screen (reportTextScale, readable
 * in print), placed for that size. Enlarging the screen's labels where they stood cut those near
 * the picture's edge ("0.0156 mm²" read "0.0156 m"), laid them over one another and over short
 * rulers. So the layout is made in a view `scale` times smaller, at the screen's font, by the
 * same rules as on screen (kept in the view, off the scale stamp, decluttered, leader lines), and
 * the picture draws it `scale` times larger.
 */

export interface CaptureLayout {
  /** The smaller view the groups are laid out in (the picture's viewBox). */
  view: { width: number; height: number };
  /** How many times the screen's size the labels are drawn. */
  scale: number;
  groups: SvgNode[][];
}

/** The labels the layout draws, by their shape's place in the list: their words as drawn. */
const labelled = (groups: readonly SvgNode[][]) =>
  new Map(
    groups.flatMap((group, i) =>
      group.flatMap((node) => (node.tag === 'text' ? [[i, node.text ?? ''] as const] : [])),
    ),
  );

/** The steps tried from the wanted scale down to the screen's own. */
const STEPS = 6;

/**
 * The layout of `shapes` for a picture of a view `box` CSS pixels large, with `covered` areas
 * (the scale stamp) in the same pixels: labels `wanted` times their screen size, or less where
 * that size would leave out a label the screen's size keeps (a crowded view: a report must not
 * lose a measurement to larger letters, nor show another in its place, nor cut a note shorter),
 * down to the screen's size.
 */
export function captureLayout(
  shapes: readonly DrawableShape[],
  toElement: (p: Point) => Point,
  mpp: PixelSize,
  box: { width: number; height: number },
  covered: readonly Box[],
  wanted: number,
): CaptureLayout {
  const layoutAt = (scale: number): CaptureLayout => {
    const view = { width: box.width / scale, height: box.height / scale };
    const small = (p: Point): Point => {
      const [x, y] = toElement(p);
      return [x / scale, y / scale];
    };
    const nodes = shapes.map((shape) => describeShape(shape, small, mpp));
    const areas = covered.map((b) => ({
      left: b.left / scale,
      top: b.top / scale,
      right: b.right / scale,
      bottom: b.bottom / scale,
    }));
    const groups = withLeaderLines(declutterLabels(keepLabelsInView(nodes, view, areas)));
    return { view, scale, groups };
  };
  const screen = layoutAt(1);
  const top = Math.max(1, wanted);
  for (let step = 0; step < STEPS; step += 1) {
    const scale = top - ((top - 1) * step) / STEPS;
    if (scale <= 1) {
      break;
    }
    const layout = layoutAt(scale);
    // The same labels, not only as many: at the larger size a rectangle's area gave way to the
    // label of the ellipse inside it, the same size and a smaller area, which the screen hid.
    // And as whole: a long note cut shorter than on screen lost words the report needed.
    const drawn = labelled(layout.groups);
    if ([...labelled(screen.groups)].every(([i, words]) => drawn.get(i) === words)) {
      return layout;
    }
  }
  return screen;
}

/**
 * The nodes of a picture's groups in the order it draws them, as the live view draws them
 * (drawingLayers): every outline, then each group's labels with its note's dot after them.
 * Every label over every shape: a picture has no pointer to tell which line is on top, and a
 * later ruler's line struck through an earlier one's number.
 */
export function captureDrawingOrder(groups: readonly SvgNode[][]): SvgNode[] {
  const layers = groups.map(drawingLayers);
  return [...layers.flatMap((l) => l.outline), ...layers.flatMap((l) => l.labels)];
}
