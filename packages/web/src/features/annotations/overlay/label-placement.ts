import { arrowHeadArea } from './arrow-head';
import { estimatedWidth, labelBox, overlaps, type Box } from './label-declutter';
import { LEADER_CLASS, type SvgNode } from './svg-shapes';

/*
 * Labels kept readable at the edges of the view: a shape near the border had its label cut by
 * the pane's edge, and a label near the lower right corner ran under the navigator (which lies
 * over the layer). A label whose shape is on screen moves just enough to be whole and uncovered;
 * one whose shape is out of view goes with it. Of the places that would do, one clear of the
 * other shapes is taken first: moved beside the navigator, a label could land on a neighbour.
 */

/** Gap kept between a label and the view's edge or a control. */
const EDGE_PX = 4;
/**
 * Gap kept between a label moved above a control and that control: just above the scale bar, a
 * length ("684 µm") read as the bar's own, and the estimated text box could still touch it.
 */
const ABOVE_CONTROL_PX = 12;
/** Rounding a label's place may cost (placed() fits). */
const SLACK = 0.01;
/**
 * How much farther than the nearest spot that fits a label may go to be clear of other shapes:
 * about three lines of text, so it stays beside its shape (a leader joins it beyond 12 px).
 */
const CLEAR_DETOUR_PX = 48;
/** From the dot of a note to its text (svg-shapes.ts draws the text 8 px right of the dot). */
const NOTE_GAP_PX = 8;

const fmt = (n: number) => Number(n.toFixed(2));

/**
 * The groups with their labels moved into the view (`width` × `height`) and off the `covered`
 * areas (controls drawn over the layer, in element pixels) and the heads of arrows.
 */
export function keepLabelsInView(
  groups: readonly SvgNode[][],
  view: { width: number; height: number },
  covered: readonly Box[],
): SvgNode[][] {
  if (view.width <= 0 || view.height <= 0) {
    return groups.map((g) => [...g]);
  }
  // Every labelled shape's extent on screen: a moved label should not cover another shape.
  const shapes = groups.flatMap((group) =>
    group.flatMap((node) => (node.tag === 'text' && node.around ? [node.around] : [])),
  );
  // Arrows' heads are kept clear like the controls: a label over one hides where it points.
  const heads = groups.flat().flatMap((node) => arrowHeadArea(node) ?? []);
  // Each kept clear with a gap, not only uncovered: a label in its own place may otherwise touch
  // a control, and a length right on the scale bar (after "Go to") read as the bar's own.
  const kept = [
    ...covered.map((area) => widened(area, ABOVE_CONTROL_PX)),
    ...heads.map((area) => widened(area, EDGE_PX)),
  ];
  return groups.map((group) =>
    group.flatMap((node) => {
      if (!(node.tag === 'text' && node.text && node.around)) {
        return [node];
      }
      // The label of a shape wholly out of view is left out: a ruler just above the view put
      // its length, with no line, at the view's top edge (and so into a report's picture).
      if (outOfView(node.around, view)) {
        return [];
      }
      return [
        placed(
          node,
          view,
          kept,
          shapes.filter((shape) => shape !== node.around),
        ),
      ];
    }),
  );
}

/**
 * `area` grown by the edge gap on each side and by `above` over its top, less the rounding a
 * label's place may cost: a label moved to lie just beside it must still fit.
 */
function widened(area: Box, above: number): Box {
  return {
    left: area.left - EDGE_PX + SLACK,
    right: area.right + EDGE_PX - SLACK,
    top: area.top - above + SLACK,
    bottom: area.bottom + EDGE_PX - SLACK,
  };
}

function outOfView(box: Box, view: { width: number; height: number }): boolean {
  return box.right < 0 || box.left > view.width || box.bottom < 0 || box.top > view.height;
}

