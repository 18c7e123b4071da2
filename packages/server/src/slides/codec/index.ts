import os from 'node:os';
import type { RgbImage } from '../slide-source';
import { ComposePool, type ComposeJob } from './compose-pool';
import { SharpJpegCodec } from './sharp-codec';
import { TurboJpegCodec } from './turbo-codec';
import { loadTurboJpeg } from './turbojpeg-binding';
import type { JpegCodec, JpegScale } from './types';
import { DEFAULT_JPEG_QUALITY } from './types';

export type { JpegCodec, JpegScale } from './types';
export type { ComposeJob, ComposeTile } from './compose-pool';
export { downscaleRgb, type DownscaleFactor } from './downscale';

/**
 * The codec to use: libturbojpeg when it loads, else sharp. `SLIDE_JPEG_CODEC=sharp` forces
 * sharp (to compare the two, or to rule out the native library when chasing a problem).
 */
export function createJpegCodec(preference: string | undefined): JpegCodec {
  if (preference !== 'sharp') {
    const binding = loadTurboJpeg();
    if (binding) {
      return new TurboJpegCodec(binding);
    }
  }
  return new SharpJpegCodec();
}

let active: JpegCodec | undefined;

/** Chosen on first use, once per process (loading the library costs a few milliseconds). */
function codec(): JpegCodec {
  active ??= createJpegCodec(process.env.SLIDE_JPEG_CODEC);
  return active;
}

/** Which implementation decodes and encodes: 'libturbojpeg' or 'sharp'. */
export function codecName(): JpegCodec['name'] {
  return codec().name;
}

/**
 * RGB pixels of a JPEG, decoded at 1/scale of its size (⌈w/scale⌉ × ⌈h/scale⌉) — libjpeg's DCT
 * scaling, far cheaper than a full decode followed by a resize. Throws an Error for data libjpeg
 * cannot decode; a truncated scan is accepted (the missing part is grey).
 */
export function decodeJpeg(bytes: Uint8Array, scale: JpegScale = 1): Promise<RgbImage> {
  return codec().decode(bytes, scale);
}

/** decodeJpeg straight into `target` at `x`,`y` (JpegCodec.decodeInto). */
export function decodeJpegInto(
  bytes: Uint8Array,
  scale: JpegScale,
  target: RgbImage,
  x: number,
  y: number,
): Promise<void> {
  return codec().decodeInto(bytes, scale, target, x, y);
}

/** A JPEG (4:2:0 chroma subsampling) of RGB pixels. */
export function encodeJpeg(img: RgbImage, quality = DEFAULT_JPEG_QUALITY): Promise<Buffer> {
  return codec().encode(img, quality);
}

let pool: ComposePool | undefined;

/**
 * A JPEG built from stored JPEG tiles on the compose threads (compose-pool.ts), or null when
 * they are not available (libturbojpeg missing or forced off: the caller decodes and encodes the
 * usual way). Throws, through the promise, for tiles libjpeg cannot read.
 */
export function composeJpeg(job: ComposeJob): Promise<Buffer> | null {
  const threads = composePool();
  return threads?.usable ? threads.compose(job) : null;
}

/**
 * Starts the compose threads ahead of the first tile (a thread takes about 80 ms to load koffi
 * and libturbojpeg, which the first tile of a missing level would otherwise wait for).
 */
export function startComposeThreads(): void {
  composePool()?.start();
}

/**
 * Ends the compose threads before the process exits: process.exit() while a thread is still
 * loading koffi and libturbojpeg (a signal just after start-up) can abort the whole process.
 */
export async function stopComposeThreads(): Promise<void> {
  await pool?.close();
}

function composePool(): ComposePool | null {
  if (codec().name !== 'libturbojpeg') {
    return null;
  }
  pool ??= new ComposePool(composeThreadsOf(process.env.SLIDE_COMPOSE_THREADS));
  return pool;
}

/**
 * `SLIDE_COMPOSE_THREADS`: how many compose threads (0: none, pictures are built on the codec's
 * per-call threads as before); by default one per core, at most 8.
 */
export function composeThreadsOf(value: string | undefined): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (Number.isInteger(n) && n >= 0) {
    return Math.min(n, 64);
  }
  return Math.min(8, Math.max(1, os.availableParallelism()));
}
