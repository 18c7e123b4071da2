import {
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_SIDE,
  type ScreenshotRegion,
} from '@pathconsult/shared';
import type { Point } from '../utils/geometry';
import type { Box } from './label-declutter';
import { LABEL_FONT_PX } from './label-font';
import {
  STAMP_CORNERS,
  drawScaleStamp,
  scaleStampArea,
  type ScaleStamp,
  type StampCorner,
} from './scale-stamp';

/*
 * A screenshot for the report: what the user sees (the viewer's captureView canvas, adjustments
 * included) with the annotation layer drawn on top when it is shown, as a JPEG data URL, and the
 * part of the slide it shows in level-0 pixels.
 */

/** The level-0 box the element shows: the image points under its four corners, bounded. */
export function visibleRegion(
  size: { width: number; height: number },
  toImage: (p: Point) => Point,
  view: { rotation: number; flipped: boolean },
): ScreenshotRegion {
  const corners = [
    toImage([0, 0]),
    toImage([size.width, 0]),
    toImage([size.width, size.height]),
    toImage([0, size.height]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const round = (n: number) => Math.round(n);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    iX: round(x),
    iY: round(y),
    // At least a pixel: the server refuses a region of no size.
    iWidth: Math.max(1, round(Math.max(...xs) - x)),
    iHeight: Math.max(1, round(Math.max(...ys) - y)),
    iRotation: ((view.rotation % 360) + 360) % 360,
    bFlipped: view.flipped,
  };
}

/** The viewer's background around the slide (slide-pane.tsx paints its view with it). */
export const VIEW_BACKGROUND = '#f3f3f3';

/**
 * The screenshot's size for a view of `width` × `height` device pixels: the view's own, scaled
 * down to fit the largest side the server takes (a 5K screen's view, or a 4K one at 150 %, is
 * wider than 4096 px: refused before, now a little smaller).
 */
export function captureSize(
  width: number,
  height: number,
  maxSide = SCREENSHOT_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.min(maxSide, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxSide, Math.round(height * scale))),
  };
}

/**
 * How much larger the labels and the scale stamp are drawn in a screenshot than on screen. The
 * report prints a picture about 86 mm wide (two to a row), so a view 858 px wide printed its
 * 13 px labels 1.3 mm high: unreadable on paper. They are drawn at least a 41st of the view's
 * width (about 6 pt in print), never smaller than on screen and at most 2.5 times as large.
 */
export function reportTextScale(viewWidth: number): number {
  return Math.min(2.5, Math.max(1, viewWidth / 41 / LABEL_FONT_PX));
}

/**
 * The corner the scale stamp goes to: the one where the fewest annotations lie, the lower left
 * (its place in journals) on a tie, then the lower right, the upper left, the upper right.
 * `areas` is the box the stamp would take in each corner (null when it draws nothing).
 */
export function stampCorner(
  overlay: Pick<CaptureLayer, 'marksIn'> | null,
  areas: Readonly<Record<StampCorner, Box | null>>,
): StampCorner {
  let best: StampCorner = 'lowerLeft';
  if (overlay === null) {
    return best;
  }
  let fewest = Infinity;
  for (const corner of STAMP_CORNERS) {
    const area = areas[corner];
    const marks = area ? overlay.marksIn(area) : Infinity;
    if (marks < fewest) {
      fewest = marks;
      best = corner;
    }
  }
  return best;
}

/** JPEG qualities tried in turn until the picture fits the server's size limit. */
const JPEG_QUALITIES = [0.9, 0.8, 0.7, 0.6];

/** A data URL's decoded byte count (base64: 3 bytes per 4 characters). */
function dataUrlBytes(url: string): number {
  const comma = url.indexOf(',');
  return Math.floor(((url.length - comma - 1) * 3) / 4);
}

/** The annotation layer as a picture takes it (AnnotationOverlay's capture methods). */
export interface CaptureLayer {
  /**
   * The layer drawn with labels `textScale` times their screen size where they fit, kept off
   * `covered` (the scale stamp), in CSS pixels of the view.
   */
  draw(textScale: number, covered: readonly Box[]): SVGSVGElement;
  /** How many annotations lie, whole or in part, in `area` (CSS pixels of the view). */
  marksIn(area: Box): number;
}

/**
 * Draws the annotation layer and the scale stamp over a copy of the view and encodes it (JPEG
 * 0.9: small, faithful; lower only where a very large view would not fit the server's limit).
 * `box` is the view's size in CSS pixels; `overlay` is null when the user hid the layer: the
 * picture is then the slide alone (with its scale stamp), as the user sees it.
 */
export async function composeScreenshot(
  view: HTMLCanvasElement,
  box: { width: number; height: number },
  overlay: CaptureLayer | null,
  stamp: ScaleStamp,
): Promise<string> {
  const canvas = document.createElement('canvas');
  const size = captureSize(view.width, view.height);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('no 2D canvas');
  }
  // Off the slide the view canvas is transparent, which JPEG turns black: paint it as the viewer
  // shows it.
  context.fillStyle = VIEW_BACKGROUND;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(view, 0, 0, canvas.width, canvas.height);
  const textScale = reportTextScale(box.width);
  const ratio = box.width > 0 ? canvas.width / box.width : 1;
  // The stamp goes to the corner where the fewest marks lie: it must not hide what the picture
  // was taken to show.
  const areaIn = (corner: StampCorner) =>
    scaleStampArea(context, canvas, ratio, stamp, textScale, corner);
  const corner = stampCorner(overlay, {
    lowerLeft: areaIn('lowerLeft'),
    lowerRight: areaIn('lowerRight'),
    upperLeft: areaIn('upperLeft'),
    upperRight: areaIn('upperRight'),
  });
  const area = areaIn(corner);
  if (overlay) {
    await drawOverlay(context, overlay.draw(textScale, area ? [area] : []), box);
  }
  drawScaleStamp(context, canvas, ratio, stamp, textScale, corner);
  let encoded = '';
  for (const quality of JPEG_QUALITIES) {
    encoded = canvas.toDataURL('image/jpeg', quality);
    if (dataUrlBytes(encoded) <= SCREENSHOT_MAX_BYTES) {
      break;
    }
  }
  return encoded;
}

/** The layer's SVG drawn as an image over the whole canvas. */
async function drawOverlay(
  context: CanvasRenderingContext2D,
  layer: SVGSVGElement,
  box: { width: number; height: number },
): Promise<void> {
  layer.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  layer.setAttribute('width', String(box.width));
  layer.setAttribute('height', String(box.height));
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(layer)], { type: 'image/svg+xml' }),
  );
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    // The view canvas may be at device pixels; the overlay is in CSS pixels.
    context.drawImage(image, 0, 0, context.canvas.width, context.canvas.height);
  } finally {
    URL.revokeObjectURL(url);
  }
}
