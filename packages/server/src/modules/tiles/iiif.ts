import type { Rect } from './render';
import { deepZoomOf, type DeepZoom } from './deep-zoom';
import type { SlideProperties } from '../../slides/slide-source';
import { IIIF_FORMATS, type IiifFormat, type IiifPresentation } from './iiif-picture';

/**
 * IIIF Image API 3.0 (https://iiif.io/api/image/3.0/), level 1 and beyond: regions full, square,
 * x,y,w,h and pct:; sizes max, w,, ,h, w,h, !w,h and pct:n (no upscaling: a `^` size larger
 * than the region is a 501);
 * rotation 0, 90, 180, 270, each mirrored with `!`; qualities default, color, gray; formats jpg,
 * png, webp. Anything else (other angles, bitonal, other formats) is a 400.
 */

/** The largest picture one request may ask for (IIIF maxWidth / maxHeight). */
export const IIIF_MAX_SIZE = 4096;

export interface IiifRequest {
  region: Rect;
  width: number;
  height: number;
  how: IiifPresentation;
}

const ROTATION = /^(!?)(0|90|180|270)$/;
const QUALITY_FORMAT = /^(default|color|gray)\.(\w+)$/;

const NUMBER = /^\d+(\.\d+)?$/;

function parseRegion(text: string, w: number, h: number): Rect | null {
  if (text === 'full') {
    return { x: 0, y: 0, width: w, height: h };
  }
  if (text === 'square') {
    const side = Math.min(w, h);
    return {
      x: Math.floor((w - side) / 2),
      y: Math.floor((h - side) / 2),
      width: side,
      height: side,
    };
  }
  const pct = text.startsWith('pct:');
  const parts = (pct ? text.slice(4) : text).split(',');
  if (
    parts.length !== 4 ||
    !parts.every((p) => NUMBER.test(p)) ||
    (!pct && !parts.every((p) => /^\d+$/.test(p)))
  ) {
    return null;
  }
  let [x, y, rw, rh] = parts.map(Number) as [number, number, number, number];
  if (pct) {
    [x, y, rw, rh] = [(x * w) / 100, (y * h) / 100, (rw * w) / 100, (rh * h) / 100].map(
      Math.round,
    ) as [number, number, number, number];
  }
  // Clipped to the image; a region entirely outside it (or empty) is refused.
  const width = Math.min(rw, w - x);
  const height = Math.min(rh, h - y);
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

type Size = { width: number; height: number };

/**
 * The size of the picture, 'invalid' (400: malformed, under one pixel, larger than the region
 * without `^`, beyond the declared maximum) or 'upscale' (501: a `^` size larger than the
 * region, which this server does not make; a `^` size that needs no upscaling is served).
 */
function parseSize(text: string, region: Rect): Size | 'invalid' | 'upscale' {
  const upscaling = text.startsWith('^');
  const form = upscaling ? text.slice(1) : text;
  const { width: rw, height: rh } = region;
  const scaled = (scale: number) => ({
    width: Math.round(rw * scale),
    height: Math.round(rh * scale),
  });
  let size: Size | null = null;
  let m: RegExpExecArray | null;
  if (form === 'max') {
    // The region at most the declared maximum (maxWidth / maxHeight), at least a pixel, as the
    // whole region is asked for. Without `^` never larger than the region; `^max` asks for the
    // maximum itself, an upscale (501) where the region is smaller.
    const limit = Math.min(IIIF_MAX_SIZE / rw, IIIF_MAX_SIZE / rh);
    const fitted = scaled(upscaling ? limit : Math.min(limit, 1));
    size = { width: Math.max(1, fitted.width), height: Math.max(1, fitted.height) };
  } else if ((m = /^(\d+),$/.exec(form))) {
    size = { width: Number(m[1]), height: Math.round((rh * Number(m[1])) / rw) };
  } else if ((m = /^,(\d+)$/.exec(form))) {
    size = { width: Math.round((rw * Number(m[1])) / rh), height: Number(m[1]) };
  } else if ((m = /^(\d+),(\d+)$/.exec(form))) {
    size = { width: Number(m[1]), height: Number(m[2]) };
  } else if ((m = /^!(\d+),(\d+)$/.exec(form))) {
    const scale = Math.min(Number(m[1]) / rw, Number(m[2]) / rh);
    size = scaled(upscaling ? scale : Math.min(scale, 1));
  } else if ((m = /^pct:(\d+(\.\d+)?)$/.exec(form))) {
    size = scaled(Number(m[1]) / 100);
  }
  // IIIF 3.0 §4.2: a size of less than a pixel is a 400.
  if (!size || size.width < 1 || size.height < 1) {
    return 'invalid';
  }
  const larger = size.width > rw || size.height > rh;
  if (larger) {
    return upscaling ? 'upscale' : 'invalid';
  }
  return size.width > IIIF_MAX_SIZE || size.height > IIIF_MAX_SIZE ? 'invalid' : size;
}

/** The request of `/{region}/{size}/{rotation}/{quality}.{format}`, or why not (400, 501). */
export function parseIiif(
  p: SlideProperties,
  region: string,
  size: string,
  rotation: string,
  qualityFormat: string,
): IiifRequest | 'invalid' | 'upscale' {
  const base = p.levels[0]!;
  const turn = ROTATION.exec(rotation);
  const qf = QUALITY_FORMAT.exec(qualityFormat);
  if (!turn || !qf || !Object.hasOwn(IIIF_FORMATS, qf[2]!)) {
    return 'invalid';
  }
  const how: IiifPresentation = {
    mirror: turn[1] === '!',
    degrees: Number(turn[2]) as IiifPresentation['degrees'],
    gray: qf[1] === 'gray',
    format: qf[2] as IiifFormat,
  };
  const r = parseRegion(region, base.width, base.height);
  if (!r) {
    return 'invalid';
  }
  const s = parseSize(size, r);
  return typeof s === 'string' ? s : { region: r, ...s, how };
}

/** info.json: the image's size, its tiles (the Deep Zoom tile size) and what is supported. */
export function iiifInfo(id: string, p: SlideProperties): Record<string, unknown> {
  const dz: DeepZoom = deepZoomOf(p);
  const scaleFactors = Array.from({ length: dz.maxLevel + 1 }, (_, k) => 2 ** k).filter(
    (f) => f === 1 || Math.max(dz.width, dz.height) / f >= dz.tileSize / 2,
  );
  return {
    '@context': 'http://iiif.io/api/image/3/context.json',
    id,
    type: 'ImageService3',
    protocol: 'http://iiif.io/api/image',
    profile: 'level1',
    width: dz.width,
    height: dz.height,
    maxWidth: IIIF_MAX_SIZE,
    maxHeight: IIIF_MAX_SIZE,
    tiles: [{ width: dz.tileSize, scaleFactors }],
    extraQualities: ['color', 'gray'],
    extraFormats: ['png', 'webp'],
    extraFeatures: [
      'mirroring',
      'regionByPct',
      'regionSquare',
      'rotationBy90s',
      'sizeByConfinedWh',
      'sizeByPct',
      'sizeByWh',
    ],
  };
}
