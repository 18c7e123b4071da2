import { describe, expect, it } from 'vitest';
import type { Point } from '../utils/geometry';
import {
  HIT_BAND_PX,
  describeShape,
  hitOutlines,
  labelBackdrop,
  drawingLayers,
} from './svg-shapes';

/** Zoom 0.5 around the origin, panned by (100, 50). */
const plain = ([x, y]: Point): Point => [x / 2 + 100, y / 2 + 50];
/** Rotated by 90° clockwise about the origin, then mirrored horizontally. */
const turned = ([x, y]: Point): Point => [y, x];

describe('annotations drawn as SVG', () => {
  it('draws a ruler in element pixels with its length from the MPP', () => {
    const nodes = describeShape(
      {
        kind: 'line',
        color: '#ff0000',
        text: null,
        points: [
          [0, 0],
          [4000, 0],
        ],
      },
      plain,
      0.25,
    );
    expect(nodes[0]).toMatchObject({ tag: 'line', attrs: { x1: 100, y1: 50, x2: 2100, y2: 50 } });
    expect(nodes[1]).toMatchObject({ tag: 'text', text: '1.00 mm' });
    expect(nodes[1]!.attrs['data-words']).toBeUndefined();
  });

  it('draws a rectangle as a polygon that follows rotation and flip', () => {
    const nodes = describeShape(
      {
        kind: 'rectangle',
        color: '#00ff00',
        text: 'front',
        points: [
          [10, 20],
          [110, 70],
        ],
      },
      turned,
      null,
    );
    expect(nodes[0]).toMatchObject({
      tag: 'polygon',
      attrs: { points: '20,10 20,110 70,110 70,10' },
    });
    // Named by its author: its label is placed like a note's (label-declutter.ts).
    expect(nodes[1]).toMatchObject({
      text: 'front · 100 × 50 px · 5,000 px²',
      attrs: { 'data-words': '1' },
    });
  });

  it('draws an ellipse through the view’s matrix, an arrow with its head, a note with its text', () => {
    const [ellipse] = describeShape(
      {
        kind: 'ellipse',
        color: '#0000ff',
        text: null,
        points: [
          [0, 0],
          [40, 20],
        ],
      },
      turned,
      1,
    );
    expect(ellipse?.attrs.transform).toBe('matrix(0 20 10 0 10 20)');
    const [arrow] = describeShape(
      {
        kind: 'arrow',
        color: '#abcdef',
        text: null,
        points: [
          [0, 0],
          [1, 1],
        ],
      },
      plain,
      null,
    );
    expect(arrow?.attrs['marker-end']).toBe('url(#pc-arrow-abcdef)');
    const note = describeShape(
      { kind: 'text', color: '#ffff00', text: 'mitoses', points: [[10, 10]] },
      plain,
      null,
    );
    expect(note.map((n) => n.tag)).toEqual(['text', 'circle']);
    expect(note[0]).toMatchObject({ text: 'mitoses', attrs: { x: 113, y: 59 } });
  });

  it('puts the label of a shape with handles clear of them, below and above', () => {
    const box = {
      kind: 'rectangle' as const,
      color: '#00ff00',
      text: 'focus',
      points: [
        [0, 0],
        [100, 40],
      ] as Point[],
    };
    const bare = describeShape(box, plain, null).find((n) => n.tag === 'text')!;
    const edited = describeShape(box, plain, null, { handleRadius: 6 }).find(
      (n) => n.tag === 'text',
    )!;
    // Screen extent 100…150 × 50…70: the label 16 px below it, 6 more under handles.
    expect(bare.attrs.y).toBe(86);
    expect(edited.attrs.y).toBe(92);
    expect(edited.attrs.x).toBe(bare.attrs.x);
    expect(bare.around).toEqual({ left: 100, right: 150, top: 50, bottom: 70 });
    expect(edited.around).toEqual({ left: 94, right: 156, top: 44, bottom: 76 });
  });

  it('leaves a polygon open while it is drawn', () => {
    const [open] = describeShape(
      {
        kind: 'polygon',
        color: '#000000',
        text: null,
        points: [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
      },
      plain,
      null,
      { closed: false },
    );
    expect(open?.tag).toBe('polyline');
  });

  it('draws a free-hand outline that ends near its start closed, with its area', () => {
    const loop: Point[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 8],
    ];
    const [outline, label] = describeShape(
      { kind: 'freehand', color: '#000000', text: null, points: loop },
      plain,
      null,
    );
    expect(outline?.tag).toBe('polygon');
    expect(label?.text).toBe('400 px · 10,000 px²');
    // Ended far from its start: an open stroke, with its length alone.
    const [stroke, length] = describeShape(
      { kind: 'freehand', color: '#000000', text: null, points: loop.slice(0, 3) },
      plain,
      null,
    );
    expect(stroke?.tag).toBe('polyline');
    expect(length?.text).toBe('200 px');
  });
});

