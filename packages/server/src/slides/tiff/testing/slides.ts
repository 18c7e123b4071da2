import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RgbImage } from '../../slide-source';
import { TEST_SLIDES_DIR } from '../../testing/test-slides-dir';

/** Tests only: the shared test slides (read-only) and what groundtruth.json says about them. */

export const SLIDES_DIR = TEST_SLIDES_DIR;

export interface OpenSlideFacts {
  vendor: string;
  level_count: number;
  levels: Array<{
    width: number;
    height: number;
    downsample: number;
    tile_width: number;
    tile_height: number;
  }>;
  mpp_x: number | null;
  mpp_y: number | null;
  objective_power: number | null;
  associated_images: Record<string, [number, number]>;
  background_color: string | null;
  pixel_probes: {
    lowest_level_mean_rgb: [number, number, number];
    level0_topleft_region: [number, number, number, number];
    level0_topleft_mean_rgb: [number, number, number];
    level0_center_region: [number, number, number, number];
    level0_center_mean_rgb: [number, number, number];
  };
}

const groundTruth = JSON.parse(readFileSync(path.join(SLIDES_DIR, 'groundtruth.json'), 'utf8')) as {
  slides: Array<{ files: Array<{ name: string }>; openslide?: OpenSlideFacts }>;
};

export function factsOf(name: string): { file: string; facts: OpenSlideFacts } {
  const slide = groundTruth.slides.find((s) => s.files.some((f) => f.name === name));
  if (!slide?.openslide) {
    throw new Error(`groundtruth.json has no OpenSlide facts for ${name}`);
  }
  return { file: path.join(SLIDES_DIR, name), facts: slide.openslide };
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
