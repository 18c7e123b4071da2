import { SLIDE_LIMITS, SlideOpenError, type AssociatedImageName } from '../slide-source';
import {
  aperioAssociatedName,
  isAperioDescription,
  parseAperioProperties,
  positiveNumber,
} from './aperio';
import { undecodableReason } from './codecs';
import { checkBlockSize, type TiffImage } from './tiff-image';

/**
 * Which IFDs are pyramid levels and which are associated images, and the slide's scale — the
 * choices OpenSlide's "aperio" and "generic-tiff" drivers make: every tiled IFD is a level
 * (largest first); Aperio's untiled IFDs are the thumbnail (2nd IFD), label and macro.
 */
export interface SlideLayout {
  vendor: 'aperio' | 'generic-tiff';
  levels: TiffImage[];
  associated: Partial<Record<AssociatedImageName, TiffImage>>;
  mppX: number | null;
  mppY: number | null;
  objectivePower: number | null;
}

/**
 * Microscope scans are finer than ~50 µm per pixel. Coarser "resolutions" are the 72/96/300 dpi
 * defaults image tools write (72 dpi is 353 µm/px), not a scale, so no MPP is reported for them.
 */
const MAX_PLAUSIBLE_MPP = 50;

export function layoutSlide(images: TiffImage[]): SlideLayout {
  const first = images[0];
  if (!first) {
    throw new SlideOpenError('NOT_A_SLIDE', 'the TIFF file has no image');
  }
  const aperio = isAperioDescription(first.description);
  const levels = images.filter((image) => image.tiled).sort((a, b) => b.width - a.width);
  if (levels.length === 0 || (!aperio && !first.tiled)) {
    throw new SlideOpenError(
      'NOT_A_SLIDE',
      'the TIFF file is not tiled, so it is not a whole-slide image (a tiled, pyramidal TIFF is needed)',
    );
  }
  for (const level of levels) {
    checkBlockSize(level);
    const reason = undecodableReason(level);
    if (reason !== null) {
      throw new SlideOpenError('UNSUPPORTED_FORMAT', reason);
    }
  }

  const associated: SlideLayout['associated'] = {};
  if (aperio) {
    for (const image of images) {
      if (image.tiled) {
        continue;
      }
      const name = aperioAssociatedName(image.index, image.description, image.newSubfileType);
      // An associated image the server cannot decode is left out rather than refusing the slide.
      if (name !== null && associated[name] === undefined && undecodableReason(image) === null) {
        if (image.width * image.height > SLIDE_LIMITS.maxAssociatedPixels) {
          throw new SlideOpenError(
            'TOO_LARGE',
            `the ${name} image declares ${image.width}x${image.height} pixels (limit ${SLIDE_LIMITS.maxAssociatedPixels})`,
          );
        }
        checkBlockSize(image);
        associated[name] = image;
      }
    }
  }

  let mppX: number | null = null;
  let mppY: number | null = null;
  let objectivePower: number | null = null;
  if (aperio) {
    const properties = parseAperioProperties(first.description ?? '');
    mppX = mppY = positiveNumber(properties.get('MPP'));
    objectivePower = positiveNumber(properties.get('AppMag'));
  } else {
    mppX = mppFromResolution(first.xResolution, first.resolutionUnit);
    mppY = mppFromResolution(first.yResolution, first.resolutionUnit);
    if (mppX === null || mppY === null) {
      mppX = mppY = null;
    }
  }
  return {
    vendor: aperio ? 'aperio' : 'generic-tiff',
    levels,
    associated,
    mppX,
    mppY,
    objectivePower,
  };
}

/** Micrometres per pixel from a TIFF resolution (pixels per inch or per centimetre). */
function mppFromResolution(resolution: number | null, unit: number): number | null {
  if (resolution === null || (unit !== 2 && unit !== 3)) {
    return null;
  }
  const mpp = (unit === 2 ? 25_400 : 10_000) / resolution;
  return mpp > 0 && mpp <= MAX_PLAUSIBLE_MPP ? mpp : null;
}

/**
 * OpenSlide's downsample of a level: the mean of the width and height ratios to level 0
 * (levels of odd-sized images are not exact halves).
 */
export function levelDownsample(level0: TiffImage, level: TiffImage): number {
  return (level0.width / level.width + level0.height / level.height) / 2;
}