function placed(
  whole: SvgNode,
  view: { width: number; height: number },
  covered: readonly Box[],
  otherShapes: readonly Box[],
): SvgNode {
  const around = whole.around!;
  const isNote = whole.attrs.class === 'pc-note';
  // A note's text goes beside its dot, never over it: it may take the wider side's room only.
  const node = shortened(
    whole,
    isNote ? noteRoom(around.left, view.width) : view.width - 2 * EDGE_PX,
  );
  const fits = (candidate: SvgNode) => {
    const box = labelBox(candidate);
    // SLACK: a label slid to the edge gap exactly lands a rounding error short of it (its x is
    // kept to two decimals), which sent it far off beside the navigator instead.
    return (
      box.left >= EDGE_PX - SLACK &&
      box.right <= view.width - EDGE_PX + SLACK &&
      box.top >= EDGE_PX - SLACK &&
      box.bottom <= view.height - EDGE_PX + SLACK &&
      !covered.some((area) => overlaps(box, area))
    );
  };
  if (fits(node)) {
    return node;
  }
  const candidates = isNote ? noteSpots(node, view, covered) : measureSpots(node, view, covered);
  const fitting = candidates.filter(fits);
  // A spot clear of the other shapes is worth a little more travel, not any: a note inside a
  // drawn tumour area (whose box any nearby spot overlaps) went 400 px off to the navigator's
  // top, on a leader across the tissue, when the head of an arrow took its own place.
  // With none clear, the nearest that fits (the first of equals): the candidates' own order put
  // the label of a tall shape above it, across the view, though the spot above the control it
  // ran under was a line away.
  const closest = fitting.reduce<SvgNode | undefined>(
    (best, c) => (best && travel(node, best) <= travel(node, c) ? best : c),
    undefined,
  );
  const nearest = closest ? travel(node, closest) : 0;
  const clear = fitting.find(
    (c) =>
      travel(node, c) <= nearest + CLEAR_DETOUR_PX &&
      !otherShapes.some((shape) => overlaps(labelBox(c), shape)),
  );
  return clear ?? closest ?? clampedIntoView(candidates[0] ?? node, view);
}

/** How far a label's box moves from where it was drawn to `spot`. */
function travel(from: SvgNode, spot: SvgNode): number {
  const a = labelBox(from);
  const b = labelBox(spot);
  return Math.hypot(b.left - a.left, b.top - a.top);
}

/**
 * A label wider than the view cut to its width with an ellipsis (a long note in a pane side by
 * side, or on a phone): the whole text stays in the annotation list.
 */
function shortened(node: SvgNode, room: number): SvgNode {
  const text = node.text ?? '';
  if (estimatedWidth(text) <= room) {
    return node;
  }
  const chars = [...text];
  while (chars.length > 1 && estimatedWidth(`${chars.join('')}…`) > room) {
    chars.pop();
  }
  return { ...node, text: `${chars.join('')}…` };
}

const at = (node: SvgNode, x: number, y: number, anchor?: string): SvgNode => ({
  ...node,
  attrs: {
    ...node.attrs,
    x: fmt(x),
    y: fmt(y),
    ...(anchor ? { 'text-anchor': anchor } : {}),
  },
});

/** The room beside a note's dot at `dot`, on its wider side (left or right), up to the edge gap. */
function noteRoom(dot: number, width: number): number {
  return Math.max(width - EDGE_PX - (dot + NOTE_GAP_PX), dot - NOTE_GAP_PX - EDGE_PX);
}

/**
 * A note's text: right of its dot, else left of it; the side with more room first when neither
 * fits, so that the text pushed into the view does not cover its own dot. Where a control (the
 * scale bar, the navigator) lies at the dot's height, just above or below it, still beside the
 * dot: the nearest such line first.
 */
function noteSpots(node: SvgNode, view: { width: number }, covered: readonly Box[]): SvgNode[] {
  const dot = node.around!;
  const y = Number(node.attrs.y);
  const box = labelBox(node);
  const baselines = [
    y,
    // SLACK beyond the area's edge: the place is rounded (at()) and must stay clear of it.
    ...covered.flatMap((area) => [
      area.top - SLACK - (box.bottom - y),
      area.bottom + SLACK + (y - box.top),
    ]),
  ].sort((a, b) => Math.abs(a - y) - Math.abs(b - y));
  const right = (baseline: number) => at(node, dot.left + NOTE_GAP_PX, baseline);
  const left = (baseline: number) => at(node, dot.left - NOTE_GAP_PX, baseline, 'end');
  const sides = dot.left > view.width / 2 ? [left, right] : [right, left];
  return baselines.flatMap((baseline) => sides.map((side) => side(baseline)));
}

/**
 * A measurement's label, centred under its shape: slid sideways into the view; above the shape
 * when there is no room below it; beside or above a control it would run under there. Only such
 * a control: the spot beside the navigator was offered to every label, and a shape at the foot
 * of the view far from it had its label put there, under another shape, on a long leader line.
 */
