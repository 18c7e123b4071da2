import { describe, expect, it } from 'vitest';
import { arrowHeadArea } from './arrow-head';
import type { SvgNode } from './svg-shapes';

const line = (x2: number, y2: number, marked = true): SvgNode => ({
  tag: 'line',
  attrs: {
    x1: 0,
    y1: 100,
    x2,
    y2,
    'stroke-width': 2,
    ...(marked ? { 'marker-end': 'url(#pc-arrow-00ff00)' } : {}),
  },
});

describe('arrowHeadArea', () => {
  it('is the head drawn at the end of the arrow, and a little around it', () => {
    // 16 px long at a 2 px stroke: the tip 1.6 px beyond the line's end, the base 14.4 px back,
    // 8 px to each side; 2 px more all round.
    const area = arrowHeadArea(line(100, 100))!;
    expect(area.left).toBeCloseTo(83.6);
    expect(area.right).toBeCloseTo(103.6);
    expect(area.top).toBeCloseTo(90);
    expect(area.bottom).toBeCloseTo(110);
  });

  it('turns with the arrow', () => {
    const area = arrowHeadArea({
      ...line(0, 200),
      attrs: { ...line(0, 200).attrs, x1: 0, y1: 0 },
    })!;
    expect(area.top).toBeCloseTo(183.6);
    expect(area.bottom).toBeCloseTo(203.6);
    expect(area.left).toBeCloseTo(-10);
    expect(area.right).toBeCloseTo(10);
  });

  it('is none for a line without a head (a ruler)', () => {
    expect(arrowHeadArea(line(100, 100, false))).toBeNull();
  });
});
