/** The overview map's longest reach: this share of the view's side it lies along. */
const MAX_SIDE_SHARE = 1 / 3;

/**
 * The overview map's box: as much area as OpenSeadragon gives it (its share of the view's width
 * times that of its height) but the shape of the slide as shown, turned with the view.
 * OpenSeadragon shapes the box like the view, so a slide of another shape sat small in it: a
 * portrait slide turned 90° on a phone filled a third of its map, the rest empty. The map never
 * reaches past a third of the view's width or height.
 */
export function navigatorSize(
  view: { width: number; height: number },
  slide: { width: number; height: number },
  rotationDegrees: number,
  sizeRatio: number,
): { width: number; height: number } | null {
  if (view.width <= 0 || view.height <= 0 || slide.width <= 0 || slide.height <= 0) {
    return null;
  }
  const turn = (rotationDegrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(turn));
  const sin = Math.abs(Math.sin(turn));
  const shownWidth = slide.width * cos + slide.height * sin;
  const shownHeight = slide.width * sin + slide.height * cos;
  const aspect = shownWidth / shownHeight;
  const area = sizeRatio * sizeRatio * view.width * view.height;
  let width = Math.sqrt(area * aspect);
  let height = width / aspect;
  const shrink = Math.min(
    1,
    (MAX_SIDE_SHARE * view.width) / width,
    (MAX_SIDE_SHARE * view.height) / height,
  );
  width *= shrink;
  height *= shrink;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}
