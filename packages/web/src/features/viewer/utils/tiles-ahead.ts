/*
 * Which tiles to fetch ahead of a pan: those of the level the view is drawn at, in a band around
 * the view, nearest first. Over a hospital link each tile costs a round trip of 50–150 ms; fetched
 * while the user looks at the view, the tissue a short pan brings in is already in the browser.
 */

/** A rectangle in pixels of one Deep Zoom level. */
export interface LevelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The finest Deep Zoom level OpenSeadragon draws at a zoom, as it picks it: the finest whose
 * pixels are at least `minPixelRatio` device pixels wide. `imageZoom` is CSS pixels per pixel of
 * the full-resolution image (the top level, `maxLevel`); `pixelDensity` device pixels per CSS pixel.
 */
export function finestDrawnLevel(
  maxLevel: number,
  imageZoom: number,
  pixelDensity: number,
  minPixelRatio: number,
): number {
  if (!(imageZoom > 0) || !(pixelDensity > 0)) {
    return 0;
  }
  // A level k steps below the top has pixels 2^k image pixels wide.
  const steps = Math.ceil(Math.log2(minPixelRatio / (imageZoom * pixelDensity)) - 1e-9);
  return Math.min(maxLevel, Math.max(0, maxLevel - Math.max(0, steps)));
}

/**
 * Tiles (column, row) of a level whose grid is `columns` × `rows` tiles of `tileSize` pixels,
 * lying within `margin` (a share of the view's width and height) around `view` but not on it (the
 * viewer is fetching those), nearest to the view first, at most `max`.
 */
export function tilesAround(
  view: LevelRect,
  grid: { tileSize: number; columns: number; rows: number },
  margin: number,
  max: number,
): [number, number][] {
  const { tileSize, columns, rows } = grid;
  const clamp = (index: number, count: number) => Math.min(count - 1, Math.max(0, index));
  // The tile a band starts in, and the last it reaches into (not one it only touches).
  const first = (px: number, count: number) => clamp(Math.floor(px / tileSize), count);
  const last = (px: number, count: number) => clamp(Math.ceil(px / tileSize) - 1, count);
  const padX = view.width * margin;
  const padY = view.height * margin;
  const [left, right] = [first(view.x - padX, columns), last(view.x + view.width + padX, columns)];
  const [top, bottom] = [first(view.y - padY, rows), last(view.y + view.height + padY, rows)];
  const onView = (col: number, row: number) =>
    (col + 1) * tileSize > view.x &&
    col * tileSize < view.x + view.width &&
    (row + 1) * tileSize > view.y &&
    row * tileSize < view.y + view.height;
  // From a tile's centre to the view: the sides before the corners, which a pan reaches later.
  const gap = (col: number, row: number) => {
    const [cx, cy] = [(col + 0.5) * tileSize, (row + 0.5) * tileSize];
    const dx = Math.max(view.x - cx, cx - (view.x + view.width), 0);
    const dy = Math.max(view.y - cy, cy - (view.y + view.height), 0);
    return Math.hypot(dx, dy);
  };
  const around: { tile: [number, number]; gap: number }[] = [];
  for (let row = top; row <= bottom; row += 1) {
    for (let col = left; col <= right; col += 1) {
      if (!onView(col, row)) {
        around.push({ tile: [col, row], gap: gap(col, row) });
      }
    }
  }
  return around
    .sort((a, b) => a.gap - b.gap)
    .slice(0, max)
    .map((a) => a.tile);
}
