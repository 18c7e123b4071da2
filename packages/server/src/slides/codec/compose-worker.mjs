/*
 * A worker thread of the compose pool (compose-pool.ts): builds one JPEG from stored JPEG tiles —
 * each decoded at 1/scale into its place on a canvas, the canvas cropped and encoded — in one
 * message, with libjpeg-turbo called synchronously on this thread. Doing the whole tile here costs
 * one hand-over between threads instead of one per decode and encode (a tile of a missing level
 * decodes four stored tiles), and hand-overs are what the tile server's main thread spent most of
 * its time on (profiled). Plain JavaScript: worker threads start without the TypeScript loaders
 * of the server (tsx) and of the tests (Vitest).
 *
 * Where every tile is 4:2:0 YCbCr (what most scanners and libvips write) the canvas is kept as
 * YCbCr planes: libjpeg-turbo decodes to them and encodes from them without converting colours or
 * resampling chroma either way (a fifth of the codec's work per tile, measured). Anything else is
 * composed as RGB and encoded 4:2:0, as the codec's own encode() does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import koffi from 'koffi';

const TJPF_RGB = 0;
const TJSAMP_420 = 2;
const TJCS_YCBCR = 1;
const TJERR_WARNING = 0;

/** workerData: { libraryNames: string[], maxDecodePixels: number }. */
const { libraryNames, maxDecodePixels } = workerData;

function loadLibrary() {
  for (const name of libraryNames) {
    try {
      return koffi.load(name);
    } catch {
      // Try the next name.
    }
  }
  throw new Error('libturbojpeg is not installed');
}

const lib = loadLibrary();
const tj = {
  initDecompress: lib.func('void *tjInitDecompress(void)'),
  initCompress: lib.func('void *tjInitCompress(void)'),
  header: lib.func(
    'int tjDecompressHeader3(void *handle, const uint8_t *jpegBuf, unsigned long jpegSize, ' +
      '_Out_ int *width, _Out_ int *height, _Out_ int *jpegSubsamp, _Out_ int *jpegColorspace)',
  ),
  decompress: lib.func(
    'int tjDecompress2(void *handle, const uint8_t *jpegBuf, unsigned long jpegSize, ' +
      'uint8_t *dstBuf, int width, int pitch, int height, int pixelFormat, int flags)',
  ),
  compress: lib.func(
    'int tjCompress2(void *handle, const uint8_t *srcBuf, int width, int pitch, int height, ' +
      'int pixelFormat, _Inout_ void **jpegBuf, _Inout_ unsigned long *jpegSize, ' +
      'int jpegSubsamp, int jpegQual, int flags)',
  ),
  // Plane pointers are passed as addresses (uint64) into this worker's native canvas.
  decompressToPlanes: lib.func(
    'int tjDecompressToYUVPlanes(void *handle, const uint8_t *jpegBuf, unsigned long jpegSize, ' +
      'const uint64_t *dstPlanes, int width, const int *strides, int height, int flags)',
  ),
  compressFromPlanes: lib.func(
    'int tjCompressFromYUVPlanes(void *handle, const uint64_t *srcPlanes, int width, ' +
      'const int *strides, int height, int subsamp, _Inout_ void **jpegBuf, ' +
      '_Inout_ unsigned long *jpegSize, int jpegQual, int flags)',
  ),
  free: lib.func('void tjFree(void *buffer)'),
  destroy: lib.func('int tjDestroy(void *handle)'),
  errorString: lib.func('const char *tjGetErrorStr2(void *handle)'),
  errorCode: lib.func('int tjGetErrorCode(void *handle)'),
};

let decompressor = null;
let compressor = null;

/** Native memory of the planar canvas, grown as needed and kept (one tile's worth, ~100 KB). */
let planar = { pointer: null, address: 0n, view: null, size: 0 };
/** The RGB canvas, grown as needed and kept. */
let rgb = Buffer.alloc(0);

