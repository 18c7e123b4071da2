import type { AssociatedImageName, SlideLevel, SlideProperties } from '../slide-source';
import { SLIDE_LIMITS, SlideOpenError } from '../slide-source';
import type { OpenSlideBinding, OsrPointer } from './openslide-binding';

/** Tile size served for levels whose format names none (OpenSlide paints any region). */
export const DEFAULT_TILE_SIZE = 256;

/** More levels than any scanner writes (a 1,000,000 px slide halved down to 1 px is 20). */
const MAX_LEVELS = 64;

const ASSOCIATED_NAMES: readonly AssociatedImageName[] = ['label', 'macro', 'thumbnail'];

type Facts = Pick<
  OpenSlideBinding,
  | 'levelCount'
  | 'levelDimensions'
  | 'levelDownsample'
  | 'propertyValue'
  | 'associatedNames'
  | 'associatedDimensions'
>;

/**
 * What an opened slide says about itself, checked before any pixel is read: sizes beyond
 * SLIDE_LIMITS refuse the slide (TOO_LARGE), impossible ones (no levels, negative sizes, a level
 * finer than level 0) mark it DAMAGED.
 */
export function readOpenSlideProperties(
  lib: Facts,
  osr: OsrPointer,
  vendor: string,
): SlideProperties {
  const count = lib.levelCount(osr);
  if (!(count >= 1 && count <= MAX_LEVELS)) {
    throw new SlideOpenError('DAMAGED', `OpenSlide reports ${count} levels`);
  }
  const levels: SlideLevel[] = [];
  for (let level = 0; level < count; level++) {
    const { width, height } = lib.levelDimensions(osr, level);
    if (!isPositiveInteger(width) || !isPositiveInteger(height)) {
      throw new SlideOpenError('DAMAGED', `level ${level} has no valid size (${width}×${height})`);
    }
    if (level === 0 && (width > SLIDE_LIMITS.maxDimension || height > SLIDE_LIMITS.maxDimension)) {
      throw new SlideOpenError(
        'TOO_LARGE',
        `${width}×${height} pixels is larger than any slide accepted (${SLIDE_LIMITS.maxDimension} px a side)`,
      );
    }
    const downsample = lib.levelDownsample(osr, level);
    if (!Number.isFinite(downsample) || downsample < 0.999 || (level === 0 && downsample > 1.001)) {
      throw new SlideOpenError('DAMAGED', `level ${level} has downsample ${downsample}`);
    }
    levels.push({ width, height, downsample, ...tileSize(lib, osr, level) });
  }

  const associated: SlideProperties['associated'] = {};
  const present = new Set(lib.associatedNames(osr));
  for (const name of ASSOCIATED_NAMES) {
    if (!present.has(name)) {
      continue;
    }
    const { width, height } = lib.associatedDimensions(osr, name);
    // One oversized or broken label must not refuse the slide: it is left out instead.
    if (
      isPositiveInteger(width) &&
      isPositiveInteger(height) &&
      width * height <= SLIDE_LIMITS.maxAssociatedPixels
    ) {
      associated[name] = { width, height };
    }
  }

  const background = lib.propertyValue(osr, 'openslide.background-color');
  return {
    reader: 'openslide',
    vendor,
    levels,
    mppX: positiveNumber(lib.propertyValue(osr, 'openslide.mpp-x')),
    mppY: positiveNumber(lib.propertyValue(osr, 'openslide.mpp-y')),
    objectivePower: positiveNumber(lib.propertyValue(osr, 'openslide.objective-power')),
    associated,
    backgroundColor: background && /^[0-9a-fA-F]{6}$/.test(background) ? background : null,
  };
}

/** The level's stored tile size when OpenSlide names a sane one, else DEFAULT_TILE_SIZE. */
function tileSize(lib: Facts, osr: OsrPointer, level: number) {
  const width = Number(lib.propertyValue(osr, `openslide.level[${level}].tile-width`));
  const height = Number(lib.propertyValue(osr, `openslide.level[${level}].tile-height`));
  if (
    isPositiveInteger(width) &&
    isPositiveInteger(height) &&
    width * height <= SLIDE_LIMITS.maxTilePixels
  ) {
    return { tileWidth: width, tileHeight: height };
  }
  return { tileWidth: DEFAULT_TILE_SIZE, tileHeight: DEFAULT_TILE_SIZE };
}

function isPositiveInteger(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

function positiveNumber(value: string | null): number | null {
  if (value == null || value.trim() === '') {
    return null;
  }
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}
