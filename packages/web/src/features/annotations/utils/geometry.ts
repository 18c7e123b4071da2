import type { AnnotationKind, AnnotationPoint } from '@pathconsult/shared';

/*
 * Geometry of annotations in level-0 image pixels, and their measurements in micrometres from the
 * slide's MPP (µm per level-0 pixel). Pure functions: the overlay, the list panel and the tests
 * share them.
 */

export type Point = readonly [number, number];

export function distance(a: Point, b: Point): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** Length of an open path (a ruler is a path of two points). */
export function pathLength(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    sum += distance(points[i - 1]!, points[i]!);
  }
  return sum;
}

/** Area of a simple polygon by the shoelace formula (absolute: winding does not matter). */
export function polygonArea(points: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** The box spanned by two opposite corners, whichever two. */
export function boxOf(a: Point, b: Point) {
  return {
    x: Math.min(a[0], b[0]),
    y: Math.min(a[1], b[1]),
    width: Math.abs(b[0] - a[0]),
    height: Math.abs(b[1] - a[1]),
  };
}

/** Area of the ellipse inscribed in the box of two corners: π·a·b with half-axes a, b. */
export function ellipseArea(a: Point, b: Point): number {
  const box = boxOf(a, b);
  return (Math.PI * box.width * box.height) / 4;
}

/** Length of a closed outline: its path and the edge from its last point back to its first. */
export function perimeter(points: readonly Point[]): number {
  return points.length < 2 ? 0 : pathLength(points) + distance(points.at(-1)!, points[0]!);
}

/**
 * A free-hand stroke's end this close to its start, as a share of the stroke's length, makes it a
 * closed outline (a region drawn round by hand): a hand rarely lands on its start exactly, and
 * a tenth of the way round is near it at any size and zoom (a circle closes with a gap up to about
 * 0.6 of its radius) while an open stroke, a line or an arc, ends far from where it began.
 */
export const FREEHAND_CLOSE_SHARE = 0.1;

/**
 * Whether a free-hand stroke is a closed outline: three points at least, its end within
 * FREEHAND_CLOSE_SHARE of its length from its start, and an area (not a stroke drawn there and
 * back along itself). It is drawn closed, and measured by its area and perimeter.
 */
export function isClosedFreehand(points: readonly Point[]): boolean {
  if (points.length < 3) {
    return false;
  }
  const length = pathLength(points);
  return (
    length > 0 &&
    distance(points.at(-1)!, points[0]!) <= FREEHAND_CLOSE_SHARE * length &&
    polygonArea(points) > 0
  );
}

export interface Measurement {
  /**
   * Length in level-0 pixels (line, an open free-hand stroke), or the perimeter of a
   * polygon or a closed free-hand outline; null for the others.
   */
  lengthPx: number | null;
  /** Area in square level-0 pixels (rectangle, ellipse, polygon, closed free hand) or null. */
  areaPx: number | null;
  /** Width and height in level-0 pixels of a rectangle, or an ellipse's two diameters. */
  sizePx?: { width: number; height: number };
}

/**
 * What a shape measures, in pixels; text notes measure nothing. With `scale` (units per pixel
 * across and down), in those units instead: the shape is decided on its pixels (whether a
 * free-hand stroke closes), its sizes taken on the scaled points.
 */
export function measure(
  kind: AnnotationKind,
  drawn: readonly Point[],
  scale: { x: number; y: number } = { x: 1, y: 1 },
): Measurement {
  const points =
    scale.x === 1 && scale.y === 1
      ? drawn
      : drawn.map(([x, y]): Point => [x * scale.x, y * scale.y]);
  const [a, b] = points;
  switch (kind) {
    case 'line':
      return { lengthPx: pathLength(points), areaPx: null };
    case 'freehand':
      return isClosedFreehand(drawn)
        ? { lengthPx: perimeter(points), areaPx: polygonArea(points) }
        : { lengthPx: pathLength(points), areaPx: null };
    case 'rectangle': {
      const box = a && b ? boxOf(a, b) : { width: 0, height: 0 };
      return { lengthPx: null, areaPx: box.width * box.height, sizePx: sizeOf(box) };
    }
    case 'ellipse': {
      const box = a && b ? boxOf(a, b) : { width: 0, height: 0 };
      return { lengthPx: null, areaPx: a && b ? ellipseArea(a, b) : 0, sizePx: sizeOf(box) };
    }
    case 'polygon':
      // Two points are a polygon being drawn: the side so far, no outline yet to measure.
      return points.length < 3
        ? { lengthPx: pathLength(points), areaPx: null }
        : { lengthPx: perimeter(points), areaPx: polygonArea(points) };
    // An arrow points at something: its length measures nothing, and printed beside it in a
    // report figure it read as a measurement. The ruler measures.
    case 'arrow':
    case 'text':
      return { lengthPx: null, areaPx: null };
  }
}

const sizeOf = (box: { width: number; height: number }) => ({
  width: box.width,
  height: box.height,
});

/**
 * A measurement to three significant digits, trailing zeros kept ("2.35", "53.0", "250", "4980",
 * "0.0123"): a list of measurements reads alike ("53.0 µm" beside "63.9 µm", where "53" stood),
 * and claims no precision a scan at 0.25–0.5 µm per pixel lacks ("3050 µm²", not "3050.3").
 */
export function threeDigits(n: number, maxDecimals = 4): string {
  const decimals = (magnitude: number) => Math.min(maxDecimals, Math.max(0, 2 - magnitude));
  const magnitude = n > 0 ? Math.floor(Math.log10(n)) : 0;
  const text = n.toFixed(decimals(magnitude));
  // Rounded up to the next power of ten (0.99994 → "1.000"): one decimal fewer ("1.00").
  return Number(text) >= 10 ** (magnitude + 1) ? n.toFixed(decimals(magnitude + 1)) : text;
}

/** Lengths in mm from 1 mm on (999.7 µm reads "1.00 mm"), as reports give sizes; else µm. */
const inMillimetres = (micrometres: number) => micrometres >= 999.5;

/**
 * Areas in mm² from 0.1 mm² (100,000 µm²) on, else µm². From 0.01 mm² on, areas read
 * "0.00996 mm²" beside "0.0104 mm²": a count of zeros away from a tenfold misreading. Below
 * 0.1 mm² they read "9,960 µm²" and "10,400 µm²".
 */
const inSquareMillimetres = (squareMicrometres: number) => squareMicrometres >= 100_000;

/**
 * A length in µm below 1 mm, else in mm. Each measurement takes the unit that suits it, the
 * same on the slide, on a picked shape's card and in the annotation list: a shape reads alike
 * wherever it is shown.
 */
export function formatLength(micrometres: number): string {
  return inMillimetres(micrometres)
    ? `${threeDigits(micrometres / 1000)} mm`
    : `${threeDigits(micrometres)} µm`;
}

/**
 * Thousands set apart ("99,600"): areas in µm² and in pixels run to five digits and more, which
 * read as a run of digits otherwise. Smaller numbers are unchanged.
 */
const grouped = (digits: string) =>
  digits.replace(/^\d{4,}/, (n) => n.replace(/\B(?=(\d{3})+$)/g, ','));

/**
 * Whole numbers of four digits or more to three significant digits as well ("174,000", where
 * "174,301" claimed a precision no hand-drawn outline has), as threeDigits keeps decimals to three.
 */
function roundedWhole(n: number): number {
  if (n < 1000) {
    return n;
  }
  const step = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / step) * step;
}