function handleOf(kind) {
  if (kind === 'decompress') {
    decompressor ??= tj.initDecompress();
    return decompressor;
  }
  compressor ??= tj.initCompress();
  return compressor;
}

/**
 * Throws the call's error unless it is only a warning (a truncated scan still gives a complete
 * picture, grey where data is missing, as the codec accepts it). A failed handle is dropped:
 * libjpeg-turbo 2.1 leaves it unable to read the next header.
 */
function check(status, kind, what) {
  const handle = handleOf(kind);
  if (status === 0 || tj.errorCode(handle) === TJERR_WARNING) {
    return;
  }
  const message = `${what}: ${tj.errorString(handle)}`;
  tj.destroy(handle);
  if (kind === 'decompress') {
    decompressor = null;
  } else {
    compressor = null;
  }
  throw new Error(message);
}

/**
 * After any failed job: a handle whose call failed, or that was left half-way (a header read with
 * only a warning, then sizes refused), would fail the next job's first header read ("SOS before
 * SOF" in libjpeg-turbo 2.1). New handles cost microseconds.
 */
function dropHandles() {
  if (decompressor) {
    tj.destroy(decompressor);
    decompressor = null;
  }
  if (compressor) {
    tj.destroy(compressor);
    compressor = null;
  }
}

/** Size, chroma subsampling and colour space of each tile, its decoded size checked. */
function headersOf(tiles, scale) {
  const handle = handleOf('decompress');
  return tiles.map((tile) => {
    const w = [0];
    const h = [0];
    const subsampling = [0];
    const colorspace = [0];
    const status = tj.header(handle, tile.bytes, tile.bytes.length, w, h, subsampling, colorspace);
    check(status, 'decompress', 'JPEG header unreadable');
    const width = Math.ceil(w[0] / scale);
    const height = Math.ceil(h[0] / scale);
    if (!(width > 0 && height > 0) || width * height > maxDecodePixels) {
      throw new Error(`JPEG of ${w[0]}×${h[0]} pixels is outside the decode limits`);
    }
    return { width, height, subsampling: subsampling[0], colorspace: colorspace[0] };
  });
}

/** Whether the canvas can be kept as 4:2:0 planes: every tile and the crop on even pixels. */
function planarFits(job, headers) {
  const even = (n) => n % 2 === 0;
  return (
    even(job.canvasWidth) &&
    even(job.canvasHeight) &&
    even(job.crop.x) &&
    even(job.crop.y) &&
    job.tiles.every((t, i) => {
      const h = headers[i];
      return (
        h.subsampling === TJSAMP_420 &&
        h.colorspace === TJCS_YCBCR &&
        even(t.x) &&
        even(t.y) &&
        even(h.width) &&
        even(h.height)
      );
    })
  );
}

function fits(job, headers) {
  return job.tiles.every(
    (t, i) =>
      t.x >= 0 &&
      t.y >= 0 &&
      t.x + headers[i].width <= job.canvasWidth &&
      t.y + headers[i].height <= job.canvasHeight,
  );
}

/** The encoder's output, copied out of the memory libjpeg-turbo allocated (then freed). */
/** The encoded JPEG of a compress call that returned `status`, copied off libjpeg's buffer. */
function encoded(status, out, size) {
  if (status !== 0 && out[0] != null) {
    tj.free(out[0]);
  }
  check(status, 'compress', 'JPEG encode failed');
  return takeOutput(out, size);
}

function takeOutput(out, size) {
  try {
    const bytes = new Uint8Array(size[0]);
    bytes.set(new Uint8Array(koffi.view(out[0], size[0])));
    return bytes;
  } finally {
    tj.free(out[0]);
  }
}

