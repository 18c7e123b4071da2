import { SLIDE_LIMITS, type SlideLevel, type SlideSource } from '../../slides/slide-source';
import {
  composeJpeg,
  decodeJpegInto,
  downscaleRgb,
  encodeJpeg,
  type ComposeTile,
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

/**
 * A region too large to decode for one tile (a slide without a usable pyramid): answered 500; IIIF
 * makes it from the Deep Zoom levels instead (render-from-deep-zoom.ts), or answers 400.
 */
export class TileTooCostlyError extends Error {}

const EPSILON = 1e-3;

/**
 * A tile of a missing level from the (up to four) tiles of the next finer level under it, each
 * decoded at half size into its quarter (deep-zoom-build.ts finerParts places them), then
 * encoded: on a compose thread where they run.
 */
export async function halveTiles(
  parts: ComposeTile[],
  width: number,
  height: number,
): Promise<Buffer> {
  const crop = { x: 0, y: 0, width, height };
  const job = { tiles: parts, scale: 2 as const, canvasWidth: width, canvasHeight: height, crop };
  const composed = composeJpeg({ ...job, quality: TILE_JPEG_QUALITY });
  if (composed) {
    return composed;
  }
  const canvas = canvases.take(width, height);
  await Promise.all(parts.map((p) => decodeJpegInto(p.bytes, 2, canvas, p.x, p.y)));
  const jpeg = await encodeJpeg(canvas, TILE_JPEG_QUALITY);
  canvases.giveBack(canvas);
  return jpeg;
}

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
 * (far cheaper than decoding in full), composed, cropped and resampled to the exact size. Where
 * no resampling is left to do and the tiles are stored JPEG (the usual tile of a missing level),
 * one compose thread does all of it (composeStored).
 */
export async function renderArea(
  source: SlideSource,
  area: Rect,
  width: number,
  height: number,
): Promise<Buffer> {
  const from = storedAreaOf(source, area, width, height);
  const composed = await composeStored(source, from, width, height);
  if (composed) {
    return composed;
  }
  const pixels = await readFrom(source, from, width, height);
  const jpeg = await encodeJpeg(pixels, TILE_JPEG_QUALITY);
  canvases.giveBack(pixels);
  return jpeg;
}

/** renderArea's pixels, before encoding (IIIF turns, mirrors, greys and encodes them itself). */
export function renderPixels(
  source: SlideSource,
  area: Rect,
  width: number,
  height: number,
): Promise<RgbImage> {
  return readFrom(source, storedAreaOf(source, area, width, height), width, height);
}

/** Where a rendered area is read: stored level `i`, its pixels `within`, scaled down by `f`. */
interface StoredArea {
  i: number;
  stored: SlideLevel;
  within: Rect;
  f: number;
}

function storedAreaOf(source: SlideSource, area: Rect, width: number, height: number): StoredArea {
  const levels = source.properties.levels;
  const d = Math.min(area.width / width, area.height / height);
  const i = sourceLevelFor(levels, d);
  const stored = levels[i]!;
  const ds = stored.downsample;
  const sx = Math.floor(area.x / ds);
  const sy = Math.floor(area.y / ds);
  const ex = Math.min(stored.width, Math.max(sx + 1, Math.ceil((area.x + area.width) / ds)));
  const ey = Math.min(stored.height, Math.max(sy + 1, Math.ceil((area.y + area.height) / ds)));
  return { i, stored, within: { x: sx, y: sy, width: ex - sx, height: ey - sy }, f: d / ds };
}

async function readFrom(
  source: SlideSource,
  { i, stored, within, f }: StoredArea,
  width: number,
  height: number,
): Promise<RgbImage> {
  const region = await readScaled(source, i, stored, within, f);
  const sized = await resizeTo(region, width, height);
  if (sized !== region) {
    canvases.giveBack(region);
  }
  return sized;
}

/** The stored tiles under `area` of a level, and the canvas they make at 1/s. */
function tileGridOf(stored: SlideLevel, area: Rect, s: JpegScale) {
  const { tileWidth: tw, tileHeight: th } = stored;
  const c0 = Math.floor(area.x / tw);
  const r0 = Math.floor(area.y / th);
  const c1 = Math.floor((area.x + area.width - 1) / tw);
  const r1 = Math.floor((area.y + area.height - 1) / th);
  return {
    c0,
    r0,
    c1,
    r1,
    canvasWidth: Math.ceil(((c1 - c0 + 1) * tw) / s),
    canvasHeight: Math.ceil(((r1 - r0 + 1) * th) / s),
    crop: {
      x: Math.floor((area.x - c0 * tw) / s),
      y: Math.floor((area.y - r0 * th) / s),
      width: Math.ceil(area.width / s),
      height: Math.ceil(area.height / s),
    },
  };
}

/**
 * The JPEG of a stored area built on a compose thread, when that is the whole job: every tile
 * under it is a stored JPEG of the full tile size, decoding at 1/s gives exactly the wanted size
 * (nothing left to resample), and the compose threads run. Null otherwise (readFrom does it).
 */
async function composeStored(
  source: SlideSource,
  { i, stored, within, f }: StoredArea,
  width: number,
  height: number,
): Promise<Buffer | null> {
  const s = decodeScaleFor(stored, f);
  const grid = tileGridOf(stored, within, s);
  const { crop, canvasWidth, canvasHeight } = grid;
  if (
    crop.width !== width ||
    crop.height !== height ||
    canvasWidth * canvasHeight > SLIDE_LIMITS.maxRegionPixels
  ) {
    return null;
  }
  const { tileWidth: tw, tileHeight: th } = stored;
  const tiles: ComposeTile[] = [];
  for (let r = grid.r0; r <= grid.r1; r++) {
    for (let c = grid.c0; c <= grid.c1; c++) {
      const raw = await source.readRawTile(i, c, r);
      if (!raw || raw.width !== tw || raw.height !== th) {
        return null;
      }
      tiles.push({ bytes: raw.bytes, x: ((c - grid.c0) * tw) / s, y: ((r - grid.r0) * th) / s });
    }
  }
  return composeJpeg({
    tiles,
    scale: s,
    canvasWidth,
    canvasHeight,
    crop,
    quality: TILE_JPEG_QUALITY,
  });
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
  const first = await source.readRawTile(i, Math.floor(area.x / tw), Math.floor(area.y / th));
  const s = first ? decodeScaleFor(stored, f) : 1;
  const { c0, r0, c1, r1, canvasWidth, canvasHeight, crop } = tileGridOf(stored, area, s);
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
  const region = cropRgb(canvas, crop.x, crop.y, crop.width, crop.height);
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
