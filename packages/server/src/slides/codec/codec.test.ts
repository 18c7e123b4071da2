import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawRgb, filledRgb } from '../rgb';
import { createJpegCodec } from './index';
import { SharpJpegCodec } from './sharp-codec';
import { TurboJpegCodec } from './turbo-codec';
import { loadTurboJpeg } from './turbojpeg-binding';
import type { JpegCodec } from './types';
import { downscaleRgb } from './downscale';
import { gradient, meanAbsDiff } from '../testing/pixels';

const binding = loadTurboJpeg();
const turbo = binding ? new TurboJpegCodec(binding) : null;
const viaSharp = new SharpJpegCodec();
// libturbojpeg0 is installed here and on CI (.ci/run); without it only the sharp path is tested.
const codecs: JpegCodec[] = turbo ? [turbo, viaSharp] : [viaSharp];

// On CI the libjpeg-turbo path must be tested, not skipped for a missing library.
it.runIf(process.env.CI === 'true')('has libturbojpeg on CI', () => {
  expect(turbo).not.toBeNull();
});
const source = gradient(250, 170);

describe.each(codecs.map((c) => [c.name, c] as const))('%s codec', (_name, codec) => {
  it('round-trips a gradient with a small error', async () => {
    const jpeg = await codec.encode(source, 90);
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const decoded = await codec.decode(jpeg);
    expect(decoded.data.length).toBe(250 * 170 * 3);
    expect(meanAbsDiff(decoded, source)).toBeLessThan(2);
  });

  it('decodes straight into a larger picture, where it fits and clipped where it does not', async () => {
    const jpeg = await codec.encode(source, 90);
    const half = await codec.decode(jpeg, 2);
    const expected = filledRgb(400, 300);
    drawRgb(expected, half, 130, 40);
    drawRgb(expected, half, 300, 250);
    const target = filledRgb(400, 300);
    await codec.decodeInto(jpeg, 2, target, 130, 40);
    // Past the right and bottom edges: only the part inside is written.
    await codec.decodeInto(jpeg, 2, target, 300, 250);
    expect(target.data.equals(expected.data)).toBe(true);
  });

  it('encodes with 4:2:0 chroma subsampling', async () => {
    const meta = await sharp(await codec.encode(source)).metadata();
    expect(meta.chromaSubsampling).toBe('4:2:0');
  });

  it.each([1, 2, 4, 8] as const)('decodes at 1/%i scale to ⌈w/scale⌉×⌈h/scale⌉', async (scale) => {
    const jpeg = await codec.encode(source, 95);
    const decoded = await codec.decode(jpeg, scale);
    expect([decoded.width, decoded.height]).toEqual([
      Math.ceil(250 / scale),
      Math.ceil(170 / scale),
    ]);
    expect(decoded.data.length).toBe(decoded.width * decoded.height * 3);
    // The picture is the source shrunk, not a crop or noise.
    const expected = scale === 1 ? source : downscaleRgb(source, scale);
    expect(meanAbsDiff(decoded, expected)).toBeLessThan(4);
  });

  it('throws a normal Error for damaged data, and keeps working afterwards', async () => {
    const jpeg = await codec.encode(source);
    const damaged = Buffer.from(jpeg);
    damaged.fill(0x13, 2, 300); // wipes the tables and the frame header
    await expect(codec.decode(damaged)).rejects.toThrow(Error);
    await expect(codec.decode(Buffer.from('not a jpeg at all'))).rejects.toThrow(Error);
    await expect(codec.decode(Buffer.alloc(0))).rejects.toThrow(Error);
    const png = await sharp(source.data, { raw: { width: 250, height: 170, channels: 3 } })
      .png()
      .toBuffer();
    await expect(codec.decode(png)).rejects.toThrow(Error);
    expect((await codec.decode(jpeg)).width).toBe(250);
  });

  it('accepts a truncated scan (libjpeg only warns) and returns the whole size', async () => {
    const jpeg = await codec.encode(source);
    const decoded = await codec.decode(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expect([decoded.width, decoded.height]).toEqual([250, 170]);
  });

  it('accepts extraneous bytes between markers (a warning some scanners trigger)', async () => {
    const jpeg = await codec.encode({ width: 64, height: 48, data: Buffer.alloc(64 * 48 * 3, 90) });
    const afterApp0 = 4 + jpeg.readUInt16BE(4);
    const odd = Buffer.concat([
      jpeg.subarray(0, afterApp0),
      Buffer.from([0x12, 0x34]),
      jpeg.subarray(afterApp0),
    ]);
    const decoded = await codec.decode(odd);
    expect([decoded.width, decoded.height]).toEqual([64, 48]);
    expect(Math.abs(decoded.data[0]! - 90)).toBeLessThanOrEqual(1);
  });

  it('refuses invalid input to the encoder', async () => {
    await expect(codec.encode({ width: 4, height: 4, data: Buffer.alloc(10) })).rejects.toThrow(
      RangeError,
    );
    await expect(codec.encode(source, 0)).rejects.toThrow(RangeError);
    await expect(codec.decode(Buffer.alloc(4), 3 as never)).rejects.toThrow(RangeError);
  });

  it('decodes greyscale JPEGs to RGB', async () => {
    const grey = await sharp(Buffer.alloc(40 * 30, 77), {
      raw: { width: 40, height: 30, channels: 1 },
    })
      .jpeg()
      .toBuffer();
    const decoded = await codec.decode(grey);
    expect(decoded.data.length).toBe(40 * 30 * 3);
    expect(Math.abs(decoded.data[0]! - 77)).toBeLessThanOrEqual(1);
    expect(decoded.data[0]).toBe(decoded.data[2]);
  });
});

describe.runIf(turbo)('libturbojpeg and sharp agree', () => {
  it('decode the same JPEG to nearly the same pixels', async () => {
    const jpeg = await viaSharp.encode(source, 80);
    for (const scale of [1, 2] as const) {
      const a = await turbo!.decode(jpeg, scale);
      const b = await viaSharp.decode(jpeg, scale);
      expect(meanAbsDiff(a, b)).toBeLessThan(scale === 1 ? 0.5 : 3);
    }
  });

  it('encode to JPEGs the other decodes to the same picture', async () => {
    const a = await viaSharp.decode(await turbo!.encode(source, 85));
    const b = await turbo!.decode(await viaSharp.encode(source, 85));
    expect(meanAbsDiff(a, source)).toBeLessThan(2);
    expect(meanAbsDiff(b, source)).toBeLessThan(2);
    expect(meanAbsDiff(a, b)).toBeLessThan(2);
  });

  it('takes far more decodes at once than koffi queues (a tile built from a whole level)', async () => {
    const jpeg = await turbo!.encode(gradient(64, 64), 80);
    // koffi throws "Too many asynchronous calls are running" beyond 256 calls waiting at once.
    const decoded = await Promise.all(Array.from({ length: 600 }, () => turbo!.decode(jpeg, 8)));
    expect(decoded.every((img) => img.width === 8 && img.height === 8)).toBe(true);
  });

  it('reads a JPEG lying inside a larger buffer (non-zero byteOffset)', async () => {
    const jpeg = await turbo!.encode(source);
    const big = Buffer.alloc(jpeg.length + 1000, 0xee);
    jpeg.copy(big, 517);
    const inner = big.subarray(517, 517 + jpeg.length);
    expect(meanAbsDiff(await turbo!.decode(inner), await turbo!.decode(jpeg))).toBe(0);
  });
});

describe('codec choice', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is libturbojpeg when the library loads, sharp when asked or when it does not', () => {
    expect(createJpegCodec(undefined).name).toBe(turbo ? 'libturbojpeg' : 'sharp');
    expect(createJpegCodec('sharp').name).toBe('sharp');
    expect(loadTurboJpeg(['libturbojpeg-that-does-not-exist.so.9'])).toBeNull();
  });

  it('SLIDE_JPEG_CODEC=sharp switches the module functions to sharp, with the same results', async () => {
    const jpeg = await viaSharp.encode(source);
    const native = await import('./index');
    expect(native.codecName()).toBe(turbo ? 'libturbojpeg' : 'sharp');
    const a = await native.decodeJpeg(jpeg, 2);

    vi.stubEnv('SLIDE_JPEG_CODEC', 'sharp');
    vi.resetModules();
    const fallback = await import('./index');
    expect(fallback.codecName()).toBe('sharp');
    const b = await fallback.decodeJpeg(jpeg, 2);
    expect(meanAbsDiff(a, b)).toBeLessThan(3);
    const reencoded = await fallback.encodeJpeg(b, 85);
    expect(meanAbsDiff(await native.decodeJpeg(reencoded), b)).toBeLessThan(2);
  });
});
