import { describe, expect, it } from 'vitest';
import { isClosedFreehand } from '../utils/geometry';
import { DrawSession } from './draw-session';

const IMAGE = { width: 1000, height: 800 };
const session = (tool: ConstructorParameters<typeof DrawSession>[0], pixel = 1) =>
  new DrawSession(tool, IMAGE, () => pixel);

describe('drawing a shape', () => {
  it('drags a ruler from press to release, clamped to the image', () => {
    const s = session('line');
    s.press([10, 10]);
    expect(s.move([50, 40])).toEqual({
      kind: 'drawing',
      points: [
        [10, 10],
        [50, 40],
      ],
    });
    expect(s.release([1200, 40])).toEqual({
      kind: 'finished',
      shape: {
        kind: 'line',
        points: [
          [10, 10],
          [1000, 40],
        ],
      },
    });
  });

  it('ignores a click without a drag and cancels on Esc', () => {
    const s = session('rectangle', 4);
    s.press([10, 10]);
    expect(s.release([12, 11])).toEqual({ kind: 'idle' });
    s.press([10, 10]);
    s.move([100, 100]);
    expect(s.cancel()).toEqual({ kind: 'idle' });
    expect(s.draft).toEqual([]);
  });

  it('takes a polygon’s corners back one by one with Backspace, the shape with its first', () => {
    const s = session('polygon');
    expect(s.corners).toEqual([]);
    s.click([0, 0]);
    s.click([100, 0]);
    // A double click at the third corner places its spot twice.
    s.click([100, 100]);
    s.click([100, 100]);
    s.move([50, 80]);
    expect(s.corners).toHaveLength(4);
    expect(s.undoCorner()).toEqual({
      kind: 'drawing',
      points: [
        [0, 0],
        [100, 0],
        [50, 80],
      ],
    });
    expect(s.undoCorner()).toEqual({
      kind: 'drawing',
      points: [
        [0, 0],
        [50, 80],
      ],
    });
    expect(s.undoCorner()).toEqual({ kind: 'idle' });
    expect(s.corners).toEqual([]);
    // Enter with nothing placed says nothing.
    expect(s.close()).toEqual({ kind: 'idle' });
  });

  it('closes a polygon with Enter at the corners placed, not where the pointer went since', () => {
    const s = session('polygon');
    s.click([0, 0]);
    s.click([100, 0]);
    s.click([100, 100]);
    s.move([40, 160]);
    expect(s.close()).toEqual({
      kind: 'finished',
      shape: {
        kind: 'polygon',
        points: [
          [0, 0],
          [100, 0],
          [100, 100],
        ],
      },
    });
    // Two corners and the pointer elsewhere: too few, said so.
    s.click([0, 0]);
    s.click([100, 0]);
    s.move([40, 160]);
    expect(s.close()).toMatchObject({ kind: 'drawing', tooFewCorners: true });
  });

  it('closes a polygon on a double click with at least three corners', () => {
    const s = session('polygon');
    s.click([0, 0]);
    s.move([5, 5]);
    s.click([100, 0]);
    // Two corners: still drawing, and the page is told why nothing closed.
    expect(s.close()).toMatchObject({ kind: 'drawing', tooFewCorners: true });
    s.click([100, 100]);
    s.click([100, 100]);
    expect(s.close()).toEqual({
      kind: 'finished',
      shape: {
        kind: 'polygon',
        points: [
          [0, 0],
          [100, 0],
          [100, 100],
        ],
      },
    });
  });

  it('simplifies a free-hand stroke at the screen’s pixel size and places notes on a click', () => {
    const s = session('freehand', 2);
    s.press([0, 0]);
    for (let x = 1; x < 100; x++) {
      s.move([x, x % 2]);
    }
    const done = s.release([100, 0]);
    expect(done).toEqual({
      kind: 'finished',
      shape: {
        kind: 'freehand',
        points: [
          [0, 0],
          [100, 0],
        ],
      },
    });
    expect(session('text').click([5.555, 6])).toEqual({
      kind: 'finished',
      shape: { kind: 'text', points: [[5.56, 6]] },
    });
  });
  it('keeps a free-hand outline that ends exactly where it began, and drops a mere press', () => {
    const s = session('freehand');
    s.press([100, 100]);
    for (const p of [
      [200, 100],
      [200, 200],
      [100, 200],
    ] as const) {
      s.move([...p]);
    }
    const done = s.release([100, 100]);
    expect(done.kind).toBe('finished');
    const points = done.kind === 'finished' ? done.shape.points : [];
    expect(points[0]).toEqual(points.at(-1));
    expect(isClosedFreehand(points)).toBe(true);
    const still = session('freehand');
    still.press([100, 100]);
    still.move([100.5, 100]);
    expect(still.release([100, 100])).toEqual({ kind: 'idle' });
  });

  it('keeps the draft on the image as the pointer passes the edge: what is shown is saved', () => {
    const s = session('line');
    s.press([900, 700]);
    const draft = s.move([1100, 900]);
    expect(draft).toEqual({
      kind: 'drawing',
      points: [
        [900, 700],
        [1000, 800],
      ],
    });
    expect(s.release([1100, 900])).toEqual({
      kind: 'finished',
      shape: {
        kind: 'line',
        points: [
          [900, 700],
          [1000, 800],
        ],
      },
    });
  });

  it('saves nothing drawn wholly in the margin around the slide, and says why', () => {
    for (const tool of ['rectangle', 'line', 'ellipse', 'arrow', 'freehand'] as const) {
      const s = session(tool);
      s.press([1050, 100]);
      s.move([1150, 300]);
      expect(s.release([1200, 400])).toEqual({ kind: 'idle', offSlide: true });
    }
    const text = session('text');
    expect(text.click([-20, 50])).toEqual({ kind: 'idle', offSlide: true });
    const polygon = session('polygon');
    for (const p of [
      [1100, 0],
      [1200, 100],
      [1100, 200],
    ] as const) {
      polygon.click(p);
    }
    expect(polygon.close()).toEqual({ kind: 'idle', offSlide: true });
  });

  it('tells a drawing in the margin from a click there, and from a hover over the slide', () => {
    // A click in the grey with a drawing tool is no attempt to draw: nothing said.
    const click = session('line');
    click.press([1100, 100]);
    expect(click.release([1100, 100])).toEqual({ kind: 'idle' });
    // The pointer passed over the slide between shapes: the next one drawn in the grey is still
    // off the slide (a hover set it as touched, and the line was kept along the edge).
    const hovered = session('line');
    hovered.move([500, 500]);
    hovered.press([1050, 100]);
    hovered.move([1100, 300]);
    expect(hovered.release([1100, 400])).toEqual({ kind: 'idle', offSlide: true });
    hovered.move([500, 500]);
    hovered.press([1050, 100]);
    expect(hovered.release([1100, 400])).toEqual({ kind: 'idle', offSlide: true });
    // A polygon's corners decide, not where the pointer hovered between them.
    const polygon = session('polygon');
    for (const p of [
      [1100, 0],
      [1200, 100],
      [1100, 200],
    ] as const) {
      polygon.move([500, 500]);
      polygon.click(p);
    }
    expect(polygon.close()).toEqual({ kind: 'idle', offSlide: true });
  });

  it('saves no box flattened against the edge', () => {
    const s = session('rectangle');
    s.press([1000, 100]);
    expect(s.release([1300, 400])).toEqual({ kind: 'idle' });
  });
});
