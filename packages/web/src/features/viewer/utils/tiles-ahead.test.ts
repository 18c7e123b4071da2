import { describe, expect, it } from 'vitest';
import { finestDrawnLevel, tilesAround } from './tiles-ahead';

describe('finestDrawnLevel', () => {
  it('is the top level at the scan’s own resolution and beyond', () => {
    expect(finestDrawnLevel(12, 1, 1, 0.6)).toBe(12);
    expect(finestDrawnLevel(12, 4, 1, 0.6)).toBe(12);
  });

  it('steps down a level each time the zoom halves, past OpenSeadragon’s ratio', () => {
    // 10× on a 20× scan: level 12's pixels half a screen pixel wide, under 0.6: level 11.
    expect(finestDrawnLevel(12, 0.5, 1, 0.6)).toBe(11);
    // 0.6 exactly is still drawn.
    expect(finestDrawnLevel(12, 0.6, 1, 0.6)).toBe(12);
    expect(finestDrawnLevel(12, 0.59, 1, 0.6)).toBe(11);
    expect(finestDrawnLevel(12, 0.25, 1, 0.6)).toBe(10);
    // The whole of a large slide: never below level 0.
    expect(finestDrawnLevel(12, 1e-6, 1, 0.6)).toBe(0);
  });

  it('counts device pixels: a finer level on a high-density screen', () => {
    expect(finestDrawnLevel(12, 0.5, 2, 0.6)).toBe(12);
    expect(finestDrawnLevel(12, 0.25, 2, 0.6)).toBe(11);
  });
});

describe('tilesAround', () => {
  const grid = { tileSize: 256, columns: 10, rows: 10 };

  it('takes the band around the view, not the view’s own tiles, nearest first', () => {
    // The view covers tiles 4–5 × 4–5 exactly; half its size around it is one tile each side.
    const view = { x: 1024, y: 1024, width: 512, height: 512 };
    const tiles = tilesAround(view, grid, 0.5, 100);
    expect(tiles).toHaveLength(16 - 4);
    expect(tiles).not.toContainEqual([4, 4]);
    expect(tiles).not.toContainEqual([5, 5]);
    // The sides before the corners.
    const corners = [
      [3, 3],
      [6, 3],
      [3, 6],
      [6, 6],
    ];
    expect(tiles.slice(-4).sort()).toEqual(corners.sort());
  });

  it('keeps within the level’s grid at its edges', () => {
    const tiles = tilesAround({ x: 0, y: 0, width: 512, height: 512 }, grid, 0.5, 100);
    for (const [col, row] of tiles) {
      expect(col).toBeGreaterThanOrEqual(0);
      expect(row).toBeGreaterThanOrEqual(0);
    }
    // Right and below only: 3 × 3 less the view's 2 × 2.
    expect(tiles).toHaveLength(5);
  });

  it('takes nothing where the view already shows the whole level', () => {
    expect(tilesAround({ x: -100, y: -50, width: 3000, height: 2800 }, grid, 0.5, 100)).toEqual([]);
  });

  it('takes at most `max`, the nearest', () => {
    const view = { x: 1000, y: 1000, width: 300, height: 300 };
    // On tiles 3–5 × 3–5: the nearest centres are those straight beside its middle column and
    // row (360 and 364 px away); the next, (3, 2) and the like, 375 px.
    const tiles = tilesAround(view, grid, 2, 4);
    expect(tiles.sort()).toEqual(
      [
        [2, 4],
        [4, 2],
        [4, 6],
        [6, 4],
      ].sort(),
    );
  });
});
