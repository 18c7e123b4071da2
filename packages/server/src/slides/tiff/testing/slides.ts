import sharp from 'sharp';
import type { RgbImage } from '../../slide-source';
import { openSlideTruth, type GroundTruthOpenSlide } from '../../testing/ground-truth';

/** Tests only: the shared test slides (read-only) and what groundtruth.json says about them. */

export { SLIDES_DIR } from '../../testing/ground-truth';
export type OpenSlideFacts = GroundTruthOpenSlide;

export function factsOf(name: string): { file: string; facts: OpenSlideFacts } {
  const { file, truth } = openSlideTruth(name);
  return { file, facts: truth };
}

/** One IFD of a TIFF decoded by libtiff (inside sharp's libvips): an independent decoder. */
export async function libtiffPage(file: string, page: number): Promise<RgbImage> {
  const { data, info } = await sharp(file, { page })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Largest per-channel difference between two images of the same size. */
export function maxDiff(a: RgbImage, b: RgbImage): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`sizes differ: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  }
  let max = 0;
  for (let i = 0; i < a.width * a.height * 3; i++) {
    max = Math.max(max, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
  }
  return max;
}

export function meanAbsDiff(a: RgbImage, b: RgbImage): number {
  let sum = 0;
  const n = a.width * a.height * 3;
  for (let i = 0; i < n; i++) {
    sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  }
  return sum / n;
}
