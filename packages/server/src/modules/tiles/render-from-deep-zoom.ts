import { decodeJpeg } from '../../slides/codec';
import { drawRgb, filledRgb } from '../../slides/rgb';
import type { RgbImage } from '../../slides/slide-source';
import { deepZoomOf, downsampleOf, levelSize } from './deep-zoom';
import type { DeepZoomBuilder, TilePlace } from './deep-zoom-build';
import { TileTooCostlyError, type Rect } from './render';
import { resizeTo } from './resize';
import type { OpenedSlide } from './slide-cache';

/** Deep Zoom tiles asked at once: the decode queue stays free for the viewers' tiles. */
const TILES_AT_ONCE = 8;

/**
 * The largest part of a Deep Zoom level composed for one picture (12 MB of pixels, at most 81
 * tiles): IIIF tiles and pictures up to about 1,000 px are made this way; larger ones are the
 * caller's to ask in tiles (400).
 */
export const FALLBACK_MAX_PIXELS = 2048 * 2048;

/**
 * Pixels of level-0 `area` at `width`×`height`, made from the Deep Zoom pyramid the viewer is
 * served (its missing levels built from finer tiles and kept), for a region the stored levels
 * cannot give at that size: a slide without a pyramid answered IIIF requests its own info.json
 * lists (`full/256,`, a tile at scale factor 128) with 500, while the viewer had every level.
 * Read from the coarsest Deep Zoom level at least as fine as asked.
 */
export async function renderFromDeepZoom(
  builder: Pick<DeepZoomBuilder, 'bytesOf'>,
  slide: OpenedSlide,
  area: Rect,
  width: number,
  height: number,
): Promise<RgbImage> {
  const dz = deepZoomOf(slide.source.properties);
  const asked = Math.min(area.width / width, area.height / height);
  const coarser = Math.max(0, Math.floor(Math.log2(Math.max(asked, 1)) + 1e-9));
  const level = Math.max(0, dz.maxLevel - coarser);
  const d = downsampleOf(dz, level);
  const size = levelSize(dz, level);
  const x0 = Math.floor(area.x / d);
  const y0 = Math.floor(area.y / d);
  const x1 = Math.min(size.width, Math.max(x0 + 1, Math.ceil((area.x + area.width) / d)));
  const y1 = Math.min(size.height, Math.max(y0 + 1, Math.ceil((area.y + area.height) / d)));
  if ((x1 - x0) * (y1 - y0) > FALLBACK_MAX_PIXELS) {
    throw new TileTooCostlyError(`Deep Zoom level ${level} region too large`);
  }
  const canvas = filledRgb(x1 - x0, y1 - y0);
  const ts = dz.tileSize;
  const places: TilePlace[] = [];
  for (let row = Math.floor(y0 / ts); row * ts < y1; row++) {
    for (let col = Math.floor(x0 / ts); col * ts < x1; col++) {
      places.push({ level, col, row });
    }
  }
  for (let i = 0; i < places.length; i += TILES_AT_ONCE) {
    await Promise.all(
      places.slice(i, i + TILES_AT_ONCE).map(async (place) => {
        const bytes = await builder.bytesOf(slide, place);
        if (bytes) {
          drawRgb(canvas, await decodeJpeg(bytes), place.col * ts - x0, place.row * ts - y0);
        }
      }),
    );
  }
  return resizeTo(canvas, width, height);
}
