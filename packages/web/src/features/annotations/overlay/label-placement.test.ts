import { describe, expect, it } from 'vitest';
import { labelBox, overlaps as overlapsBox } from './label-declutter';
import { arrowHeadArea } from './arrow-head';
import { keepLabelsInView, LEADER_MIN_PX, withLeaderLines } from './label-placement';
import { describeShape, hitOutlines, type SvgNode } from './svg-shapes';

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
  it('keeps a label off the head of an arrow pointing at its shape', () => {
    // A ruler's label centred under it, where an arrow from the lower right ends.
    const ruler = rulerLabel([150, 100], [250, 100]);
    const arrow = describeShape(
      {
        kind: 'arrow',
        color: '#00ff00',
        text: null,
        points: [
          [300, 160],
          [205, 117],
        ],
      },
      same,
      0.5,
    );
    const head = arrowHeadArea(arrow[0]!)!;
    expect(overlapsBox(labelBox(labelOf(ruler)), head)).toBe(true);
    const moved = labelOf(keepLabelsInView([...ruler, arrow], VIEW, []));
    expect(overlapsBox(labelBox(moved), head)).toBe(false);
    expect(inside(moved)).toBe(true);
  });

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

  it('moves a label off the scale bar to well above it, not just over it', () => {
    // A ruler along the foot of the view, out at the left: below it is out of view, above it is
    // the scale bar, and right above the bar "684 µm" read as the bar's own length.
    const bar = { left: 4, top: 262, right: 120, bottom: 296 };
    const moved = labelOf(keepLabelsInView(rulerLabel([-60, 298], [40, 298]), VIEW, [bar]));
    expect(inside(moved)).toBe(true);
    const box = labelBox(moved);
    expect(box.bottom).toBeLessThanOrEqual(bar.top - 12 + 0.01);
    expect(box.bottom).toBeGreaterThan(bar.top - 20);
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

  it('keeps the label of a shape at the foot of the view near it, not beside a far navigator', () => {
    // A box at the bottom left of a 860 px view, its label on the scale bar; the navigator is at
    // the other end. Its label went beside the navigator, under another box, on a long leader line.
    const view = { width: 860, height: 690 };
    const navigator = { left: 690, top: 560, right: 860, bottom: 690 };
    const scaleBar = { left: 16, top: 670, right: 120, bottom: 690 };
    const label: SvgNode = {
      tag: 'text',
      text: '69.9 × 69.9 µm · 4880 µm²',
      attrs: { x: 134, y: 671, 'text-anchor': 'middle' },
      around: { left: 98, right: 170, top: 585, bottom: 655 },
    };
    // Another box just above it, whose label is out of the way: the place above is not clear.
    const above: SvgNode = {
      tag: 'text',
      text: '69.9 × 69.9 µm · 4880 µm²',
      attrs: { x: 95, y: 440, 'text-anchor': 'middle' },
      around: { left: 60, right: 130, top: 505, bottom: 575 },
    };
    // And one beside it over the scale bar: the place above the bar is not clear either.
    const beside: SvgNode = {
      tag: 'text',
      text: '69.9 × 69.9 µm · 4880 µm²',
      attrs: { x: 45, y: 440, 'text-anchor': 'middle' },
      around: { left: 10, right: 80, top: 590, bottom: 652 },
    };
    const moved = labelOf(
      keepLabelsInView([[label], [above], [beside]], view, [navigator, scaleBar]),
    );
    // Near its own box, whatever the place: not 500 px off beside the navigator.
    expect(labelBox(moved).right).toBeLessThan(navigator.left - 300);
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

  it('with no spot clear of other shapes, takes the nearest that fits, not the first offered', () => {
    // A tall outline whose label, under it, runs under the navigator; the place above the
    // outline is across the view, and a neighbour lies over the places near the navigator.
    const view = { width: 600, height: 648 };
    const navigator = { left: 180, top: 505, right: 400, bottom: 640 };
    const label: SvgNode = {
      tag: 'text',
      text: '120 × 460 µm · 0.04 mm²',
      attrs: { x: 250, y: 516, 'text-anchor': 'middle' },
      around: { left: 200, right: 300, top: 40, bottom: 500 },
    };
    const neighbour: SvgNode = {
      tag: 'text',
      text: '12.0 µm',
      attrs: { x: 500, y: 100, 'text-anchor': 'middle' },
      around: { left: 0, right: 600, top: 440, bottom: 530 },
    };
    const moved = labelBox(labelOf(keepLabelsInView([[label], [neighbour]], view, [navigator])));
    expect(overlapsBox(moved, navigator)).toBe(false);
    // Beside or just above the navigator, not 450 px up above the outline.
    expect(moved.top).toBeGreaterThan(400);
  });

  it('keeps a note inside a drawn area beside its dot, not clear of the area far away', () => {
    // Seen on a 360 px phone: a note at the top of the view, inside a tumour outline, with an
    // arrow's head at its dot. Every spot near the dot overlaps the outline's box; the note went
    // 400 px down to the navigator's top, on a leader across the tissue.
    const view = { width: 344, height: 508 };
    const covered = [
      { left: 291, top: 426, right: 343, bottom: 501 },
      { left: 13, top: 468, right: 125, bottom: 495 },
    ];
    const note = describeShape(
      { kind: 'text', color: '#1f5cff', text: '可疑浸润灶，建议免疫组化', points: [[116, 11]] },
      same,
      0.5,
    );
    const arrow = describeShape(
      {
        kind: 'arrow',
        color: '#1f5cff',
        text: null,
        points: [
          [16, -39],
          [116, 16],
        ],
      },
      same,
      0.5,
    );
    const area = describeShape(
      {
        kind: 'rectangle',
        color: '#1f5cff',
        text: '肿瘤区域',
        points: [
          [91, -14],
          [241, 111],
        ],
      },
      same,
      0.5,
    );
    const placed = keepLabelsInView([note, arrow, area], view, covered);
    const box = labelBox(labelOf(placed));
    const head = arrowHeadArea(arrow.find((n) => n.tag === 'line' && n.attrs['marker-end'])!)!;
    expect(inside(labelOf(placed), view)).toBe(true);
    expect(overlapsBox(box, head)).toBe(false);
    // Within a few lines of its dot: a short leader at most, not one across the view.
    expect(box.top - 11).toBeLessThan(48);
    for (const leader of withLeaderLines(placed)[0]!.filter((n) => n.tag === 'line')) {
      const { x1, y1, x2, y2 } = leader.attrs;
      expect(Math.hypot(Number(x2) - Number(x1), Number(y2) - Number(y1))).toBeLessThan(30);
    }
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
    // Beside its dot, right of it, the nearest line clear of the bar: above it, by the gap kept
    // over a control (12 px), no farther.
    expect(box.left).toBeGreaterThanOrEqual(dot[0] + 5);
    expect(bar.top - box.bottom).toBeGreaterThanOrEqual(11.9);
    expect(bar.top - box.bottom).toBeLessThanOrEqual(12.1);
    // The same wherever the rounding of its place falls (a place rounded into the gap would be
    // refused, and the note sent farther).
    for (const fraction of [0.003, 0.337, 0.5, 0.994]) {
      const shifted = { ...bar, top: bar.top + fraction, bottom: bar.bottom + fraction };
      const placed = labelBox(labelOf(keepLabelsInView([note], VIEW, [shifted])));
      expect(shifted.top - placed.bottom, `${fraction}`).toBeGreaterThanOrEqual(11.9);
      expect(shifted.top - placed.bottom, `${fraction}`).toBeLessThanOrEqual(12.1);
    }
  });

  it('moves a label in its own place touching the scale bar up to the gap kept over a control', () => {
    // After "Go to", a ruler's length lay 1 px over the bar, as if it were the bar's own length.
    const bar = { left: 12, top: 262, right: 140, bottom: 288 };
    const probe = labelBox(labelOf(rulerLabel([40, 200], [120, 200])));
    const y = 200 + (bar.top - 1 - probe.bottom);
    const ruler = rulerLabel([40, y], [120, y]);
    expect(bar.top - labelBox(labelOf(ruler)).bottom).toBeCloseTo(1);
    const moved = labelBox(labelOf(keepLabelsInView(ruler, VIEW, [bar])));
    expect(bar.top - moved.bottom).toBeGreaterThanOrEqual(11.9);
    // Above its own line, clear of the bar: a place there is as near as the one over the bar.
    expect(moved.bottom).toBeLessThanOrEqual(y - 3.9);
  });

  it('keeps a label beside a control off it by the edge gap', () => {
    // A ruler whose length, in its own place, ends 1 px short of the navigator's left side.
    const navigator = { left: 300, top: 0, right: 400, bottom: 150 };
    const probe = labelBox(labelOf(rulerLabel([200, 60], [260, 60])));
    const dx = navigator.left - 1 - probe.right;
    const ruler = rulerLabel([200 + dx, 60], [260 + dx, 60]);
    expect(navigator.left - labelBox(labelOf(ruler)).right).toBeCloseTo(1);
    const box = labelBox(labelOf(keepLabelsInView(ruler, VIEW, [navigator])));
    expect(box.right <= navigator.left - 3.9 || box.top >= navigator.bottom + 3.9).toBe(true);
  });

  it('leaves out the label of a shape wholly out of view, keeping the shape', () => {
    // Right of the view, and just above it (its label would fall inside, under no line).
    for (const groups of [rulerLabel([500, 100], [600, 100]), rulerLabel([100, -6], [300, -6])]) {
      const kept = keepLabelsInView(groups, VIEW, []);
      expect(kept[0]!.filter((n) => n.tag === 'text')).toEqual([]);
      expect(kept[0]!.filter((n) => n.tag !== 'text')).toEqual(
        groups[0]!.filter((n) => n.tag !== 'text'),
      );
    }
  });
});

describe('withLeaderLines', () => {
  const leaders = (groups: SvgNode[][]) =>
    groups.flat().filter((n) => n.attrs.class === 'pc-leader');

  it('draws none for labels in their own places', () => {
    const ruler = rulerLabel([100, 100], [200, 100]);
    const note = describeShape(
      { kind: 'text', color: '#ff0000', text: 'Suspicious focus', points: [[100, 200]] },
      same,
      0.5,
    );
    // Turned to the left of its dot at the right edge: still beside it.
    const turned = describeShape(
      { kind: 'text', color: '#ff0000', text: 'Suspicious focus', points: [[380, 100]] },
      same,
      0.5,
    );
    const placed = keepLabelsInView([ruler[0]!, note, turned], VIEW, []);
    expect(withLeaderLines(placed)).toEqual(placed);
  });

  it("joins a note moved off the navigator back to its dot, in the note's colour", () => {
    const navigator = { left: 300, top: 220, right: 400, bottom: 300 };
    const dot: [number, number] = [350, 262];
    const note = describeShape(
      { kind: 'text', color: '#1f5cff', text: 'Deeper levels', points: [dot] },
      same,
      0.5,
    );
    const moved = keepLabelsInView([note], VIEW, [navigator]);
    const box = labelBox(labelOf(moved));
    expect(box.bottom).toBeLessThan(dot[1] - LEADER_MIN_PX);
    const [leader] = leaders(withLeaderLines(moved));
    expect(leader).toMatchObject({
      tag: 'line',
      attrs: { x2: dot[0], y2: dot[1], stroke: '#1f5cff' },
    });
    // From the label's nearest edge, drawn before (under) the label.
    expect(leader!.attrs.y1).toBeCloseTo(box.bottom, 1);
    const group = withLeaderLines(moved)[0]!;
    expect(group.indexOf(leader!)).toBeLessThan(group.findIndex((n) => n.tag === 'text'));
    // Not a target of its own: only the shape's outline and dot pick it.
    expect(hitOutlines(group).some((n) => n.attrs.class === 'pc-hit' && n.tag === 'line')).toBe(
      false,
    );
  });

  it('joins a measurement moved above the navigator to the nearest point of its shape', () => {
    // An ellipse beside the navigator's top: its named label, too wide for the room left of the
    // navigator and over it above the shape, goes above the navigator, clear of the shape.
    const navigator = { left: 300, top: 220, right: 400, bottom: 300 };
    const ellipse = describeShape(
      {
        kind: 'ellipse',
        color: '#ff0000',
        text: 'Resection margin, inked',
        points: [
          [304, 230],
          [344, 250],
        ],
      },
      same,
      0.5,
    );
    // Its outermost points: lowest, highest, leftmost, rightmost.
    expect(labelOf([ellipse]).anchors).toEqual([
      [324, 250],
      [324, 230],
      [304, 240],
      [344, 240],
    ]);
    const moved = keepLabelsInView([ellipse], VIEW, [navigator]);
    const box = labelBox(labelOf(moved));
    expect(labelOf(moved).text).toBe('Resection margin, inked · 20.0 × 10.0 µm · 157 µm²');
    expect(box.bottom).toBeLessThan(230 - LEADER_MIN_PX);
    const [leader] = leaders(withLeaderLines(moved));
    // To the ellipse's highest point, the nearest to the label above it.
    expect(leader).toMatchObject({ attrs: { x1: 324, x2: 324, y2: 230, stroke: '#ff0000' } });
  });
});
