import type { ScaleBar } from '@/features/viewer/utils/scale-bar';

/*
 * The scale bar and magnification burnt into a corner of a report screenshot (the lower left, as
 * on a micrograph in a journal, unless annotations lie there): a picture printed in a report
 * without them cannot be measured by eye, and the viewer's own scale bar is a page element, not
 * part of the captured canvas.
 */

export interface ScaleStamp {
  /** The bar in CSS pixels (null without a pixel size). */
  bar: ScaleBar | null;
  /** "20×", or null without an objective power. */
  magnification: string | null;
}

/** The part of a 2D context the stamp draws with (a fake one in the tests). */
export type StampContext = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'font' | 'textBaseline' | 'fillRect' | 'fillText' | 'measureText'
>;

/** The corners the stamp may take, in the order they are preferred. */
export const STAMP_CORNERS = ['lowerLeft', 'lowerRight', 'upperLeft', 'upperRight'] as const;
export type StampCorner = (typeof STAMP_CORNERS)[number];

/** The canvas the stamp is drawn on, in device pixels. */
export interface CanvasSize {
  width: number;
  height: number;
}

const FONT_PX = 14;
const PAD = 6;
const MARGIN = 12;
const BAR_HEIGHT = 4;

/** Where the stamp lies and what it shows, in the canvas's device pixels. */
interface StampLayout {
  text: string;
  left: number;
  top: number;
  width: number;
  plateHeight: number;
  barWidth: number;
  px: (n: number) => number;
}

function stampLayout(
  context: StampContext,
  canvas: CanvasSize,
  ratio: number,
  stamp: ScaleStamp,
  textScale: number,
  corner: StampCorner,
): StampLayout | null {
  const parts = [stamp.bar?.label, stamp.magnification].filter(Boolean);
  if (parts.length === 0) {
    return null;
  }
  const text = parts.join('  ');
  const px = (n: number) => n * ratio * textScale;
  context.font = `600 ${px(FONT_PX)}px sans-serif`;
  const textWidth = context.measureText(text).width;
  // The bar measures the slide: its length is never scaled.
  const barWidth = stamp.bar ? stamp.bar.px * ratio : 0;
  const width = Math.max(textWidth, barWidth) + px(2 * PAD);
  const plateHeight = px(PAD + (stamp.bar ? BAR_HEIGHT + 4 : 0) + FONT_PX + PAD);
  const right = corner === 'lowerRight' || corner === 'upperRight';
  const upper = corner === 'upperLeft' || corner === 'upperRight';
  return {
    text,
    left: right ? canvas.width - px(MARGIN) - width : px(MARGIN),
    top: upper ? px(MARGIN) : canvas.height - px(MARGIN) - plateHeight,
    width,
    plateHeight,
    barWidth,
    px,
  };
}

/**
 * The box the stamp will take in `corner` of `canvas`, in CSS pixels (`ratio` device pixels
 * each), or null when it draws nothing: the picture's labels keep off it.
 */
export function scaleStampArea(
  context: StampContext,
  canvas: CanvasSize,
  ratio: number,
  stamp: ScaleStamp,
  textScale = 1,
  corner: StampCorner = 'lowerLeft',
): { left: number; top: number; right: number; bottom: number } | null {
  const layout = stampLayout(context, canvas, ratio, stamp, textScale, corner);
  return layout
    ? {
        left: layout.left / ratio,
        top: layout.top / ratio,
        right: (layout.left + layout.width) / ratio,
        bottom: (layout.top + layout.plateHeight) / ratio,
      }
    : null;
}

/**
 * Draws the stamp on `context` of `canvas`, `ratio` device pixels per CSS pixel, its text and
 * plate `textScale` times their on-screen size (the bar keeps its true length), in `corner`;
 * does nothing when there is neither a bar nor a magnification.
 */
export function drawScaleStamp(
  context: StampContext,
  canvas: CanvasSize,
  ratio: number,
  stamp: ScaleStamp,
  textScale = 1,
  corner: StampCorner = 'lowerLeft',
): void {
  const layout = stampLayout(context, canvas, ratio, stamp, textScale, corner);
  if (!layout) {
    return;
  }
  const { text, left, top, width, plateHeight, barWidth, px } = layout;
  context.fillStyle = 'rgba(255,255,255,0.85)';
  context.fillRect(left, top, width, plateHeight);
  context.fillStyle = '#111111';
  if (stamp.bar) {
    context.fillRect(left + px(PAD), top + px(PAD), barWidth, px(BAR_HEIGHT));
  }
  context.textBaseline = 'bottom';
  context.fillText(text, left + px(PAD), top + plateHeight - px(PAD) + px(2));
}
