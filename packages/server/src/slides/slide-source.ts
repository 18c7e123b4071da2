/**
 * One whole-slide image, whatever its format (ARCHITECTURE "Whole-slide images"): the TIFF family
 * and DICOM are read in TypeScript, vendor formats through OpenSlide. The tile service, ingest and
 * the viewer's metadata only ever see this interface.
 *
 * Coordinates: level 0 is full resolution; `downsample` says how many level-0 pixels one pixel of
 * a level covers. Tiles are addressed per level by column and row of the level's own tile grid.
 */

export interface SlideLevel {
  width: number;
  height: number;
  /** Level-0 pixels per pixel of this level (1 for level 0). */
  downsample: number;
  /** The stored tile size of this level; for strip or untiled images, the size the reader serves. */
  tileWidth: number;
  tileHeight: number;
}

export type AssociatedImageName = 'label' | 'macro' | 'thumbnail';

export interface SlideProperties {
  /** Reader that opened the file: 'tiff', 'dicom' or 'openslide'. */
  reader: string;
  /** Format as users know it: 'aperio', 'generic-tiff', 'dicom', 'hamamatsu', 'mirax'... */
  vendor: string;
  levels: SlideLevel[];
  /** Micrometres per pixel at level 0, when the file says. */
  mppX: number | null;
  mppY: number | null;
  /** Scanner objective (20, 40...), when the file says. */
  objectivePower: number | null;
  /** Associated images present in the file, with their sizes. */
  associated: Partial<Record<AssociatedImageName, { width: number; height: number }>>;
  /** Background to paint outside the scanned area (RGB hex without '#'), when the file says. */
  backgroundColor: string | null;
}

/**
 * A tile exactly as stored, when the format allows serving it without decoding: a complete JPEG
 * (tables spliced in, colour transform marked) covering `width`×`height` stored pixels, of which
 * `validWidth`×`validHeight` are image (edge tiles are padded in the file).
 */
export interface RawTile {
  format: 'jpeg';
  bytes: Buffer;
  width: number;
  height: number;
  validWidth: number;
  validHeight: number;
}

/** Decoded pixels: RGB, 3 bytes per pixel, row-major, no padding. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

export interface SlideSource {
  readonly properties: SlideProperties;

  /**
   * The stored bytes of a tile when they can be served as they are (native JPEG tiles), else null
   * (the caller then reads pixels with `readTile`).
   */
  readRawTile(level: number, col: number, row: number): Promise<RawTile | null>;

  /** Pixels of one stored tile of a level, cropped to the image (edge tiles are smaller). */
  readTile(level: number, col: number, row: number): Promise<RgbImage>;

  /**
   * Pixels of a region of a level: `x`, `y` in that level's pixels. Parts outside the image are
   * the background colour (white when the file names none).
   */
  readRegion(level: number, x: number, y: number, width: number, height: number): Promise<RgbImage>;

  /** An associated image (label, macro, thumbnail) as stored, decoded to RGB, or null. */
  readAssociated(name: AssociatedImageName): Promise<RgbImage | null>;

  /** Releases file handles and native resources. */
  close(): Promise<void>;
}

/**
 * Refusal to open a file: not a slide, unsupported, damaged, or declaring absurd sizes. `reason`
 * is a stable code the ingest stores and the UI translates.
 */
export class SlideOpenError extends Error {
  constructor(
    readonly reason:
      'NOT_A_SLIDE' | 'UNSUPPORTED_FORMAT' | 'OPENSLIDE_MISSING' | 'DAMAGED' | 'TOO_LARGE',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sizes beyond any scanner's output are refused before anything is decoded: a crafted header
 * must not make the server allocate gigabytes.
 */
export const SLIDE_LIMITS = {
  /** Widest/tallest level 0 accepted (a 2 × 7.5 cm slide at 0.1 µm/px is 750,000 px). */
  maxDimension: 1_000_000,
  /** Largest stored tile or strip decoded at once. */
  maxTilePixels: 4096 * 4096,
  /** Largest associated image decoded. */
  maxAssociatedPixels: 8192 * 8192,
  /** Largest region one call may ask for. */
  maxRegionPixels: 8192 * 8192,
} as const;