/** An area in µm² below 0.1 mm² (100,000 µm²), else in mm². */
export function formatArea(squareMicrometres: number): string {
  return inSquareMillimetres(squareMicrometres)
    ? `${threeDigits(squareMicrometres / 1e6)} mm²`
    : `${grouped(threeDigits(roundedWhole(squareMicrometres)))} µm²`;
}

/**
 * Width × height in one unit, mm when the longer side reaches 1 mm ("420 × 310 µm",
 * "0.850 × 1.20 mm"), as a report states a lesion's size: its size is asked for more than its area.
 */
export function formatSize(widthMicrometres: number, heightMicrometres: number): string {
  if (inMillimetres(Math.max(widthMicrometres, heightMicrometres))) {
    return `${threeDigits(widthMicrometres / 1000)} × ${threeDigits(heightMicrometres / 1000)} mm`;
  }
  return `${threeDigits(widthMicrometres)} × ${threeDigits(heightMicrometres)} µm`;
}

/**
 * Without MPP, pixels to three significant digits, as micrometres are ("74.6 px", "133 px",
 * "68.5 × 40.5 px · 2,770 px²"): one precision for every tool and every unit. A tenth of a pixel
 * on long lengths ("133.5 px") claimed a precision no hand-placed point has, and whole pixels
 * made a box read "69 × 41 px" beside an area of "2,774 px²" (its sides are 68.5 and 40.5).
 */
export function formatPixels(px: number): string {
  return `${pixelDigits(px)} px`;
}

export function formatPixelSize(width: number, height: number): string {
  return `${pixelDigits(width)} × ${pixelDigits(height)} px`;
}

/** Thousands set apart as in µm² ("4,200 px²"): areas in pixels soon run to six digits. */
export function formatSquarePixels(px: number): string {
  return `${pixelDigits(px)} px²`;
}

/**
 * Three significant digits without trailing zeros, large values too: a box drawn on whole
 * pixels reads "100 × 40", a long ruler "12,300" (not "12,345").
 */
const pixelDigits = (px: number) => grouped(String(Number(threeDigits(roundedWhole(px)))));

/** What one part of a measurement is: named beside it in the annotation list. */
export type MeasurementPartKind = 'length' | 'perimeter' | 'size' | 'area';

/**
 * A slide's pixel size in micrometres (its MPP): one number for square pixels, or each side
 * where the scanner recorded MPP X and Y apart. Null where it recorded none.
 */
export type PixelSize = number | { x: number; y: number } | null;

