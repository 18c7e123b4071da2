import { describe, expect, it } from 'vitest';
import {
  boxCorners,
  clampToImage,
  ellipseArea,
  formatArea,
  formatLength,
  formatSize,
  isClosedFreehand,
  mappedEllipse,
  mapPoints,
  measure,
  measurementParts,
  measurementText,
  pathLength,
  perimeter,
  pixelSizeOf,
  polygonArea,
  simplifyPath,
  type Point,
} from './geometry';

/** A viewer showing the image rotated by 90° clockwise and mirrored, at 2 element px per image px. */
function rotatedFlipped(width: number): (p: Point) => Point {
  return ([x, y]) => {
    // mirror horizontally within the image, then rotate 90° clockwise, then scale by 2
    const mx = width - x;
    return [2 * -y, 2 * mx];
  };
}

describe('annotation geometry', () => {
  it('measures a polygon being drawn with two points as its side so far, without an area', () => {
    expect(
      measurementText(
        'polygon',
        [
          [0, 0],
          [228, 0],
        ],
        0.5,
      ),
    ).toBe('114 µm');
  });

  it('measures polygon areas whatever the winding', () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(polygonArea(square)).toBe(100);
    expect(polygonArea([...square].reverse())).toBe(100);
    // An L shape: 3×1 plus 1×2.
    expect(
      polygonArea([
        [0, 0],
        [3, 0],
        [3, 1],
        [1, 1],
        [1, 3],
        [0, 3],
      ]),
    ).toBe(5);
  });

  it('measures ellipses inscribed in their box and path lengths', () => {
    expect(ellipseArea([0, 0], [20, 10])).toBeCloseTo(Math.PI * 10 * 5, 10);
    expect(ellipseArea([20, 10], [0, 0])).toBeCloseTo(Math.PI * 50, 10);
    expect(
      pathLength([
        [0, 0],
        [3, 4],
        [3, 10],
      ]),
    ).toBe(11);
  });

  it('formats lengths in µm below a millimetre and in mm above, to three significant digits', () => {
    expect(formatLength(2.345)).toBe('2.35 µm');
    expect(formatLength(250)).toBe('250 µm');
    expect(formatLength(999.94)).toBe('1.00 mm');
    expect(formatLength(53)).toBe('53.0 µm');
    expect(formatLength(63.94)).toBe('63.9 µm');
    expect(formatLength(1000)).toBe('1.00 mm');
    expect(formatLength(12_345)).toBe('12.3 mm');
    expect(formatArea(250)).toBe('250 µm²');
    expect(formatArea(2_500_000)).toBe('2.50 mm²');
    expect(formatArea(3050.3)).toBe('3,050 µm²');
    expect(formatArea(4980)).toBe('4,980 µm²');
    // Below 0.1 mm² in µm², thousands set apart: "0.0123 mm²" beside "0.00996 mm²" was a count
    // of zeros away from a tenfold misreading.
    expect(formatArea(12_345)).toBe('12,300 µm²');
    expect(formatArea(99_949)).toBe('99,900 µm²');
    expect(formatArea(174_301)).toBe('0.174 mm²');
    expect(formatArea(100_000)).toBe('0.100 mm²');
    expect(formatArea(123_456)).toBe('0.123 mm²');
  });

  it('gives measurements from the MPP, or pixels without it', () => {
    const ruler: Point[] = [
      [0, 0],
      [4000, 0],
    ];
    expect(measurementText('line', ruler, 0.25)).toBe('1.00 mm');
    expect(measurementText('line', ruler, null)).toBe('4,000 px');
    expect(
      measurementText(
        'rectangle',
        [
          [0, 0],
          [100, 40],
        ],
        0.5,
      ),
    ).toBe('50.0 × 20.0 µm · 1,000 µm²');
    expect(
      measurementText(
        'rectangle',
        [
          [0, 0],
          [100, 40],
        ],
        null,
      ),
    ).toBe('100 × 40 px · 4,000 px²');
    // An ellipse gives its two diameters.
    expect(
      measurementText(
        'ellipse',
        [
          [0, 0],
          [4000, 2000],
        ],
        0.25,
      ),
    ).toBe('1.00 × 0.500 mm · 0.393 mm²');
    expect(measurementText('text', [[1, 1]], 0.5)).toBeNull();
  });

  it('measures along each side where the scanner recorded MPP X and Y apart', () => {
    const mpp = pixelSizeOf({ mpp: 0.25, mppY: 0.5 });
    expect(mpp).toEqual({ x: 0.25, y: 0.5 });
    // Square pixels, or Y not recorded: one number, as before.
    expect(pixelSizeOf({ mpp: 0.25, mppY: 0.25 })).toBe(0.25);
    expect(pixelSizeOf({ mpp: 0.25 })).toBe(0.25);
    expect(pixelSizeOf({ mpp: null, mppY: 0.5 })).toBeNull();
    // 4000 px across is 1 mm, 2000 px down is 1 mm too; the slanted ruler is √2 mm.
    const rulerTo = (end: Point) => measurementText('line', [[0, 0], end], mpp);
    expect([rulerTo([4000, 0]), rulerTo([0, 2000]), rulerTo([4000, 2000])]).toEqual([
      '1.00 mm',
      '1.00 mm',
      '1.41 mm',
    ]);
    // A box 400 × 200 px is 100 × 100 µm (10,000 µm²), not the 100 × 50 µm of MPP X alone.
    expect(
      measurementText(
        'rectangle',
        [
          [0, 0],
          [400, 200],
        ],
        mpp,
      ),
    ).toBe('100 × 100 µm · 10,000 µm²');
    // A polygon: its perimeter and area along each side too (a right triangle of 1 × 1 mm).
    expect(
      measurementParts(
        'polygon',
        [
          [0, 0],
          [4000, 0],
          [0, 2000],
        ],
        mpp,
      ).map((p) => p.text),
    ).toEqual(['3.41 mm', '0.500 mm²']);
    // Whether a free-hand stroke closes is decided on its pixels, as it was drawn.
    const loop: Point[] = [
      [0, 0],
      [400, 0],
      [400, 400],
      [0, 400],
      [0, 10],
    ];
    expect(isClosedFreehand(loop)).toBe(true);
    expect(measurementParts('freehand', loop, mpp).map((p) => p.part)).toEqual([
      'perimeter',
      'area',
    ]);
  });

  it('gives an arrow no measurement: it points, the ruler measures', () => {
    const points: Point[] = [
      [0, 0],
      [300, 400],
    ];
    expect(measure('arrow', points)).toEqual({ lengthPx: null, areaPx: null });
    expect(measurementText('arrow', points, 0.5)).toBeNull();
    expect(measurementText('line', points, 0.5)).toBe('250 µm');
  });

  it('gives a polygon its perimeter with its area', () => {
    const triangle: Point[] = [
      [0, 0],
      [300, 0],
      [300, 400],
    ];
    expect(perimeter(triangle)).toBe(1200);
    expect(measurementText('polygon', triangle, 0.5)).toBe('600 µm · 15,000 µm²');
    expect(measurementText('polygon', triangle, null)).toBe('1,200 px · 60,000 px²');
  });

  it('closes a free-hand stroke whose end comes back near its start, and measures its area', () => {
    // Round a 100 px square by hand, ending 8 px short of the start: 392 px drawn, the gap a
    // fiftieth of that.
    const loop: Point[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 8],
    ];
    expect(isClosedFreehand(loop)).toBe(true);
    // Perimeter with the gap closed, and the area inside.
    expect(measurementText('freehand', loop, null)).toBe('400 px · 10,000 px²');
    expect(measurementText('freehand', loop, 0.5)).toBe('200 µm · 2,500 µm²');
    // Ended 40 px from the start (over a tenth of 360 px): an open stroke, its length alone.
    const open: Point[] = [...loop.slice(0, 4), [0, 40]];
    expect(isClosedFreehand(open)).toBe(false);
    expect(measurementText('freehand', open, null)).toBe('360 px');
    // Drawn there and back along itself: near its start, but no area to measure.
    const back: Point[] = [
      [0, 0],
      [100, 0],
      [1, 0],
    ];
    expect(isClosedFreehand(back)).toBe(false);
    expect(measurementText('freehand', back, null)).toBe('199 px');
    // Two points never close.
    expect(
      isClosedFreehand([
        [0, 0],
        [0, 0.1],
      ]),
    ).toBe(false);
  });

  it('gives lengths, sides and areas without MPP to three significant digits, in every tool', () => {
    // One precision for every tool (a ruler read "74.6 px" beside a box's "75 × 37 px") and for
    // every unit; whole pixels made "75 × 37 px" read beside an area of "2,783 px²".
    expect(
      measurementText(
        'line',
        [
          [0, 0],
          [74.6, 0],
        ],
        null,
      ),
    ).toBe('74.6 px');
    expect(
      measurementText(
        'rectangle',
        [
          [0, 0],
          [74.6, 37.3],
        ],
        null,
      ),
    ).toBe('74.6 × 37.3 px · 2,780 px²');
    expect(
      measurementText(
        'ellipse',
        [
          [0, 0],
          [74.6, 37.3],
        ],
        null,
      ),
    ).toBe('74.6 × 37.3 px · 2,190 px²');
    expect(
      measurementText(
        'polygon',
        [
          [0, 0],
          [74.6, 0],
          [74.6, 37.3],
        ],
        null,
      ),
    ).toBe('195 px · 1,390 px²');
    // Long lengths too: a ruler across a slide without MPP.
    expect(
      measurementText(
        'line',
        [
          [0, 0],
          [12_345, 0],
        ],
        null,
      ),
    ).toBe('12,300 px');
  });

  it('states a size in one unit, mm once the longer side reaches 1 mm', () => {
    expect(formatSize(420, 310)).toBe('420 × 310 µm');
    expect(formatSize(850, 1200)).toBe('0.850 × 1.20 mm');
    expect(formatSize(2500, 1200)).toBe('2.50 × 1.20 mm');
  });

  it('simplifies a free-hand stroke to the points that shape it', () => {
    const stroke: Point[] = [];
    for (let x = 0; x <= 100; x++) {
      stroke.push([x, x < 50 ? 0.1 * (x % 2) : x - 50]);
    }
    const simple = simplifyPath(stroke, 0.5);
    expect(simple).toEqual([
      [0, 0],
      [50, 0],
      [100, 50],
    ]);
    expect(simplifyPath(stroke.slice(0, 2), 1)).toEqual(stroke.slice(0, 2));
  });

  it('keeps points on the image, rounded', () => {
    expect(
      clampToImage(
        [
          [-3, 5.123],
          [400, 260],
        ],
        300,
        250,
      ),
    ).toEqual([
      [0, 5.12],
      [300, 250],
    ]);
  });

  it('maps shapes through a rotated and flipped view, keeping measurements', () => {
    const toElement = rotatedFlipped(300);
    const corners = mapPoints(boxCorners([10, 20], [110, 70]), toElement);
    // The box 100 × 50 becomes 100 × 200 on screen (scale 2, turned by 90°).
    expect(corners).toEqual([
      [-40, 580],
      [-40, 380],
      [-140, 380],
      [-140, 580],
    ]);
    expect(polygonArea(corners)).toBe(100 * 50 * 4);
    const ellipse = mappedEllipse([10, 20], [110, 70], toElement);
    expect(ellipse.centre).toEqual([-90, 480]);
    // The x half-axis (50) now points up the screen, doubled; the y half-axis (25) to the left.
    expect(ellipse.matrix).toEqual([0, -100, -50, 0, -90, 480]);
  });
});

