import { describe, expect, it } from 'vitest';
import type { Point } from '../utils/geometry';
import { captureDrawingOrder, captureLayout } from './capture-layout';
import { labelBox, overlaps } from './label-declutter';
import type { DrawableShape, SvgNode } from './svg-shapes';

/** Level-0 pixels are element pixels here; 0.5 µm a pixel. */
const identity = (p: Point): Point => p;
const MPP = 0.5;
const BOX = { width: 1000, height: 600 };

const ruler = (from: Point, to: Point): DrawableShape => ({
  kind: 'line',
  color: '#ff0000',
  text: null,
  points: [from, to],
});

const labels = (groups: readonly SvgNode[][]) =>
  groups.flat().filter((node) => node.tag === 'text');

describe('the annotations of a report picture', () => {
  it('are laid out for the larger labels: a label at the picture’s edge stays whole inside it', () => {
    // An 80 px ruler 10 px from the right edge (39.9 µm at 0.499; 40 µm here).
    const layout = captureLayout([ruler([910, 300], [990, 300])], identity, MPP, BOX, [], 2.5);
    expect(layout.scale).toBe(2.5);
    expect(layout.view).toEqual({ width: 400, height: 240 });
    const [label] = labels(layout.groups);
    expect(label?.text).toBe('40.0 µm');
    const box = labelBox(label!);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(layout.view.width);
    // Below the ruler, not over it (the ruler lies at 300 / 2.5 = 120 in the smaller view).
    expect(box.top).toBeGreaterThan(120);
  });

  it('keep their labels off the scale stamp', () => {
    const stamp = { left: 30, top: 500, right: 330, bottom: 570 };
    const layout = captureLayout([ruler([100, 470], [200, 470])], identity, MPP, BOX, [stamp], 2.5);
    const small = {
      left: stamp.left / 2.5,
      top: stamp.top / 2.5,
      right: stamp.right / 2.5,
      bottom: stamp.bottom / 2.5,
    };
    const [label] = labels(layout.groups);
    expect(label).toBeDefined();
    expect(overlaps(labelBox(label!), small)).toBe(false);
  });

  it('are drawn smaller than wanted where the wanted size would leave a measurement out', () => {
    // Two rulers whose labels sit apart on screen but would cover each other at 2.5 times.
    const crowded = [ruler([300, 200], [400, 200]), ruler([300, 240], [400, 240])];
    const layout = captureLayout(crowded, identity, MPP, BOX, [], 2.5);
    expect(labels(layout.groups)).toHaveLength(2);
    expect(layout.scale).toBeLessThan(2.5);
    expect(layout.scale).toBeGreaterThanOrEqual(1);
    const [a, b] = labels(layout.groups);
    expect(overlaps(labelBox(a!), labelBox(b!))).toBe(false);
  });

  it('draw the labels the screen shows, not others as many: none gives way to a neighbour', () => {
    // Two rulers 12 px apart: the screen shows the first one's length and leaves the second's
    // out; a note beside them takes the first one's place at 2.5 times, and the second's showed
    // instead (as many labels, another measurement).
    const shapes: DrawableShape[] = [
      ruler([300, 300], [400, 300]),
      ruler([300, 312], [400, 312]),
      { kind: 'text', color: '#0000ff', text: 'Note words here', points: [[230, 290]] },
    ];
    const drawn = (groups: readonly SvgNode[][]) =>
      groups.flatMap((group, i) => (group.some((node) => node.tag === 'text') ? [i] : []));
    expect(drawn(captureLayout(shapes, identity, MPP, BOX, [], 1).groups)).toEqual([0, 2]);
    const layout = captureLayout(shapes, identity, MPP, BOX, [], 2.5);
    expect(drawn(layout.groups)).toEqual([0, 2]);
    expect(layout.scale).toBeLessThan(2.5);
  });

  it('are drawn smaller than wanted where the wanted size would cut a note shorter than the screen', () => {
    const words = 'Cribriform pattern at the margin; please correlate with the frozen section';
    const note: DrawableShape = {
      kind: 'text',
      color: '#ff0000',
      text: words,
      points: [[20, 300]],
    };
    // 700 px wide: the note fits whole at the screen's size, not at 2.5 times.
    const narrow = { width: 700, height: 600 };
    const layout = captureLayout([note], identity, MPP, narrow, [], 2.5);
    expect(labels(layout.groups)[0]?.text).toBe(words);
    expect(layout.scale).toBeLessThan(2.5);
  });

  it('keep the screen’s size where the print wants no larger', () => {
    const layout = captureLayout([ruler([100, 100], [200, 100])], identity, MPP, BOX, [], 1);
    expect(layout.scale).toBe(1);
    expect(layout.view).toEqual(BOX);
  });

  it('draw the shapes, then each label with its note’s dot over its plate', () => {
    const note = (x: number, text: string): DrawableShape => ({
      kind: 'text',
      color: '#ff0000',
      text,
      points: [[x, 50]],
    });
    const layout = captureLayout(
      [note(50, 'First'), ruler([100, 100], [200, 100]), note(300, 'Second')],
      identity,
      MPP,
      BOX,
      [],
      1,
    );
    const order = captureDrawingOrder(layout.groups).map((node) => node.text ?? node.tag);
    // A dot follows its own text only: another note's dot is not drawn over a later label.
    expect(order).toEqual(['line', 'First', 'circle', '50.0 µm', 'Second', 'circle']);
  });
});
