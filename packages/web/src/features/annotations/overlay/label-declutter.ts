import { LABEL_FONT_PX as FONT_PX } from './label-font';
import type { SvgNode } from './svg-shapes';

/*
 * Labels (text notes, measurements) that would cover one another are left out, so that a zoomed-
 * out slide with many notes shows a readable few rather than a pile of letters; their shapes and
 * the dots of notes stay, and zooming in brings the labels back as they move apart. The selected
 * shape's label is placed first and always shows, then notes' texts, then the names of shapes,
 * then bare measurements.
 */

const LINE_PX = 16;
/** Gap kept around each label. */
const MARGIN_PX = 2;

/** A rectangle in element pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Width of `text` at the label font, estimated without a DOM: CJK glyphs are square, others about half. */
export function estimatedWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    width += /[\u2E80-\u9FFF\uAC00-\uD7AF\uFF00-\uFFEF]/u.test(ch) ? FONT_PX : FONT_PX * 0.6;
  }
  return width;
}

/** Where a label's text lies on screen, `margin` pixels around it. */
export function labelBox(node: SvgNode, margin = 0): Box {
  const x = Number(node.attrs.x);
  const y = Number(node.attrs.y);
  const width = estimatedWidth(node.text ?? '');
  const anchor = node.attrs['text-anchor'];
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  // y is the baseline: most of the line is above it.
  return {
    left: left - margin,
    right: left + width + margin,
    top: y - FONT_PX - margin,
    bottom: y - FONT_PX + LINE_PX + margin,
  };
}

const boxOf = (node: SvgNode) => labelBox(node, MARGIN_PX);

export const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The groups (one per shape, in drawing order) without the labels that would overlap a label
 * placed before them; the group at `first` (the selected shape), when given, is placed first,
 * then the notes.
 */
export function declutterLabels(groups: readonly SvgNode[][], first?: number): SvgNode[][] {
  // Words are what the author meant the reader to see; a measurement can be read again from its
  // shape. A text note is nothing but its words (a dot without them), while a named shape's
  // outline still shows where it is: notes first, then named shapes, then bare measurements
  // (sort is stable: drawing order otherwise). Named shapes ranked with notes hid the notes drawn
  // after them on a zoomed-out phone, where the shapes kept their names.
  const rankOf = (group: readonly SvgNode[]) =>
    group.some((n) => n.attrs.class === 'pc-note')
      ? 1
      : group.some((n) => n.attrs['data-words'] === '1')
        ? 2
        : 3;
  const rank = (i: number) => (i === first ? 0 : rankOf(groups[i] ?? []));
  const order = groups.map((_, i) => i).sort((a, b) => rank(a) - rank(b));
  const placed: Box[] = [];
  const kept = groups.map((group) => [...group]);
  for (const i of order) {
    kept[i] = (kept[i] ?? []).filter((node) => {
      if (node.tag !== 'text' || !node.text) {
        return true;
      }
      const box = boxOf(node);
      if (placed.some((other) => overlaps(box, other))) {
        return false;
      }
      placed.push(box);
      return true;
    });
  }
  return kept;
}

/**
 * The label texts `declutterLabels` left out of each group (`before` its input, `after` its
 * output, which keeps the input's nodes), by the group's index; groups that lost none are absent.
 * What the view then tells: the shape's tooltip reads them, and the panel counts them.
 */
export function leftOutLabels(
  before: readonly SvgNode[][],
  after: readonly SvgNode[][],
): Map<number, string[]> {
  const leftOut = new Map<number, string[]>();
  before.forEach((group, i) => {
    const kept = new Set(after[i] ?? []);
    const texts = group
      .filter((node) => node.tag === 'text' && node.text && !kept.has(node))
      .map((node) => node.text ?? '');
    if (texts.length > 0) {
      leftOut.set(i, texts);
    }
  });
  return leftOut;
}
