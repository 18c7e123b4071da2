import { availableParallelism } from 'node:os';
import * as koffi from 'koffi';
import { callOnWorker, loadFirstLibrary } from '../../lib/native-library';
import { NativeSlots } from '../../lib/native-slots';

/** An `openslide_t *`: a BigInt address in koffi 3, never null once opened. */
export type OsrPointer = unknown;

export interface Size {
  width: number;
  height: number;
}

/**
 * OpenSlide's C API (openslide.h, 3.4.1; OpenSlide 4 keeps these functions). Calls that touch
 * the file — detect, open, reads — run on koffi's worker threads so a slow file or a big region
 * does not block the event loop; the rest only look at what openslide_open already parsed.
 */
export interface OpenSlideBinding {
  readonly version: string;
  detectVendor(path: string): Promise<string | null>;
  open(path: string): Promise<OsrPointer | null>;
  getError(osr: OsrPointer): string | null;
  levelCount(osr: OsrPointer): number;
  levelDimensions(osr: OsrPointer, level: number): Size;
  levelDownsample(osr: OsrPointer, level: number): number;
  propertyValue(osr: OsrPointer, name: string): string | null;
  associatedNames(osr: OsrPointer): string[];
  associatedDimensions(osr: OsrPointer, name: string): Size;
  /** Premultiplied ARGB of a region: x0, y0 in level-0 pixels, width × height in `level`'s. */
  readRegion(
    osr: OsrPointer,
    x0: number,
    y0: number,
    level: number,
    width: number,
    height: number,
  ): Promise<Uint32Array>;
  /** Premultiplied ARGB of an associated image of the given size. */
  readAssociated(osr: OsrPointer, name: string, size: Size): Promise<Uint32Array>;
  close(osr: OsrPointer): void;
}

/** Debian 12's libopenslide0 (3.4.1) first, then OpenSlide 4's soname. */
const LIBRARY_NAMES = ['libopenslide.so.0', 'libopenslide.so.1'];

type NativeFn = ReturnType<koffi.LibraryHandle['func']>;

/**
 * Loads libopenslide, or null when it is missing. `OPENSLIDE_LIBRARY` names another file (a
 * self-built OpenSlide; a missing path simulates a machine without it). C types are spelled
 * out instead of registered by name: koffi's type names are process-wide and would clash when
 * the module is loaded twice.
 */
export function loadOpenSlide(
  names: readonly string[] = process.env.OPENSLIDE_LIBRARY
    ? [process.env.OPENSLIDE_LIBRARY]
    : LIBRARY_NAMES,
): OpenSlideBinding | null {
  const lib = loadFirstLibrary(names);
  if (!lib) {
    return null;
  }
  try {
    return bind(lib);
  } catch {
    return null; // a library without the 3.4 API (openslide_detect_vendor appeared in 3.4.0)
  }
}

function bind(lib: koffi.LibraryHandle): OpenSlideBinding {
  const fn = {
    version: lib.func('const char *openslide_get_version(void)'),
    detectVendor: lib.func('const char *openslide_detect_vendor(const char *filename)'),
    open: lib.func('void *openslide_open(const char *filename)'),
    close: lib.func('void openslide_close(void *osr)'),
    getError: lib.func('const char *openslide_get_error(void *osr)'),
    levelCount: lib.func('int32_t openslide_get_level_count(void *osr)'),
    levelDimensions: lib.func(
      'void openslide_get_level_dimensions(void *osr, int32_t level, _Out_ int64_t *w, _Out_ int64_t *h)',
    ),
    levelDownsample: lib.func('double openslide_get_level_downsample(void *osr, int32_t level)'),
    propertyValue: lib.func(
      'const char *openslide_get_property_value(void *osr, const char *name)',
    ),
    associatedNames: lib.func('void *openslide_get_associated_image_names(void *osr)'),
    associatedDimensions: lib.func(
      'void openslide_get_associated_image_dimensions(void *osr, const char *name, ' +
        '_Out_ int64_t *w, _Out_ int64_t *h)',
    ),
    // dest is written in place: koffi hands native code the typed array's own memory.
    readRegion: lib.func(
      'void openslide_read_region(void *osr, uint32_t *dest, int64_t x, int64_t y, ' +
        'int32_t level, int64_t w, int64_t h)',
    ),
    readAssociated: lib.func(
      'void openslide_read_associated_image(void *osr, const char *name, uint32_t *dest)',
    ),
  };
  const slots = new NativeSlots(Math.max(2, availableParallelism()));
  const call = <T>(f: NativeFn, args: unknown[]) => callOnWorker<T>(f, ...args);
  const inWorker = <T>(f: NativeFn, ...args: unknown[]): Promise<T> =>
    slots.run(() => call<T>(f, args));
  // The pixel buffer is allocated once a slot is free, not while the read waits for one.
  const readPixels = (pixels: number, f: NativeFn, args: (dest: Uint32Array) => unknown[]) =>
    slots.run(async () => {
      const dest = new Uint32Array(pixels);
      await call<void>(f, args(dest));
      return dest;
    });
  const size = (f: NativeFn, ...args: unknown[]): Size => {
    const w: unknown[] = [0];
    const h: unknown[] = [0];
    f(...args, w, h);
    // int64 outputs come back as numbers, or BigInt beyond 2^53; -1 marks an error.
    return { width: Number(w[0]), height: Number(h[0]) };
  };
  return {
    version: String(fn.version()),
    detectVendor: (path) => inWorker<string | null>(fn.detectVendor, path),
    open: (path) => inWorker<OsrPointer | null>(fn.open, path),
    getError: (osr) => fn.getError(osr) as string | null,
    levelCount: (osr) => fn.levelCount(osr) as number,
    levelDimensions: (osr, level) => size(fn.levelDimensions, osr, level),
    levelDownsample: (osr, level) => fn.levelDownsample(osr, level) as number,
    propertyValue: (osr, name) => fn.propertyValue(osr, name) as string | null,
    associatedNames: (osr) => stringList(fn.associatedNames(osr)),
    associatedDimensions: (osr, name) => size(fn.associatedDimensions, osr, name),
    readRegion: (osr, x0, y0, level, width, height) =>
      readPixels(width * height, fn.readRegion, (dest) => [
        osr,
        dest,
        x0,
        y0,
        level,
        width,
        height,
      ]),
    readAssociated: (osr, name, { width, height }) =>
      readPixels(width * height, fn.readAssociated, (dest) => [osr, name, dest]),
    close: (osr) => fn.close(osr),
  };
}

/** A NULL-terminated `const char * const *` as owned by OpenSlide (valid until close). */
function stringList(pointer: unknown): string[] {
  const list: string[] = [];
  if (pointer == null) {
    return list;
  }
  const step = koffi.sizeof('void *');
  for (let i = 0; ; i++) {
    const value = koffi.decode(pointer, i * step, 'const char *') as string | null;
    if (value == null) {
      return list;
    }
    list.push(value);
  }
}
