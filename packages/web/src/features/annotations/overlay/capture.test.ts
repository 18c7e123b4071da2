import { describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_SIDE } from '@pathconsult/shared';
import { captureSize, reportTextScale, stampCorner, visibleRegion } from './capture';

describe('the region a screenshot shows', () => {
  it('is the level-0 box under the element, whatever the rotation', () => {
    // Zoom: 4 level-0 px per element px, view starting at (1000, 2000).
    const plain = visibleRegion(
      { width: 800, height: 600 },
      ([x, y]) => [1000 + 4 * x, 2000 + 4 * y],
      { rotation: 0, flipped: false },
    );
    expect(plain).toEqual({
      iX: 1000,
      iY: 2000,
      iWidth: 3200,
      iHeight: 2400,
      iRotation: 0,
      bFlipped: false,
    });
    // Turned by 90°: the element's width runs down the image.
    const turned = visibleRegion(
      { width: 800, height: 600 },
      ([x, y]) => [5000 - 2 * y, 100 + 2 * x],
      { rotation: -270, flipped: true },
    );
    expect(turned).toEqual({
      iX: 3800,
      iY: 100,
      iWidth: 1200,
      iHeight: 1600,
      iRotation: 90,
      bFlipped: true,
    });
  });
});

describe('the size of a screenshot', () => {
  it('is the view’s own up to the largest side the server takes', () => {
    expect(captureSize(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(captureSize(SCREENSHOT_MAX_SIDE, 2000)).toEqual({
      width: SCREENSHOT_MAX_SIDE,
      height: 2000,
    });
  });

  it('is scaled down, keeping its shape, for a view larger than that (a 5K screen)', () => {
    const { width, height } = captureSize(5120, 2880);
    expect(width).toBe(SCREENSHOT_MAX_SIDE);
    expect(height).toBe(2304);
    expect(captureSize(1000, 9000, 4096)).toEqual({ width: 455, height: 4096 });
  });
});

describe('the text of a screenshot for the report', () => {
  it('is large enough to read in print: a 41st of the view, between 1 and 2.5 times the screen’s', () => {
    // 858 px printed 86 mm wide: 21 px labels, about 6 pt.
    expect(reportTextScale(858) * 13).toBeCloseTo(858 / 41);
    expect(reportTextScale(400)).toBe(1);
    expect(reportTextScale(4000)).toBe(2.5);
  });
});

describe('the corner of a screenshot’s scale stamp', () => {
  const areas = {
    lowerLeft: { left: 12, top: 500, right: 200, bottom: 540 },
    lowerRight: { left: 800, top: 500, right: 988, bottom: 540 },
    upperLeft: { left: 12, top: 12, right: 200, bottom: 52 },
    upperRight: { left: 800, top: 12, right: 988, bottom: 52 },
  };
  type Area = (typeof areas)['lowerLeft'];
  /** Marks counted per corner, found by the box asked about. */
  const counting = (counts: Record<keyof typeof areas, number>) => ({
    marksIn: (area: Area) =>
      counts[(Object.keys(areas) as (keyof typeof areas)[]).find((k) => areas[k] === area)!],
  });

  it('is the lower left, unless fewer annotations lie in the lower right', () => {
    const some = { upperLeft: 5, upperRight: 5 };
    expect(stampCorner(counting({ lowerLeft: 2, lowerRight: 1, ...some }), areas)).toBe(
      'lowerRight',
    );
    expect(stampCorner(counting({ lowerLeft: 0, lowerRight: 0, ...some }), areas)).toBe(
      'lowerLeft',
    );
    expect(stampCorner(counting({ lowerLeft: 1, lowerRight: 1, ...some }), areas)).toBe(
      'lowerLeft',
    );
  });

  it('goes up where both lower corners hold marks and an upper one holds fewer', () => {
    expect(
      stampCorner(counting({ lowerLeft: 1, lowerRight: 2, upperLeft: 0, upperRight: 0 }), areas),
    ).toBe('upperLeft');
    expect(
      stampCorner(counting({ lowerLeft: 1, lowerRight: 1, upperLeft: 3, upperRight: 0 }), areas),
    ).toBe('upperRight');
  });

  it('stays in the lower left with the layer hidden or without a stamp', () => {
    const crowded = counting({ lowerLeft: 4, lowerRight: 0, upperLeft: 0, upperRight: 0 });
    expect(stampCorner(null, areas)).toBe('lowerLeft');
    expect(
      stampCorner(crowded, {
        lowerLeft: null,
        lowerRight: null,
        upperLeft: null,
        upperRight: null,
      }),
    ).toBe('lowerLeft');
  });
});
