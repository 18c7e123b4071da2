import { inflateSync } from 'node:zlib';

/*
 * Tests only: the shared test slides (read-only) and what OpenSlide 3.4.1 reads from them
 * (groundtruth.json, see its MANIFEST.md).
 */

export { SLIDES_DIR, openSlideTruth, type GroundTruthOpenSlide } from '../testing/ground-truth';

export function meanRgb(data: Uint8Array): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i++) {
    sum[i % 3]! += data[i]!;
  }
  const n = data.length / 3;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) {
    throw new Error(`different sizes: ${a.length} and ${b.length}`);
  }
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    sum += Math.abs(a[i]! - b[i]!);
  }
  return sum / a.length;
}

/** Where each tile of one IFD of a little-endian classic TIFF is stored, and the IFD's sizes. */
export function tiffTiles(bytes: Buffer, ifdIndex: number) {
  if (bytes.toString('latin1', 0, 4) !== 'II*\0') {
    throw new Error('not a little-endian classic TIFF');
  }
  let ifd = bytes.readUInt32LE(4);
  for (let i = 0; i < ifdIndex; i++) {
    ifd = bytes.readUInt32LE(ifd + 2 + 12 * bytes.readUInt16LE(ifd));
  }
  const values = new Map<number, number[]>();
  for (let i = 0; i < bytes.readUInt16LE(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const tag = bytes.readUInt16LE(at);
    const type = bytes.readUInt16LE(at + 2);
    if (type !== 3 && type !== 4) {
      continue; // SHORT or LONG: all this helper reads
    }
    const count = bytes.readUInt32LE(at + 4);
    const size = type === 3 ? 2 : 4;
    const where = count * size > 4 ? bytes.readUInt32LE(at + 8) : at + 8;
    const read = (k: number) =>
      size === 2 ? bytes.readUInt16LE(where + 2 * k) : bytes.readUInt32LE(where + 4 * k);
    values.set(
      tag,
      Array.from({ length: count }, (_, k) => read(k)),
    );
  }
  const one = (tag: number) => values.get(tag)?.[0] ?? 0;
  const offsets = values.get(324) ?? [];
  const lengths = values.get(325) ?? [];
  return {
    width: one(256),
    height: one(257),
    tileWidth: one(322),
    tileHeight: one(323),
    predictor: one(317),
    tiles: offsets.map((offset, k) => ({ offset, length: lengths[k]! })),
  };
}

/**
 * Mean RGB of a whole Deflate-compressed, 8-bit RGB IFD that fits in one tile, decoded here
 * with nothing but zlib (and the horizontal predictor): an independent check of a reader.
 */
export function singleDeflateTileMean(bytes: Buffer, ifdIndex: number): [number, number, number] {
  const t = tiffTiles(bytes, ifdIndex);
  if (t.tiles.length !== 1) {
    throw new Error(`IFD ${ifdIndex} has ${t.tiles.length} tiles`);
  }
  const tile = t.tiles[0]!;
  const raw = inflateSync(bytes.subarray(tile.offset, tile.offset + tile.length));
  const row = t.tileWidth * 3;
  if (t.predictor === 2) {
    for (let y = 0; y < t.tileHeight; y++) {
      for (let i = y * row + 3; i < (y + 1) * row; i++) {
        raw[i] = (raw[i]! + raw[i - 3]!) & 255;
      }
    }
  }
  const crop = Buffer.alloc(t.width * t.height * 3);
  for (let y = 0; y < t.height; y++) {
    raw.copy(crop, y * t.width * 3, y * row, y * row + t.width * 3);
  }
  return meanRgb(crop);
}
