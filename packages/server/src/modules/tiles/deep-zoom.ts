import type { SlideProperties } from '../../slides/slide-source';

/**
 * Deep Zoom geometry (what OpenSeadragon's DziTileSource expects): level `max` is full
 * resolution, each level below halves it (rounding up), level 0 is 1×1 pixel; tiles are
 * `tileSize` square without overlap, the last column and row smaller.
 */
export interface DeepZoom {
  width: number;
  height: number;
  tileSize: number;
  maxLevel: number;
}

/**
 * The stored tile size of full resolution when square and reasonable, so that native tiles go
 * out as stored; else 254 (Deep Zoom's customary size).
 */
export function deepZoomOf(p: SlideProperties): DeepZoom {
  const base = p.levels[0]!;
  const native =
    base.tileWidth === base.tileHeight && base.tileWidth >= 64 && base.tileWidth <= 1024;
  return {
    width: base.width,
    height: base.height,
    tileSize: native ? base.tileWidth : 254,
    maxLevel: Math.ceil(Math.log2(Math.max(base.width, base.height, 1))),
  };
}

/** How many full-resolution pixels one pixel of Deep Zoom level `level` covers. */
export function downsampleOf(dz: DeepZoom, level: number): number {
  return 2 ** (dz.maxLevel - level);
}

export function levelSize(dz: DeepZoom, level: number): { width: number; height: number } {
  const d = downsampleOf(dz, level);
  return { width: Math.ceil(dz.width / d), height: Math.ceil(dz.height / d) };
}

/** The pixels of tile `col`,`row` of `level` in that level's coordinates, or null outside. */
export function tileRect(dz: DeepZoom, level: number, col: number, row: number) {
  if (!Number.isSafeInteger(level) || level < 0 || level > dz.maxLevel) {
    return null;
  }
  const size = levelSize(dz, level);
  const x = col * dz.tileSize;
  const y = row * dz.tileSize;
  if (col < 0 || row < 0 || x >= size.width || y >= size.height) {
    return null;
  }
  return {
    x,
    y,
    width: Math.min(dz.tileSize, size.width - x),
    height: Math.min(dz.tileSize, size.height - y),
  };
}

export function dziXml(dz: DeepZoom): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Image xmlns="http://schemas.microsoft.com/deepzoom/2008" Format="jpeg" Overlap="0" ' +
    `TileSize="${dz.tileSize}"><Size Width="${dz.width}" Height="${dz.height}"/></Image>\n`
  );
}
