import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type {
  AssociatedImageName,
  RawTile,
  RgbImage,
  SlideProperties,
  SlideSource,
} from '../slide-source';
import { SLIDE_LIMITS, SlideOpenError } from '../slide-source';
import type { Rgb } from './argb';
import { WHITE, argbToRgb, parseBackground } from './argb';
import type { OpenSlideBinding, OsrPointer } from './openslide-binding';
import { loadOpenSlide } from './openslide-binding';
import { readOpenSlideProperties } from './openslide-properties';
import { OsrHandle } from './osr-handle';

export const OPENSLIDE_MISSING_MESSAGE =
  "install Debian's libopenslide0 (apt-get install libopenslide0) to read NDPI, MRXS, SCN, BIF, VMS slides";

let binding: OpenSlideBinding | null | undefined;

/** Loaded on first use, once per process. */
function openSlideLibrary(): OpenSlideBinding | null {
  if (binding === undefined) {
    binding = loadOpenSlide();
  }
  return binding;
}

/** Whether libopenslide could be loaded (vendor formats are refused without it). */
export function isOpenSlideAvailable(): boolean {
  return openSlideLibrary() !== null;
}

/** OpenSlide's version ("3.4.1"), or null without the library. */
export function openSlideVersion(): string | null {
  return openSlideLibrary()?.version ?? null;
}

/**
 * Opens a slide with OpenSlide. Refusals are SlideOpenError: OPENSLIDE_MISSING without the
 * library, NOT_A_SLIDE for a file OpenSlide does not recognise (a truncated file usually lands
 * here: its TIFF directories are missing), DAMAGED when it recognises the format but cannot open
 * it, TOO_LARGE for absurd sizes. A file that does not exist throws the usual ENOENT error.
 */
export async function openOpenSlide(file: string): Promise<SlideSource> {
  const lib = openSlideLibrary();
  if (!lib) {
    throw new SlideOpenError('OPENSLIDE_MISSING', OPENSLIDE_MISSING_MESSAGE);
  }
  await access(file, constants.R_OK);
  const vendor = await lib.detectVendor(file);
  if (!vendor) {
    throw new SlideOpenError('NOT_A_SLIDE', 'OpenSlide does not recognise this file as a slide');
  }
  const pointer = await openPointer(lib, file, vendor);
  try {
    const properties = readOpenSlideProperties(lib, pointer, vendor);
    return new OpenSlideSource(lib, file, pointer, properties);
  } catch (err) {
    lib.close(pointer);
    throw err;
  }
}

async function openPointer(
  lib: OpenSlideBinding,
  file: string,
  vendor: string,
): Promise<OsrPointer> {
  const pointer = await lib.open(file);
  if (pointer == null) {
    throw new SlideOpenError(
      'DAMAGED',
      `OpenSlide recognises a ${vendor} slide but cannot open it`,
    );
  }
  const error = lib.getError(pointer);
  if (error) {
    lib.close(pointer);
    throw new SlideOpenError('DAMAGED', `OpenSlide cannot open this ${vendor} slide: ${error}`);
  }
  return pointer;
}

/**
 * A slide read through OpenSlide. OpenSlide always hands out pixels (it decodes and composes
 * tiles itself), so readRawTile answers null and tiles are regions of the level's tile grid.
 *
 * An OpenSlide handle that met an error (a damaged tile) stays in error and returns nothing but
 * transparent pixels afterwards. So the read that met it throws, the handle is retired, and the
 * next read opens the file again: one bad tile does not take the whole slide down.
 */
class OpenSlideSource implements SlideSource {
  private handle: OsrHandle | null;
  private reopening: Promise<OsrHandle> | null = null;
  private closed = false;
  private readonly background: Rgb;

  constructor(
    private readonly lib: OpenSlideBinding,
    private readonly file: string,
    pointer: OsrPointer,
    readonly properties: SlideProperties,
  ) {
    this.handle = new OsrHandle(lib, pointer);
    this.background = parseBackground(properties.backgroundColor) ?? WHITE;
  }

  async readRawTile(): Promise<RawTile | null> {
    return null;
  }

