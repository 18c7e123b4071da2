import { describe, expect, it } from 'vitest';
import type { AnnotationKind } from '@pathconsult/shared';
import { DrawSession } from './draw-session';
import { penCross, penDown, penFollows } from './keyboard-pen';

const image = { width: 10_000, height: 8_000 };
const session = (tool: AnnotationKind) => new DrawSession(tool, image, () => 4);
/** Level-0 pixels the slide must move between two presses (a screen pixel at this zoom). */
const LEAST = 4;

describe('the keyboard pen', () => {
  it('starts a rectangle at the centre, follows the view, and ends it at the second Space', () => {
    const s = session('rectangle');
    expect(penDown(s, [1000, 1000], LEAST)).toMatchObject({ kind: 'drawing' });
    expect(penFollows(s, [1400, 1300])).toMatchObject({
      kind: 'drawing',
      points: [
        [1000, 1000],
        [1400, 1300],
      ],
    });
    expect(penDown(s, [1500, 1200], LEAST)).toEqual({
      kind: 'finished',
      shape: {
        kind: 'rectangle',
        points: [
          [1000, 1000],
          [1500, 1200],
        ],
      },
    });
    // Nothing under way any more: the view moves freely.
    expect(penFollows(s, [2000, 2000])).toBeNull();
  });

  it('does nothing at a second press before the slide moved: the shape goes on', () => {
    const s = session('line');
    penDown(s, [500, 500], LEAST);
    expect(penDown(s, [502, 501], LEAST)).toBeNull();
    expect(s.pressing).toBe(true);
    penFollows(s, [900, 500]);
    expect(penDown(s, [900, 500], LEAST)).toMatchObject({ kind: 'finished' });
  });

  it('places no corner twice on one spot', () => {
    const s = session('polygon');
    penDown(s, [100, 100], LEAST);
    expect(penDown(s, [101, 100], LEAST)).toBeNull();
    expect(s.corners).toEqual([[100, 100]]);
  });

  it('draws free hand along the way the centre travelled', () => {
    const s = session('freehand');
    penDown(s, [0, 0], LEAST);
    penFollows(s, [400, 0]);
    penFollows(s, [400, 400]);
    const step = penDown(s, [0, 400], LEAST);
    expect(step).toEqual({
      kind: 'finished',
      shape: {
        kind: 'freehand',
        points: [
          [0, 0],
          [400, 0],
          [400, 400],
          [0, 400],
        ],
      },
    });
  });

  it('places polygon corners one per Space, the next following the centre, Enter closing', () => {
    const s = session('polygon');
    expect(penFollows(s, [1, 1])).toBeNull();
    penDown(s, [100, 100], LEAST);
    penFollows(s, [900, 100]);
    penDown(s, [900, 100], LEAST);
    penFollows(s, [900, 700]);
    expect(s.draft.at(-1)).toEqual([900, 700]);
    penDown(s, [900, 700], LEAST);
    expect(s.corners).toEqual([
      [100, 100],
      [900, 100],
      [900, 700],
    ]);
    expect(s.close()).toMatchObject({ kind: 'finished', shape: { kind: 'polygon' } });
  });

  it('places a note at once', () => {
    expect(penDown(session('text'), [250, 300], LEAST)).toEqual({
      kind: 'finished',
      shape: { kind: 'text', points: [[250, 300]] },
    });
  });

  it('refuses a shape drawn wholly beside the slide, as for the mouse', () => {
    const s = session('rectangle');
    penDown(s, [-900, -900], LEAST);
    penFollows(s, [-300, -300]);
    expect(penDown(s, [-300, -300], LEAST)).toEqual({ kind: 'idle', offSlide: true });
  });

  it('draws its cross around the centre with a gap at the exact point', () => {
    const lines = penCross([100, 50], '#00a651');
    expect(lines).toHaveLength(12);
    for (const { attrs } of lines) {
      const near = [attrs.x1, attrs.x2].every((x) => Math.abs(Number(x) - 100) <= 9);
      expect(near && [attrs.y1, attrs.y2].every((y) => Math.abs(Number(y) - 50) <= 9)).toBe(true);
      // No arm reaches the centre itself.
      expect(Math.hypot(Number(attrs.x2) - 100, Number(attrs.y2) - 50)).toBeGreaterThanOrEqual(3);
    }
    expect(lines.filter((l) => l.attrs.stroke === '#00a651')).toHaveLength(4);
  });
});
