import { describe, expect, it } from 'vitest';
import { isDegenerate, reshaped, shapeHandles } from './shape-handles';

const IMAGE = { width: 1000, height: 800 };

describe('shape handles', () => {
  it('gives a ruler its two ends and a middle that moves it', () => {
    const line = {
      kind: 'line' as const,
      points: [
        [100, 100],
        [300, 200],
      ] as const,
    };
    expect(shapeHandles(line)).toEqual([
      { kind: 'corner', index: 0, at: [100, 100] },
      { kind: 'corner', index: 1, at: [300, 200] },
      { kind: 'move', index: 0, at: [200, 150] },
    ]);
    expect(reshaped(line, shapeHandles(line)[1]!, [300, 200], [400, 250], IMAGE)).toEqual([
      [100, 100],
      [400, 250],
    ]);
  });

  it('drags a box corner with the opposite one fixed, whichever two corners were stored', () => {
    // Stored from the lower right to the upper left, as drawn.
    const box = {
      kind: 'rectangle' as const,
      points: [
        [300, 200],
        [100, 100],
      ] as const,
    };
    const handles = shapeHandles(box);
    expect(handles.map((h) => h.at)).toEqual([
      [100, 100],
      [300, 100],
      [300, 200],
      [100, 200],
      [200, 150],
    ]);
    // The upper right corner dragged out: the lower left stays.
    expect(reshaped(box, handles[1]!, [300, 100], [350, 50], IMAGE)).toEqual([
      [100, 200],
      [350, 50],
    ]);
  });

  it('moves a polygon’s corner, and a whole shape no further than the image’s edge', () => {
    const polygon = {
      kind: 'polygon' as const,
      points: [
        [100, 100],
        [200, 100],
        [150, 200],
      ] as const,
    };
    const handles = shapeHandles(polygon);
    expect(handles).toHaveLength(4);
    expect(reshaped(polygon, handles[2]!, [150, 200], [150, 260.004], IMAGE)).toEqual([
      [100, 100],
      [200, 100],
      [150, 260],
    ]);
    // Moved 500 px left from x = 100: it stops at the edge, its shape kept.
    expect(reshaped(polygon, handles[3]!, [150, 150], [-350, 170], IMAGE)).toEqual([
      [0, 120],
      [100, 120],
      [50, 220],
    ]);
  });

  it('only moves a free-hand path and a note', () => {
    const freehand = {
      kind: 'freehand' as const,
      points: [
        [10, 10],
        [20, 30],
        [40, 20],
      ] as const,
    };
    expect(shapeHandles(freehand)).toEqual([{ kind: 'move', index: 0, at: [25, 20] }]);
    const note = { kind: 'text' as const, points: [[500, 400]] as const };
    const [anchor] = shapeHandles(note);
    expect(anchor).toEqual({ kind: 'move', index: 0, at: [500, 400] });
    expect(reshaped(note, anchor!, [500, 400], [520, 410], IMAGE)).toEqual([[520, 410]]);
  });

  it('tells a reshaped shape left with nothing to see from one still whole', () => {
    expect(
      isDegenerate(
        'rectangle',
        [
          [10, 10],
          [10.5, 90],
        ],
        1,
      ),
    ).toBe(true);
    expect(
      isDegenerate(
        'rectangle',
        [
          [10, 10],
          [40, 90],
        ],
        1,
      ),
    ).toBe(false);
    expect(
      isDegenerate(
        'line',
        [
          [10, 10],
          [10, 10.2],
        ],
        1,
      ),
    ).toBe(true);
    expect(
      isDegenerate(
        'polygon',
        [
          [0, 0],
          [50, 0],
          [100, 0],
        ],
        1,
      ),
    ).toBe(true);
    expect(
      isDegenerate(
        'polygon',
        [
          [0, 0],
          [50, 0],
          [50, 50],
        ],
        1,
      ),
    ).toBe(false);
    expect(isDegenerate('text', [[5, 5]], 1)).toBe(false);
  });
});
