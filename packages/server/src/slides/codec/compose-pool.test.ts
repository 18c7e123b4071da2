import sharp from 'sharp';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { cropRgb, drawRgb, filledRgb } from '../rgb';
import type { RgbImage } from '../slide-source';
import { openSlideTruth } from '../testing/ground-truth';
import { gradient, meanAbsDiff } from '../testing/pixels';
import { openTiffSlide } from '../tiff';
import { ComposePool, type ComposeJob } from './compose-pool';
import { TurboJpegCodec } from './turbo-codec';
import { loadTurboJpeg } from './turbojpeg-binding';

const binding = loadTurboJpeg();
// The compose threads need libturbojpeg, installed here and on CI (.ci/run).
const codec = binding ? new TurboJpegCodec(binding) : null;

async function pixels(jpeg: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** What the job should give: each tile decoded at its scale and drawn, then the crop. */
async function expected(job: ComposeJob): Promise<RgbImage> {
  const canvas = filledRgb(job.canvasWidth, job.canvasHeight);
  for (const tile of job.tiles) {
    drawRgb(canvas, await codec!.decode(tile.bytes, job.scale), tile.x, tile.y);
  }
  const { x, y, width, height } = job.crop;
  return cropRgb(canvas, x, y, width, height);
}

/** A 2 × 2 grid of `size`² tiles of `tiles`, composed at 1/scale, the whole canvas kept. */
function gridJob(tiles: Uint8Array[], size: number, scale: 1 | 2): ComposeJob {
  const s = size / scale;
  return {
    tiles: tiles.map((bytes, k) => ({ bytes, x: (k % 2) * s, y: Math.floor(k / 2) * s })),
    scale,
    canvasWidth: 2 * s,
    canvasHeight: 2 * s,
    crop: { x: 0, y: 0, width: 2 * s, height: 2 * s },
    quality: 85,
  };
}

describe.runIf(codec)('compose threads', () => {
  const pool = new ComposePool(2);
  afterAll(() => pool.close());

  /** Four 240² tiles of one picture, as 4:2:0 YCbCr JPEGs (what libvips and most scanners write). */
  async function ycbcrTiles(): Promise<Buffer[]> {
    const whole = gradient(480, 480);
    return Promise.all(
      [0, 1, 2, 3].map((k) =>
        codec!.encode(cropRgb(whole, (k % 2) * 240, Math.floor(k / 2) * 240, 240, 240), 92),
      ),
    );
  }

  it('builds a tile of a missing level from four 4:2:0 tiles decoded at half size', async () => {
    const job = gridJob(await ycbcrTiles(), 240, 2);
    const jpeg = await pool.compose(job);
    const got = await pixels(jpeg);
    expect((await sharp(jpeg).metadata()).chromaSubsampling).toBe('4:2:0');
    expect(meanAbsDiff(got, await expected(job))).toBeLessThan(2.5);
  });

  it('crops at any offset, even and odd', async () => {
    const tiles = await ycbcrTiles();
    for (const crop of [
      { x: 10, y: 20, width: 300, height: 200 },
      { x: 11, y: 7, width: 229, height: 301 },
    ]) {
      const job = { ...gridJob(tiles, 240, 1), crop };
      const got = await pixels(await pool.compose(job));
      expect(meanAbsDiff(got, await expected(job))).toBeLessThan(2.5);
    }
  });

  it('keeps the colours of RGB-coded tiles (Aperio’s), composed without the planar shortcut', async () => {
    const { file } = openSlideTruth('CMU-1-Small-Region.svs');
    const slide = await openTiffSlide(file);
    try {
      const raw = await Promise.all(
        [0, 1, 2, 3].map(async (k) => (await slide.readRawTile(0, 3 + (k % 2), 4 + (k >> 1)))!),
      );
      const job = gridJob(
        raw.map((r) => r.bytes),
        240,
        2,
      );
      const got = await pixels(await pool.compose(job));
      // Tissue loses a little to any re-encoding: the same as the codec's own encode of the
      // composed picture (which the planar shortcut would not be for RGB-coded tiles).
      const reference = await pixels(await codec!.encode(await expected(job), 85));
      expect(meanAbsDiff(got, reference)).toBeLessThan(0.5);
    } finally {
      await slide.close();
    }
  });

  it('fails a job with damaged tiles and goes on with the next ones', async () => {
    const tiles = await ycbcrTiles();
    const damaged = Buffer.from(tiles[1]!);
    damaged.fill(0x13, 2, 300);
    await expect(
      pool.compose(gridJob([tiles[0]!, damaged, tiles[2]!, tiles[3]!], 240, 2)),
    ).rejects.toThrow(/JPEG/);
    await expect(pool.compose(gridJob([tiles[0]!, tiles[1]!], 240, 1))).resolves.toBeInstanceOf(
      Buffer,
    );
    // A tile that would not fit on the canvas is refused, not written past it.
    const off = gridJob(tiles, 240, 2);
    off.tiles[3]!.x = 200;
    await expect(pool.compose(off)).rejects.toThrow(/does not fit/);
  });

  it('answers many jobs at once, each with its own picture', async () => {
    const tiles = await ycbcrTiles();
    const jobs = Array.from({ length: 24 }, (_, n) => ({
      ...gridJob(tiles, 240, 2),
      crop: { x: 2 * n, y: 0, width: 100 + n, height: 80 + 2 * n },
    }));
    const answers = await Promise.all(jobs.map((job) => pool.compose(job)));
    for (const [n, jpeg] of answers.entries()) {
      expect(await sharp(jpeg).metadata()).toMatchObject({ width: 100 + n, height: 80 + 2 * n });
    }
  });

  it('settles every job waiting or under way when closed, and refuses later ones', async () => {
    const own = new ComposePool(1);
    const job = gridJob(await ycbcrTiles(), 240, 2);
    // One under way on the single thread, the rest waiting for it.
    const jobs = Array.from({ length: 4 }, () => own.compose(job));
    const outcomes = Promise.allSettled(jobs);
    await own.close();
    for (const outcome of await outcomes) {
      // Any job that finished before the close has its picture; none is left hanging.
      if (outcome.status === 'rejected') {
        expect(String(outcome.reason)).toMatch(/closed/);
      }
    }
    expect((await outcomes).some((o) => o.status === 'rejected')).toBe(true);
    expect(own.usable).toBe(false);
    await expect(own.compose(job)).rejects.toThrow(/closed/);
  });

  it('hands a thread its next jobs before it answers, and fails each of them if it is lost', async () => {
    const own = new ComposePool(1);
    const job = gridJob(await ycbcrTiles(), 240, 2);
    await own.compose(job); // the thread has started
    const members = (own as unknown as { members: Array<{ worker: Worker; jobs: Set<number> }> })
      .members;
    const first = members[0]!;
    const jobs = Array.from({ length: 5 }, () => own.compose(job));
    // Three in its port at once; two wait in the pool.
    expect(first.jobs.size).toBe(3);
    first.worker.emit('error', new Error('thread lost'));
    const outcomes = await Promise.allSettled(jobs);
    expect(outcomes.map((o) => o.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/thread lost/);
    // The lost thread was only told so: it is asked to end like any other.
    first.worker.postMessage({ close: true });
    await own.close();
  });

  it('is off with no threads', async () => {
    const none = new ComposePool(0);
    expect(none.usable).toBe(false);
    await expect(none.compose(gridJob(await ycbcrTiles(), 240, 2))).rejects.toThrow();
  });
});