function composePlanar(job, headers) {
  const { canvasWidth: cw, canvasHeight: ch, crop } = job;
  const chromaWidth = cw / 2;
  const chromaSize = chromaWidth * (ch / 2);
  const size = cw * ch + 2 * chromaSize;
  if (planar.size < size) {
    if (planar.pointer) {
      koffi.free(planar.pointer);
    }
    const pointer = koffi.alloc('uint8_t', size);
    planar = {
      pointer,
      address: BigInt(koffi.address(pointer)),
      view: new Uint8Array(koffi.view(pointer, size)),
      size,
    };
  }
  const y0 = planar.address;
  const u0 = y0 + BigInt(cw * ch);
  const v0 = u0 + BigInt(chromaSize);
  // White where no tile lands (a canvas is normally covered edge to edge).
  planar.view.fill(255, 0, cw * ch);
  planar.view.fill(128, cw * ch, size);
  const strides = new Int32Array([cw, chromaWidth, chromaWidth]);
  const planes = new BigUint64Array(3);
  const decoder = handleOf('decompress');
  job.tiles.forEach((tile, i) => {
    const { width, height } = headers[i];
    const chroma = BigInt((tile.y / 2) * chromaWidth + tile.x / 2);
    planes[0] = y0 + BigInt(tile.y * cw + tile.x);
    planes[1] = u0 + chroma;
    planes[2] = v0 + chroma;
    const status = tj.decompressToPlanes(
      decoder,
      tile.bytes,
      tile.bytes.length,
      planes,
      width,
      strides,
      height,
      0,
    );
    check(status, 'decompress', 'JPEG decode failed');
  });
  const chroma = BigInt((crop.y / 2) * chromaWidth + crop.x / 2);
  planes[0] = y0 + BigInt(crop.y * cw + crop.x);
  planes[1] = u0 + chroma;
  planes[2] = v0 + chroma;
  const out = [null];
  const outSize = [0];
  const status = tj.compressFromPlanes(
    handleOf('compress'),
    planes,
    crop.width,
    strides,
    crop.height,
    TJSAMP_420,
    out,
    outSize,
    job.quality,
    0,
  );
  return encoded(status, out, outSize);
}

function composeRgb(job, headers) {
  const { canvasWidth: cw, canvasHeight: ch, crop } = job;
  const pitch = cw * 3;
  if (rgb.length < pitch * ch) {
    rgb = Buffer.allocUnsafe(pitch * ch);
  }
  rgb.fill(255, 0, pitch * ch);
  const decoder = handleOf('decompress');
  job.tiles.forEach((tile, i) => {
    const { width, height } = headers[i];
    const status = tj.decompress(
      decoder,
      tile.bytes,
      tile.bytes.length,
      rgb.subarray(tile.y * pitch + tile.x * 3),
      width,
      pitch,
      height,
      TJPF_RGB,
      0,
    );
    check(status, 'decompress', 'JPEG decode failed');
  });
  const out = [null];
  const outSize = [0];
  const status = tj.compress(
    handleOf('compress'),
    rgb.subarray(crop.y * pitch + crop.x * 3),
    crop.width,
    pitch,
    crop.height,
    TJPF_RGB,
    out,
    outSize,
    TJSAMP_420,
    job.quality,
    0,
  );
  return encoded(status, out, outSize);
}

function compose(job) {
  const headers = headersOf(job.tiles, job.scale);
  if (!fits(job, headers)) {
    throw new Error('a tile does not fit on the canvas');
  }
  return planarFits(job, headers) ? composePlanar(job, headers) : composeRgb(job, headers);
}

parentPort.on('message', (job) => {
  if (job.close) {
    // Asked to end, between two jobs: the thread ends by itself once its port is closed. Ended
    // from outside in the middle of a native call, or of loading koffi, it could abort the
    // whole process (a test worker of CI exited unexpectedly).
    dropHandles();
    parentPort.close();
    return;
  }
  try {
    const jpeg = compose(job);
    parentPort.postMessage({ id: job.id, jpeg }, [jpeg.buffer]);
  } catch (error) {
    dropHandles();
    parentPort.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