describe('measurementParts', () => {
  it('names each part: a ruler its length, a polygon its perimeter, a box its size, then areas', () => {
    const parts = (kind: Parameters<typeof measurementParts>[0], points: Point[]) =>
      measurementParts(kind, points, 1).map((p) => p.part);
    expect(
      parts('line', [
        [0, 0],
        [100, 0],
      ]),
    ).toEqual(['length']);
    expect(
      parts('polygon', [
        [0, 0],
        [100, 0],
        [0, 100],
      ]),
    ).toEqual(['perimeter', 'area']);
    expect(
      parts('rectangle', [
        [0, 0],
        [100, 50],
      ]),
    ).toEqual(['size', 'area']);
    expect(
      parts('ellipse', [
        [0, 0],
        [100, 50],
      ]),
    ).toEqual(['size', 'area']);
    // An open stroke measures its length; one closed on itself, its outline.
    expect(
      parts('freehand', [
        [0, 0],
        [50, 0],
        [100, 0],
      ]),
    ).toEqual(['length']);
    expect(
      parts('freehand', [
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100],
        [0, 0],
      ]),
    ).toEqual(['perimeter', 'area']);
    expect(
      parts('arrow', [
        [0, 0],
        [100, 0],
      ]),
    ).toEqual([]);
  });
});
