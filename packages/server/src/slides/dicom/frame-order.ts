import type { RgbImage } from '../slide-source.js';

/** How a TILED_FULL-like instance orders its frames: along the rows, or down the columns. */
export type FrameOrder = 'rows' | 'columns';

/** Frames decoded at most to judge the order (a few per pair; the files concerned are small). */
const MAX_FRAMES = 64;
/** Seams compared per reading, spread over the grid. */
const MAX_SEAMS = 24;
/**
 * The columns reading is taken only when its seams are clearly smoother: blank background meets
 * blank background in either reading, so only tissue tells, and the standard's order stays unless
 * the pictures say otherwise.
 */
const CLEARLY = 0.6;

interface Grid {
  across: number;
  down: number;
}

/** A seam: tile `a` and the tile to its right (`across`) or below it. */
interface Seam {
  col: number;
  row: number;
  across: boolean;
}

/**
 * The frame order under which neighbouring tiles meet best: the mean difference of the pixels on
 * either side of a sample of seams, read as rows and as columns. `frameAt` decodes frame `i`.
 */
export async function likelyFrameOrder(
  grid: Grid,
  tileWidth: number,
  tileHeight: number,
  width: number,
  height: number,
  frameAt: (frame: number) => Promise<RgbImage>,
): Promise<FrameOrder> {
  const frameOf = (order: FrameOrder, col: number, row: number) =>
    order === 'rows' ? row * grid.across + col : col * grid.down + row;
  const decoded = new Map<number, Promise<RgbImage>>();
  const frame = (i: number) => {
    let image = decoded.get(i);
    if (!image) {
      image = frameAt(i);
      decoded.set(i, image);
    }
    return image;
  };
  const seams = seamsOf(grid);
  const cost = async (order: FrameOrder) => {
    let sum = 0;
    let count = 0;
    for (const seam of seams) {
      const a = frameOf(order, seam.col, seam.row);
      const b = seam.across
        ? frameOf(order, seam.col + 1, seam.row)
        : frameOf(order, seam.col, seam.row + 1);
      if (decoded.size >= MAX_FRAMES && !(decoded.has(a) && decoded.has(b))) {
        continue;
      }
      // Only the part of the seam inside the image (edge tiles are padded).
      const length = seam.across
        ? Math.min(tileHeight, height - seam.row * tileHeight)
        : Math.min(tileWidth, width - seam.col * tileWidth);
      const d = seamDifference(await frame(a), await frame(b), seam.across, length);
      sum += d * length;
      count += length;
    }
    return count > 0 ? sum / count : 0;
  };
  const rows = await cost('rows');
  const columns = await cost('columns');
  return columns < rows * CLEARLY ? 'columns' : 'rows';
}

/** Up to MAX_SEAMS seams, across and down alternately, spread over the grid. */
function seamsOf(grid: Grid): Seam[] {
  const seams: Seam[] = [];
  for (let k = 0; seams.length < MAX_SEAMS && k < MAX_SEAMS * 4; k++) {
    const across = k % 2 === 0;
    const cols = across ? grid.across - 1 : grid.across;
    const rows = across ? grid.down : grid.down - 1;
    const col = (k * 7 + Math.floor(k / 2)) % cols;
    const row = (k * 5 + Math.floor(k / 3)) % rows;
    if (!seams.some((s) => s.col === col && s.row === row && s.across === across)) {
      seams.push({ col, row, across });
    }
  }
  return seams;
}

/** Mean absolute difference of the pixel lines either side of a seam (first `length` pixels). */
function seamDifference(a: RgbImage, b: RgbImage, across: boolean, length: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < length; i++) {
    // Across: a's last column against b's first; down: a's last row against b's first.
    const ax = across ? a.width - 1 : i;
    const ay = across ? i : a.height - 1;
    const bx = across ? 0 : i;
    const by = across ? i : 0;
    if (ax >= a.width || ay >= a.height || bx >= b.width || by >= b.height) {
      continue;
    }
    const pa = (ay * a.width + ax) * 3;
    const pb = (by * b.width + bx) * 3;
    for (let c = 0; c < 3; c++) {
      sum += Math.abs(a.data[pa + c]! - b.data[pb + c]!);
    }
    n += 3;
  }
  return n > 0 ? sum / n : 0;
}
