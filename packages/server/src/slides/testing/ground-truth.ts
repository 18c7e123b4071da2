import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_SLIDES_DIR } from './test-slides-dir';

/*
 * Tests only: the shared test slides (read-only) and what OpenSlide 3.4.1 reads from them
 * (groundtruth.json, see its MANIFEST.md).
 */

export const SLIDES_DIR = TEST_SLIDES_DIR;

export interface GroundTruthOpenSlide {
  vendor: string;
  level_count: number;
  dimensions: [number, number];
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

interface GroundTruthSlide {
  id: string;
  files: Array<{ name: string }>;
  openslide?: GroundTruthOpenSlide;
}

const groundTruth = JSON.parse(readFileSync(path.join(SLIDES_DIR, 'groundtruth.json'), 'utf8')) as {
  slides: GroundTruthSlide[];
};

/** The slide file named `name` and what OpenSlide reads from it. */
export function openSlideTruth(name: string): { file: string; truth: GroundTruthOpenSlide } {
  const slide = groundTruth.slides.find((s) => s.files.some((f) => f.name === name));
  if (!slide?.openslide) {
    throw new Error(`groundtruth.json has no OpenSlide facts for ${name}`);
  }
  return { file: path.join(SLIDES_DIR, name), truth: slide.openslide };
}
