import * as koffi from 'koffi';
import { NativeSlots } from '../../lib/native-slots';
import { callOnWorker, loadFirstLibrary } from '../../lib/native-library';

/** Constants of TurboJPEG's API (turbojpeg.h, libjpeg-turbo 2.x). */
export const TJPF_RGB = 0;
export const TJSAMP_420 = 2;
/** tjGetErrorCode(): the last error was only a warning (the picture was still produced). */
export const TJERR_WARNING = 0;

type Handle = unknown;

/** TurboJPEG's functions as the codec uses them; pointers are koffi's BigInt addresses. */
export interface TurboJpegBinding {
  initDecompress(): Handle;
  initCompress(): Handle;
  decompressHeader3(
    handle: Handle,
    jpeg: Uint8Array,
    size: number,
    width: number[],
    height: number[],
    subsampling: number[],
    colorspace: number[],
  ): number;
  decompress2(
    handle: Handle,
    jpeg: Uint8Array,
    size: number,
    dst: Uint8Array,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    flags: number,
  ): number;
  compress2(
    handle: Handle,
    src: Uint8Array,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    jpegBuf: unknown[],
    jpegSize: number[],
    subsampling: number,
    quality: number,
    flags: number,
  ): number;
  /** decompress2 on one of koffi's worker threads (the handle must not be used meanwhile). */
  decompress2Async(
    handle: Handle,
    jpeg: Uint8Array,
    size: number,
    dst: Uint8Array,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    flags: number,
  ): Promise<number>;
  /** compress2 on one of koffi's worker threads (the handle must not be used meanwhile). */
  compress2Async(
    handle: Handle,
    src: Uint8Array,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    jpegBuf: unknown[],
    jpegSize: number[],
    subsampling: number,
    quality: number,
    flags: number,
  ): Promise<number>;
  free(buffer: unknown): void;
  destroy(handle: Handle): number;
  errorString(handle: Handle): string;
  errorCode(handle: Handle): number;
  /** `size` bytes of native memory at `pointer`, copied into a Node buffer. */
  copyOut(pointer: unknown, size: number): Buffer;
}

/** Debian's libturbojpeg0 installs the first name; a self-built libjpeg-turbo the second. */
export const TURBOJPEG_LIBRARY_NAMES = ['libturbojpeg.so.0', 'libturbojpeg.so'];

/**
 * Decodes and encodes under way at once, across every caller. A tile of a level the file lacks
 * decodes every stored tile under it at once (a whole slide's worth for the smallest levels of a
 * single-level file), and koffi throws once 256 calls wait for its workers: beyond this many, they
 * wait here in order (uploads' hashes and OpenSlide keep their own, smaller, shares).
 */
const codecSlots = new NativeSlots(64);

/**
 * Loads libturbojpeg through koffi, or null when it is not installed (the codec then falls back
 * to sharp). Types are spelled as plain C types, never registered by name: koffi's type registry
 * is process-wide and a second load (tests reset modules) would otherwise clash.
 */
export function loadTurboJpeg(
  names: readonly string[] = TURBOJPEG_LIBRARY_NAMES,
): TurboJpegBinding | null {
  const lib = loadFirstLibrary(names);
  if (!lib) {
    return null;
  }
  try {
    const f = {
      initDecompress: lib.func('void *tjInitDecompress(void)'),
      initCompress: lib.func('void *tjInitCompress(void)'),
      decompressHeader3: lib.func(
        'int tjDecompressHeader3(void *handle, const uint8_t *jpegBuf, unsigned long jpegSize, ' +
          '_Out_ int *width, _Out_ int *height, _Out_ int *jpegSubsamp, _Out_ int *jpegColorspace)',
      ),
      decompress2: lib.func(
        'int tjDecompress2(void *handle, const uint8_t *jpegBuf, unsigned long jpegSize, ' +
          'uint8_t *dstBuf, int width, int pitch, int height, int pixelFormat, int flags)',
      ),
      // *jpegBuf = NULL on input: TurboJPEG allocates the output, released with tjFree.
      compress2: lib.func(
        'int tjCompress2(void *handle, const uint8_t *srcBuf, int width, int pitch, int height, ' +
          'int pixelFormat, _Inout_ void **jpegBuf, _Inout_ unsigned long *jpegSize, ' +
          'int jpegSubsamp, int jpegQual, int flags)',
      ),
      free: lib.func('void tjFree(void *buffer)'),
      destroy: lib.func('int tjDestroy(void *handle)'),
      errorString: lib.func('const char *tjGetErrorStr2(void *handle)'),
      errorCode: lib.func('int tjGetErrorCode(void *handle)'),
    };
    const onWorker =
      (fn: unknown) =>
      (...args: unknown[]) =>
        codecSlots.run(() => callOnWorker<number>(fn, ...args));
    return {
      ...(f as unknown as Omit<
        TurboJpegBinding,
        'copyOut' | 'decompress2Async' | 'compress2Async'
      >),
      decompress2Async: onWorker(f.decompress2),
      compress2Async: onWorker(f.compress2),
      // Buffer.from(view) would alias memory that tjFree releases next: copy the bytes.
      copyOut: (pointer, size) => Buffer.copyBytesFrom(new Uint8Array(koffi.view(pointer, size))),
    };
  } catch {
    // A libturbojpeg older than 2.0 lacks tjGetErrorStr2/tjGetErrorCode: use sharp instead.
    return null;
  }
}