function measureSpots(
  node: SvgNode,
  view: { width: number; height: number },
  covered: readonly Box[],
): SvgNode[] {
  const width = estimatedWidth(node.text ?? '');
  const half = width / 2 + EDGE_PX;
  const x = Math.min(Math.max(Number(node.attrs.x), half), view.width - half);
  const below = Number(node.attrs.y);
  const box = labelBox(node);
  // The baseline above the shape: the label's box ends a few pixels over the shape's top.
  const above = node.around!.top - (box.bottom - below) - EDGE_PX;
  const own = [at(node, x, below), at(node, x, above)];
  const spots = [...own];
  for (const area of covered) {
    if (!own.some((spot) => overlaps(labelBox(spot), area))) {
      continue;
    }
    spots.push(
      // SLACK beyond the area's edge: the place is rounded (at()) and must stay clear of it.
      at(node, area.left - SLACK - width / 2, below),
      at(node, area.left - SLACK - width / 2, above),
      at(node, x, area.top - SLACK - (box.bottom - below)),
    );
  }
  return spots;
}

/** No spot is free: at least whole in the view (over the shape, or a control, if need be). */
function clampedIntoView(node: SvgNode, view: { width: number; height: number }): SvgNode {
  const box = labelBox(node);
  const dx = shiftInto(box.left, box.right, view.width);
  const dy = shiftInto(box.top, box.bottom, view.height);
  return at(node, Number(node.attrs.x) + dx, Number(node.attrs.y) + dy);
}

/** How far to move a span from `start` to `end` to lie within 0…`size` less the edge gap. */
function shiftInto(start: number, end: number, size: number): number {
  if (start < EDGE_PX) {
    return EDGE_PX - start;
  }
  return end > size - EDGE_PX ? size - EDGE_PX - end : 0;
}

/**
 * A label farther than this from its shape is joined to it by a leader line. Labels in their own
 * places stay closer: a measurement 3 px under (or 4 px over) its shape, a note's text 8 px from
 * its dot.
 */
export const LEADER_MIN_PX = 12;

/** Distance from a point to a box (0 inside it), and the box's point nearest to it. */
function fromBox(box: Box, [x, y]: readonly [number, number]) {
  const near: [number, number] = [
    Math.min(Math.max(x, box.left), box.right),
    Math.min(Math.max(y, box.top), box.bottom),
  ];
  return { near, distance: Math.hypot(near[0] - x, near[1] - y) };
}

/** Distance between two boxes (0 where they touch or overlap). */
function gapBetween(a: Box, b: Box): number {
  const dx = Math.max(a.left - b.right, b.left - a.right, 0);
  const dy = Math.max(a.top - b.bottom, b.top - a.bottom, 0);
  return Math.hypot(dx, dy);
}

/**
 * The groups with a thin dashed line, in the label's colour, from each label drawn away from its
 * shape (moved off the navigator, the scale bar or the view's edge) to the nearest of its shape's
 * outermost points (a note's dot), so that a finding is never read as another spot's. Drawn under
 * the label, whose plate covers the line's end. Run on the labels as finally drawn (after
 * decluttering).
 */
export function withLeaderLines(groups: readonly SvgNode[][]): SvgNode[][] {
  return groups.map((group) =>
    group.flatMap((node) => {
      if (node.tag !== 'text' || !node.text || !node.around || !node.anchors?.length) {
        return [node];
      }
      const box = labelBox(node);
      if (gapBetween(box, node.around) <= LEADER_MIN_PX) {
        return [node];
      }
      const [target, from] = node.anchors
        .map((anchor) => [anchor, fromBox(box, anchor)] as const)
        .reduce((best, next) => (next[1].distance < best[1].distance ? next : best));
      const leader: SvgNode = {
        tag: 'line',
        attrs: {
          x1: fmt(from.near[0]),
          y1: fmt(from.near[1]),
          x2: fmt(target[0]),
          y2: fmt(target[1]),
          stroke: String(node.attrs.fill ?? '#000000'),
          'stroke-width': 1.5,
          'stroke-dasharray': '4 3',
          'vector-effect': 'non-scaling-stroke',
          class: LEADER_CLASS,
        },
      };
      return [leader, node];
    }),
  );
}
