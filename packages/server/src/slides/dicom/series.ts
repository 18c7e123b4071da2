/**
 * Turns the instances of an upload into one slide: the series with the largest pyramid image
 * wins; its VOLUME images, one per size, become the levels (largest first), and its LABEL,
 * OVERVIEW and THUMBNAIL images the associated label, macro and thumbnail.
 */
import { SLIDE_LIMITS, SlideOpenError, type AssociatedImageName } from '../slide-source.js';
import type { ImageFlavor, WsiInstance } from './instance.js';
import { rgbFromHex } from '../rgb.js';
import { TiledImage } from './tiled-image.js';

export interface SeriesLayout {
  levels: TiledImage[];
  associated: Map<AssociatedImageName, TiledImage>;
  /** Instances the slide reads from (their handles stay open). */
  used: WsiInstance[];
  /** Instances left out (other series, other planes, duplicates): close them. */
  unused: WsiInstance[];
}

const ASSOCIATED: [ImageFlavor, AssociatedImageName][] = [
  ['LABEL', 'label'],
  ['OVERVIEW', 'macro'],
  ['THUMBNAIL', 'thumbnail'],
];

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
}

const byInstanceNumber = (a: WsiInstance, b: WsiInstance) =>
  a.instanceNumber - b.instanceNumber || a.path.localeCompare(b.path);

/**
 * Instances of one image: the concatenation that holds the lowest-numbered instance (or that
 * instance alone). Other instances of the same size are other focal planes or optical paths.
 */
function oneImage(candidates: WsiInstance[]): WsiInstance[] {
  const first = [...candidates].sort(byInstanceNumber)[0]!;
  if (!first.concatenation) {
    return [first];
  }
  const uid = first.concatenation.uid;
  return candidates.filter(
    (i) =>
      i.concatenation?.uid === uid &&
      i.format.width === first.format.width &&
      i.format.height === first.format.height,
  );
}

export function layOutSeries(instances: WsiInstance[]): SeriesLayout {
  const unique = [...groupBy(instances, (i) => i.sopInstanceUid).values()].map((g) => g[0]!);
  const volumeWidth = (list: WsiInstance[]) =>
    Math.max(-1, ...list.filter((i) => i.flavor === 'VOLUME').map((i) => i.width));
  const series = [...groupBy(unique, (i) => i.seriesUid).values()].sort(
    (a, b) => volumeWidth(b) - volumeWidth(a),
  )[0]!;
  if (volumeWidth(series) < 0) {
    throw new SlideOpenError(
      'NOT_A_SLIDE',
      'The DICOM files hold no pyramid (VOLUME) image, only label or overview images.',
    );
  }
  const chosen = series.filter((i) => i.flavor === 'VOLUME');
  const sizes = [...groupBy(chosen, (i) => `${i.width}x${i.height}`).values()].sort(
    (a, b) => b[0]!.width - a[0]!.width || b[0]!.height - a[0]!.height,
  );
  // The base level's instance names the background (what the slide properties report too).
  const background = rgbFromHex(oneImage(sizes[0]!)[0]!.backgroundColor);
  const levels = sizes.map((group) => new TiledImage(oneImage(group), background));

  const associated = new Map<AssociatedImageName, TiledImage>();
  for (const [flavor, name] of ASSOCIATED) {
    const fits = series.filter(
      (i) => i.flavor === flavor && i.width * i.height <= SLIDE_LIMITS.maxAssociatedPixels,
    );
    if (fits.length > 0) {
      associated.set(name, new TiledImage(oneImage(fits), [255, 255, 255]));
    }
  }
  const used = [...levels, ...associated.values()].flatMap((img) => [...img.instances]);
  const unusedSet = new Set(instances);
  used.forEach((i) => unusedSet.delete(i));
  return { levels, associated, used, unused: [...unusedSet] };
}