  async readTile(level: number, col: number, row: number): Promise<RgbImage> {
    const l = this.level(level);
    const cols = Math.ceil(l.width / l.tileWidth);
    const rows = Math.ceil(l.height / l.tileHeight);
    if (
      !Number.isInteger(col) ||
      !Number.isInteger(row) ||
      col < 0 ||
      row < 0 ||
      col >= cols ||
      row >= rows
    ) {
      throw new RangeError(`no tile ${col},${row} in level ${level} (${cols}×${rows} tiles)`);
    }
    const x = col * l.tileWidth;
    const y = row * l.tileHeight;
    const width = Math.min(l.tileWidth, l.width - x);
    const height = Math.min(l.tileHeight, l.height - y);
    return this.readRegion(level, x, y, width, height);
  }

  async readRegion(
    level: number,
    x: number,
    y: number,
    width: number,
    height: number,
  ): Promise<RgbImage> {
    const { downsample } = this.level(level);
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) {
      throw new RangeError(`region origin ${x},${y} is not a pair of integers`);
    }
    if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`region size ${width}×${height} is not a positive size`);
    }
    // Refused before anything is allocated: the pixel buffer alone would be 4 bytes a pixel.
    if (width * height > SLIDE_LIMITS.maxRegionPixels) {
      throw new RangeError(
        `region of ${width}×${height} pixels is larger than ${SLIDE_LIMITS.maxRegionPixels} pixels`,
      );
    }
    // OpenSlide places regions in level-0 pixels. For the fractional downsamples of some levels
    // (4.016...), rounding puts the region within a fraction of a pixel of where it belongs.
    const x0 = Math.round(x * downsample);
    const y0 = Math.round(y * downsample);
    const argb = await this.read(
      `region ${x},${y} ${width}×${height} of level ${level}`,
      (lib, osr) => lib.readRegion(osr, x0, y0, level, width, height),
    );
    return { width, height, data: argbToRgb(argb, this.background) };
  }

  async readAssociated(name: AssociatedImageName): Promise<RgbImage | null> {
    const size = this.properties.associated[name];
    if (!size) {
      return null;
    }
    const argb = await this.read(`the ${name} image`, (lib, osr) =>
      lib.readAssociated(osr, name, size),
    );
    return { width: size.width, height: size.height, data: argbToRgb(argb, WHITE) };
  }

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.handle?.retire();
    this.handle = null;
    // A reopen under way closes its handle itself once it sees `closed`.
  }

  private level(level: number) {
    const l = Number.isInteger(level) ? this.properties.levels[level] : undefined;
    if (!l) {
      throw new RangeError(`no level ${level} (the slide has ${this.properties.levels.length})`);
    }
    return l;
  }

  /** Runs one native read on a live handle; an OpenSlide error throws and retires the handle. */
  private async read<T>(
    what: string,
    call: (lib: OpenSlideBinding, osr: OsrPointer) => Promise<T>,
  ): Promise<T> {
    const handle = await this.acquire();
    try {
      const result = await call(this.lib, handle.pointer);
      const error = this.lib.getError(handle.pointer);
      if (error) {
        this.retire(handle);
        throw new Error(
          `OpenSlide could not read ${what} of ${path.basename(this.file)}: ${error}`,
        );
      }
      return result;
    } finally {
      handle.release();
    }
  }

  private async acquire(): Promise<OsrHandle> {
    // A handle can be retired by a failing read between being fetched and acquired: fetch again.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.closed) {
        throw new Error(`slide ${path.basename(this.file)} is closed`);
      }
      const handle = this.handle ?? (await this.reopen());
      if (handle.acquire()) {
        return handle;
      }
    }
    throw new Error(`OpenSlide keeps failing on ${path.basename(this.file)}`);
  }

  private retire(handle: OsrHandle): void {
    if (this.handle === handle) {
      this.handle = null;
    }
    handle.retire();
  }

  private reopen(): Promise<OsrHandle> {
    this.reopening ??= (async () => {
      try {
        const pointer = await openPointer(this.lib, this.file, this.properties.vendor);
        const handle = new OsrHandle(this.lib, pointer);
        if (this.closed) {
          handle.retire();
          throw new Error(`slide ${path.basename(this.file)} is closed`);
        }
        this.handle = handle;
        return handle;
      } finally {
        this.reopening = null;
      }
    })();
    return this.reopening;
  }
}
