import { describe, expect, it } from 'vitest';
import { labelBox, overlaps as overlapsBox } from './label-declutter';
import { keepLabelsInView } from './label-placement';
import { describeShape, type SvgNode } from './svg-shapes';

const VIEW = { width: 400, height: 300 };
const same = ([x, y]: readonly [number, number]) => [x, y] as [number, number];

/** The label of a ruler drawn from `a` to `b` (element pixels = image pixels here). */
function rulerLabel(a: [number, number], b: [number, number]): SvgNode[][] {
  return [describeShape({ kind: 'line', color: '#ff0000', text: null, points: [a, b] }, same, 0.5)];
}
const labelOf = (groups: SvgNode[][]) => groups[0]!.find((n) => n.tag === 'text')!;
const inside = (node: SvgNode, view = VIEW) => {
  const box = labelBox(node);
  return box.left >= 0 && box.top >= 0 && box.right <= view.width && box.bottom <= view.height;
};

describe('keepLabelsInView', () => {
  it('leaves a label that is whole and uncovered where it is', () => {
    const groups = rulerLabel([100, 100], [200, 100]);
    expect(keepLabelsInView(groups, VIEW, [])).toEqual(groups);
  });

  it('slides a label cut by the left or right edge back into the view', () => {
    const left = labelOf(keepLabelsInView(rulerLabel([-40, 100], [10, 100]), VIEW, []));
    expect(inside(left)).toBe(true);
    const right = labelOf(keepLabelsInView(rulerLabel([390, 100], [440, 100]), VIEW, []));
    expect(inside(right)).toBe(true);
    // Only sideways: still under its shape.
    expect(right.attrs.y).toBe(labelOf(rulerLabel([390, 100], [440, 100])).attrs.y);
  });

  it('slides a label just cut by the left edge sideways, not off beside the navigator', () => {
    // An ellipse at the left of a 588 px pane (side by side): its label, centred under it, runs
    // 1.3 px past the edge gap; slid back by exactly that, it must count as fitting.
    const label: SvgNode = {
      tag: 'text',
      text: '99.8 × 49.9 µm · 3911.3 µm²',
      attrs: { x: 108, y: 470, 'text-anchor': 'middle' },
      around: { left: 58, right: 158, top: 254, bottom: 454 },
    };
    const view = { width: 588, height: 648 };
    const navigator = { left: 507, top: 552, right: 589, bottom: 643 };
    const moved = labelOf(keepLabelsInView([[label]], view, [navigator]));
    expect(labelBox(moved).left).toBeCloseTo(4, 1);
    expect(moved.attrs.y).toBe(470);
  });

  it('puts the label above a shape at the bottom edge', () => {
    const moved = labelOf(keepLabelsInView(rulerLabel([100, 295], [200, 295]), VIEW, []));
    expect(inside(moved)).toBe(true);
    expect(labelBox(moved).bottom).toBeLessThanOrEqual(295);
  });

  it('keeps a label off the navigator over the lower right corner', () => {
    const navigator = { left: 300, top: 220, right: 400, bottom: 300 };
    const groups = rulerLabel([290, 210], [340, 210]);
    expect(labelBox(labelOf(groups)).right).toBeGreaterThan(navigator.left);
    const moved = labelOf(keepLabelsInView(groups, VIEW, [navigator]));
    expect(inside(moved)).toBe(true);
    const box = labelBox(moved);
    expect(
      box.right <= navigator.left ||
        box.bottom <= navigator.top ||
        box.left >= navigator.right ||
        box.top >= navigator.bottom,
    ).toBe(true);
  });

  it('moves a label off the navigator to a place clear of the other shapes', () => {
    const navigator = { left: 300, top: 220, right: 400, bottom: 300 };
    const ruler = rulerLabel([290, 210], [340, 210]);
    // Where it goes with no other shape about: a neighbour is then drawn right there.
    const alone = labelBox(labelOf(keepLabelsInView(ruler, VIEW, [navigator])));
    const neighbour: SvgNode = {
      tag: 'text',
      text: '12.0 µm',
      // Its own label out of the way: its shape is what matters here.
      attrs: { x: alone.left + 20, y: alone.top - 20, 'text-anchor': 'middle' },
      around: { left: alone.left, top: alone.top, right: alone.right, bottom: alone.bottom },
    };
    const moved = labelOf(keepLabelsInView([ruler[0]!, [neighbour]], VIEW, [navigator]));
    const box = labelBox(moved);
    expect(inside(moved)).toBe(true);
    expect(overlapsBox(box, navigator)).toBe(false);
    expect(overlapsBox(box, neighbour.around!)).toBe(false);
  });

  it('turns a note near the right edge to the left of its dot', () => {
    const note = describeShape(
      { kind: 'text', color: '#ff0000', text: 'Suspicious focus', points: [[380, 100]] },
      same,
      0.5,
    );
    const moved = labelOf(keepLabelsInView([note], VIEW, []));
    expect(moved.attrs['text-anchor']).toBe('end');
    expect(labelBox(moved).right).toBeLessThanOrEqual(380);
    expect(inside(moved)).toBe(true);
  });

  it('cuts a label wider than the view, and places it whole', () => {
    const long = 'Suspicious focus near the margin, please check deeper levels';
    const note = describeShape(
      { kind: 'text', color: '#ff0000', text: long, points: [[150, 100]] },
      same,
      0.5,
    );
    const narrow = { width: 200, height: 300 };
    const moved = labelOf(keepLabelsInView([note], narrow, []));
    expect(moved.text).toMatch(/^Suspicious.*…$/);
    expect(inside(moved, narrow)).toBe(true);
    // Where it fits, it is whole.
    expect(labelOf(keepLabelsInView([note], { width: 900, height: 300 }, [])).text).toBe(long);
  });

  it('keeps a long note beside its dot on a phone, never over it', () => {
    const long = 'Suspicious focus near the margin, please check deeper levels';
    const phone = { width: 390, height: 700 };
    // The dot's disc (r 4 and its white ring) must stay clear of the letters.
    const DOT_REACH = 5;
    for (const x of [20, 150, 195, 240, 370]) {
      const note = describeShape(
        { kind: 'text', color: '#ff0000', text: long, points: [[x, 300]] },
        same,
        0.5,
      );
      const moved = labelOf(keepLabelsInView([note], phone, []));
      const box = labelBox(moved);
      expect(moved.text).toMatch(/…$/);
      expect(inside(moved, phone)).toBe(true);
      expect(box.right <= x - DOT_REACH || box.left >= x + DOT_REACH).toBe(true);
    }
  });

  it('moves a note off the scale bar, still beside its dot', () => {
    // The scale bar in the lower left corner (scale-bar-overlay.tsx), a note just above it.
    const bar = { left: 12, top: 262, right: 140, bottom: 288 };
    const dot: [number, number] = [40, 262];
    const note = describeShape(
      { kind: 'text', color: '#ff0000', text: 'Suspicious area 可疑', points: [dot] },
      same,
      0.5,
    );
    expect(overlapsBox(labelBox(labelOf([note])), bar)).toBe(true);
    const moved = labelOf(keepLabelsInView([note], VIEW, [bar]));
    const box = labelBox(moved);
    expect(overlapsBox(box, bar)).toBe(false);
    expect(inside(moved)).toBe(true);
    // Beside its dot, right of it, the nearest line clear of the bar: just above it.
    expect(box.left).toBeGreaterThanOrEqual(dot[0] + 5);
    expect(box.bottom).toBeLessThanOrEqual(bar.top);
    expect(bar.top - box.bottom).toBeLessThanOrEqual(4);
  });

  it('leaves the label of a shape out of view with its shape', () => {
    const groups = rulerLabel([500, 100], [600, 100]);
    expect(keepLabelsInView(groups, VIEW, [])).toEqual(groups);
  });
});