/** A slide's pixel size from its MPP X and Y (Y missing: square pixels). */
export function pixelSizeOf(slide: { mpp: number | null; mppY?: number | null }): PixelSize {
  const { mpp, mppY } = slide;
  return mpp && mppY && mppY !== mpp ? { x: mpp, y: mppY } : mpp;
}

/** Micrometres per pixel across and down; null when there is no usable pixel size. */
export function sidesOf(mpp: PixelSize): { x: number; y: number } | null {
  const sides = typeof mpp === 'number' ? { x: mpp, y: mpp } : mpp;
  return sides && sides.x > 0 && sides.y > 0 ? sides : null;
}

/**
 * The measurement's parts as text: µm/mm with the slide's MPP, pixels without (the caller says
 * why). Lengths come before areas: a rectangle or ellipse gives its size, a polygon or a closed
 * free-hand outline its perimeter, a ruler or an open stroke its length, then the area. Pixels
 * that are not square are measured along each side: a slanted ruler, or an area, taken with
 * MPP X alone would be off by as much as the two differ.
 */
export function measurementParts(
  kind: AnnotationKind,
  points: readonly Point[],
  mpp: PixelSize,
): { part: MeasurementPartKind; text: string }[] {
  const sides = sidesOf(mpp);
  const m = sides ? measure(kind, points, sides) : measure(kind, points);
  const parts: { part: MeasurementPartKind; text: string }[] = [];
  if (m.sizePx) {
    parts.push({
      part: 'size',
      text: sides
        ? formatSize(m.sizePx.width, m.sizePx.height)
        : formatPixelSize(m.sizePx.width, m.sizePx.height),
    });
  } else if (m.lengthPx !== null) {
    parts.push({
      // A length that goes round an area is its perimeter.
      part: m.areaPx === null ? 'length' : 'perimeter',
      text: sides ? formatLength(m.lengthPx) : formatPixels(m.lengthPx),
    });
  }
  if (m.areaPx !== null) {
    parts.push({
      part: 'area',
      text: sides ? formatArea(m.areaPx) : formatSquarePixels(m.areaPx),
    });
  }
  return parts;
}

/**
 * The measurement as one line, its parts unnamed ("1.2 mm · 0.0812 mm²"): the label beside a
 * shape, where room is short. Null for shapes that measure nothing.
 */
export function measurementText(
  kind: AnnotationKind,
  points: readonly Point[],
  mpp: PixelSize,
): string | null {
  const parts = measurementParts(kind, points, mpp);
  return parts.length > 0 ? parts.map((p) => p.text).join(' · ') : null;
}

/** Perpendicular distance of p from the line through a and b. */
function offLine(p: Point, a: Point, b: Point): number {
  const len = distance(a, b);
  if (len === 0) {
    return distance(p, a);
  }
  return Math.abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / len;
}

/**
 * Ramer–Douglas–Peucker: drops points closer than `tolerance` to the simplified path, so a free-hand
 * stroke of thousands of mouse moves is saved with the points that shape it (tolerance in level-0
 * pixels; the viewer passes about one screen pixel at the current zoom).
 */
export function simplifyPath(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) {
    return [...points];
  }
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstAt = -1;
    for (let i = first + 1; i < last; i++) {
      const d = offLine(points[i]!, points[first]!, points[last]!);
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worst > tolerance && worstAt > 0) {
      keep[worstAt] = 1;
      stack.push([first, worstAt], [worstAt, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Points rounded to 0.01 px and kept on the image (what the server accepts). */
export function clampToImage(
  points: readonly Point[],
  width: number,
  height: number,
): AnnotationPoint[] {
  const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 100) / 100;
  return points.map(([x, y]) => [clamp(x, width), clamp(y, height)]);
}

/** A shape's points mapped through the viewer's image → element transform (rotation, flip). */
export function mapPoints(points: readonly Point[], toElement: (p: Point) => Point): Point[] {
  return points.map((p) => toElement(p));
}

/**
 * The four corners of a rectangle or ellipse box in element pixels: under rotation a box is no
 * longer axis-aligned on screen, so it is drawn as a polygon (rectangle) or a transformed ellipse.
 */
export function boxCorners(a: Point, b: Point): Point[] {
  const box = boxOf(a, b);
  return [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x + box.width, box.y + box.height],
    [box.x, box.y + box.height],
  ];
}

/**
 * The ellipse inscribed in the box a, b as seen through an affine image → element map: its centre
 * and its two half-axis vectors mapped (an affine map keeps an ellipse an ellipse; SVG draws it
 * with a matrix transform).
 */
export function mappedEllipse(a: Point, b: Point, toElement: (p: Point) => Point) {
  const box = boxOf(a, b);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const centre = toElement([cx, cy]);
  const xEnd = toElement([cx + box.width / 2, cy]);
  const yEnd = toElement([cx, cy + box.height / 2]);
  return {
    centre,
    /** SVG matrix(a b c d e f) mapping the unit circle onto the ellipse on screen. */
    matrix: [
      xEnd[0] - centre[0],
      xEnd[1] - centre[1],
      yEnd[0] - centre[0],
      yEnd[1] - centre[1],
      centre[0],
      centre[1],
    ] as const,
  };
}