describe('picking and reading shapes', () => {
  it('gives each outline a wide invisible band to pick it by, without arrow heads or labels', () => {
    const nodes = describeShape(
      {
        kind: 'arrow',
        color: '#ff0000',
        text: 'here',
        points: [
          [0, 0],
          [100, 0],
        ],
      },
      plain,
      null,
    );
    const bands = hitOutlines(nodes);
    expect(bands).toHaveLength(1);
    expect(bands[0]).toMatchObject({
      tag: 'line',
      attrs: {
        x1: 100,
        y1: 50,
        x2: 150,
        y2: 50,
        stroke: 'transparent',
        'stroke-width': HIT_BAND_PX,
      },
    });
    expect(bands[0]?.attrs['marker-end']).toBeUndefined();
    // The drawn arrow keeps its head and thin stroke.
    expect(nodes[0]?.attrs).toMatchObject({
      'stroke-width': 2,
      'marker-end': 'url(#pc-arrow-ff0000)',
    });
  });

  it('gives a note a wider invisible disc around its dot', () => {
    const note = describeShape(
      { kind: 'text', color: '#00a651', text: 'mitoses', points: [[10, 10]] },
      plain,
      null,
    );
    expect(hitOutlines(note)).toEqual([
      {
        tag: 'circle',
        attrs: expect.objectContaining({ cx: 105, cy: 55, r: 10, fill: 'transparent' }),
      },
    ]);
  });

  it('puts pale label colours on a dark plate and strong ones on a light plate', () => {
    expect(labelBackdrop('#ff0000')).toBe('light');
    expect(labelBackdrop('#1f5cff')).toBe('light');
    expect(labelBackdrop('#00a651')).toBe('light');
    expect(labelBackdrop('#ffff00')).toBe('dark');
    expect(labelBackdrop('#ffffff')).toBe('dark');
    expect(labelBackdrop('not a colour')).toBe('light');
  });

  it('draws a note’s dot over its own text’s plate, and a measured shape’s outline under its label', () => {
    const note = describeShape(
      { kind: 'text', color: '#ff0000', text: 'focus', points: [[10, 10]] },
      plain,
      null,
    );
    const layers = drawingLayers(note);
    expect(layers.outline).toEqual([]);
    expect(layers.labels.map((n) => n.tag)).toEqual(['text', 'circle']);
    // Its text left out for want of room: the dot stays with the outlines, nothing over them.
    const alone = drawingLayers(note.filter((n) => n.tag !== 'text'));
    expect(alone.outline.map((n) => n.tag)).toEqual(['circle']);
    expect(alone.labels).toEqual([]);
    const ruler = describeShape(
      {
        kind: 'line',
        color: '#ff0000',
        text: null,
        points: [
          [0, 0],
          [200, 0],
        ],
      },
      plain,
      1,
    );
    const drawn = drawingLayers(ruler);
    expect(drawn.outline.map((n) => n.tag)).toEqual(['line']);
    expect(drawn.labels.map((n) => n.tag)).toEqual(['text']);
  });
});
