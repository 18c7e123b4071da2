import { SLIDE_LIMITS, type SlideLevel, type SlideSource } from '../../slides/slide-source';
import {
  decodeJpegInto,
  downscaleRgb,
  encodeJpeg,
  type DownscaleFactor,
  type JpegScale,
} from '../../slides/codec';
import { cropRgb, drawRgb } from '../../slides/rgb';
import type { RgbImage } from '../../slides/slide-source';
import { downsampleOf, type DeepZoom } from './deep-zoom';
import { resizeTo } from './resize';
import { CanvasPool } from './canvas-pool';

export const TILE_JPEG_QUALITY = 85;

/** Tile pixels of a Deep Zoom tile in its level's coordinates (deep-zoom.ts tileRect). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Composed pictures of renderArea, used again once encoded. */
const canvases = new CanvasPool();

/** A region too large to decode for one tile (a slide without a usable pyramid): answered 500. */
export class TileTooCostlyError extends Error {}

const EPSILON = 1e-3;

/** The stored level to read a Deep Zoom downsample from: the coarsest one at least as fine. */
export function sourceLevelFor(levels: readonly SlideLevel[], downsample: number): number {
  let best = 0;
  levels.forEach((l, i) => {
    if (l.downsample <= downsample * (1 + EPSILON) && l.downsample > levels[best]!.downsample) {
      best = i;
    }
  });
  return best;
}

/** A Deep Zoom tile rendered from the slide (renderArea), for tiles not sent as stored. */
export function renderTile(
  source: SlideSource,
  dz: DeepZoom,
  level: number,
  rect: Rect,
): Promise<Buffer> {
  const d = downsampleOf(dz, level);
  const x = rect.x * d;
  const y = rect.y * d;
  const area = {
    x,
    y,
    width: Math.min(rect.width * d, dz.width - x),
    height: Math.min(rect.height * d, dz.height - y),
  };
  return renderArea(source, area, rect.width, rect.height);
}

/**
 * `area` (full-resolution pixels) as a `width`×`height` JPEG (quality 85), read from the nearest
 * finer stored level: its JPEG tiles decoded at 1/2, 1/4 or 1/8 by libjpeg where the scale allows
 * (far cheaper than decoding in full), composed, cropped and resampled to the exact size.
 */
export async function renderArea(
  source: SlideSource,
  area: Rect,
  width: number,
  height: number,
): Promise<Buffer> {
  const pixels = await renderPixels(source, area, width, height);
  const jpeg = await encodeJpeg(pixels, TILE_JPEG_QUALITY);
  canvases.giveBack(pixels);
  return jpeg;
}

/** renderArea's pixels, before encoding (IIIF turns, mirrors, greys and encodes them itself). */
export async function renderPixels(
  source: SlideSource,
  area: Rect,
  width: number,
  height: number,
): Promise<RgbImage> {
  const levels = source.properties.levels;
  const d = Math.min(area.width / width, area.height / height);
  const i = sourceLevelFor(levels, d);
  const stored = levels[i]!;
  const ds = stored.downsample;
  const sx = Math.floor(area.x / ds);
  const sy = Math.floor(area.y / ds);
  const ex = Math.min(stored.width, Math.max(sx + 1, Math.ceil((area.x + area.width) / ds)));
  const ey = Math.min(stored.height, Math.max(sy + 1, Math.ceil((area.y + area.height) / ds)));
  const within = { x: sx, y: sy, width: ex - sx, height: ey - sy };
  const region = await readScaled(source, i, stored, within, d / ds);
  const sized = await resizeTo(region, width, height);
  if (sized !== region) {
    canvases.giveBack(region);
  }
  return sized;
}

/** The largest decode scale ≤ `f` that divides the stored tile size. */
function decodeScaleFor(stored: SlideLevel, f: number): JpegScale {
  for (const s of [8, 4, 2] as const) {
    if (s <= f * (1 + EPSILON) && stored.tileWidth % s === 0 && stored.tileHeight % s === 0) {
      return s;
    }
  }
  return 1;
}

/** Level `i`'s pixels of `area`, at 1/s of their size for the scale chosen from `f`. */
async function readScaled(
  source: SlideSource,
  i: number,
  stored: SlideLevel,
  area: Rect,
  f: number,
): Promise<RgbImage> {
  const { tileWidth: tw, tileHeight: th } = stored;
  const c0 = Math.floor(area.x / tw);
  const r0 = Math.floor(area.y / th);
  const c1 = Math.floor((area.x + area.width - 1) / tw);
  const r1 = Math.floor((area.y + area.height - 1) / th);
  const first = await source.readRawTile(i, c0, r0);
  const s = first ? decodeScaleFor(stored, f) : 1;
  const canvasWidth = Math.ceil(((c1 - c0 + 1) * tw) / s);
  const canvasHeight = Math.ceil(((r1 - r0 + 1) * th) / s);
  if (canvasWidth * canvasHeight > SLIDE_LIMITS.maxRegionPixels) {
    throw new TileTooCostlyError(`level ${i} region ${area.width}×${area.height} is too large`);
  }
  if (!first) {
    return source.readRegion(i, area.x, area.y, area.width, area.height);
  }
  const canvas = canvases.take(canvasWidth, canvasHeight);
  // The tiles decode at once (on the codec's worker threads), each straight into its place.
  const draws: Array<Promise<void>> = [];
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      draws.push(tileInto(source, i, c, r, s, canvas, ((c - c0) * tw) / s, ((r - r0) * th) / s));
    }
  }
  await Promise.all(draws);
  const region = cropRgb(
    canvas,
    Math.floor((area.x - c0 * tw) / s),
    Math.floor((area.y - r0 * th) / s),
    Math.ceil(area.width / s),
    Math.ceil(area.height / s),
  );
  if (region !== canvas) {
    canvases.giveBack(canvas);
  }
  return region;
}

/**
 * One stored tile at 1/s, put in `canvas` at `x`,`y`: its JPEG decoded at that scale straight
 * into place, else its pixels box-filtered and drawn.
 */
async function tileInto(
  source: SlideSource,
  i: number,
  c: number,
  r: number,
  s: JpegScale,
  canvas: RgbImage,
  x: number,
  y: number,
): Promise<void> {
  const raw = await source.readRawTile(i, c, r);
  if (raw) {
    await decodeJpegInto(raw.bytes, s, canvas, x, y);
    return;
  }
  const pixels = await source.readTile(i, c, r);
  drawRgb(canvas, s === 1 ? pixels : downscaleRgb(pixels, s as DownscaleFactor), x, y);
}
