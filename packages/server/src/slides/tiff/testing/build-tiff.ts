import { Tag } from '../tiff-tags';

/**
 * Tests only: writes small TIFF and BigTIFF files byte by byte, so that tests can declare what no
 * real slide contains (absurd sizes, loops, unsupported compressions) or lay out a BigTIFF.
 */

export type FixtureValue =
  | { type: 'short' | 'long' | 'long8'; values: number[] }
  | { type: 'ascii'; text: string }
  | { type: 'bytes'; bytes: Buffer };

export interface FixtureIfd {
  /** Tag number → value. Offsets into `blobs` are given by `blobOffset(i)` in the values. */
  tags: Map<number, FixtureValue> | Record<number, FixtureValue>;
}

export interface FixtureTiff {
  bigTiff?: boolean;
  /** Data placed after the header (tile bytes); their offsets are passed to `ifds`. */
  blobs?: Buffer[];
  ifds: (blobOffsets: number[]) => FixtureIfd[];
  /** Where the last IFD points next (0 = end of chain); for loop tests. */
  lastNextIfd?: 'end' | 'first';
}

/** TIFF type code and value size of each kind of fixture value. */
const TYPE_CODES: Record<FixtureValue['type'], readonly [number, number]> = {
  short: [3, 2],
  long: [4, 4],
  long8: [16, 8],
  ascii: [2, 1],
  bytes: [7, 1],
};

export function buildTiff(spec: FixtureTiff): Buffer {
  const big = spec.bigTiff === true;
  const headerSize = big ? 16 : 8;
  const blobs = spec.blobs ?? [];
  const blobOffsets: number[] = [];
  let at = headerSize;
  for (const blob of blobs) {
    blobOffsets.push(at);
    at += blob.length;
  }
  const ifds = spec.ifds(blobOffsets);
  const chunks: Buffer[] = [];
  const header = Buffer.alloc(headerSize);
  header.write('II', 0, 'latin1');
  if (big) {
    header.writeUInt16LE(43, 2);
    header.writeUInt16LE(8, 4);
  } else {
    header.writeUInt16LE(42, 2);
  }
  chunks.push(header, ...blobs);

  const entrySize = big ? 20 : 12;
  const inlineSize = big ? 8 : 4;
  const firstIfd = at;
  ifds.forEach((ifd, index) => {
    const tags =
      ifd.tags instanceof Map
        ? [...ifd.tags]
        : Object.entries(ifd.tags).map(([k, v]) => [Number(k), v] as const);
    tags.sort((a, b) => a[0] - b[0]);
    const countSize = big ? 8 : 2;
    const tableSize = countSize + tags.length * entrySize + inlineSize;
    const table = Buffer.alloc(tableSize);
    const extras: Buffer[] = [];
    let extraAt = at + tableSize;
    if (big) {
      table.writeBigUInt64LE(BigInt(tags.length), 0);
    } else {
      table.writeUInt16LE(tags.length, 0);
    }
    tags.forEach(([tag, value], i) => {
      const bytes = valueBytes(value);
      const [code, size] = TYPE_CODES[value.type];
      const e = countSize + i * entrySize;
      table.writeUInt16LE(tag, e);
      table.writeUInt16LE(code, e + 2);
      const count = bytes.length / size;
      if (big) {
        table.writeBigUInt64LE(BigInt(count), e + 4);
      } else {
        table.writeUInt32LE(count, e + 4);
      }
      const valueAt = e + (big ? 12 : 8);
      if (bytes.length <= inlineSize) {
        bytes.copy(table, valueAt);
      } else {
        if (big) {
          table.writeBigUInt64LE(BigInt(extraAt), valueAt);
        } else {
          table.writeUInt32LE(extraAt, valueAt);
        }
        extras.push(bytes);
        extraAt += bytes.length;
      }
    });
    const last = index === ifds.length - 1;
    const next = last ? (spec.lastNextIfd === 'first' ? firstIfd : 0) : extraAt;
    if (big) {
      table.writeBigUInt64LE(BigInt(next), tableSize - 8);
    } else {
      table.writeUInt32LE(next, tableSize - 4);
    }
    chunks.push(table, ...extras);
    at = extraAt;
  });
  const out = Buffer.concat(chunks);
  if (big) {
    out.writeBigUInt64LE(BigInt(firstIfd), 8);
  } else {
    out.writeUInt32LE(firstIfd, 4);
  }
  return out;
}

function valueBytes(value: FixtureValue): Buffer {
  switch (value.type) {
    case 'ascii':
      return Buffer.from(`${value.text}\0`, 'latin1');
    case 'bytes':
      return value.bytes;
    case 'short': {
      const b = Buffer.alloc(value.values.length * 2);
      value.values.forEach((v, i) => b.writeUInt16LE(v, i * 2));
      return b;
    }
    case 'long': {
      const b = Buffer.alloc(value.values.length * 4);
      value.values.forEach((v, i) => b.writeUInt32LE(v, i * 4));
      return b;
    }
    case 'long8': {
      const b = Buffer.alloc(value.values.length * 8);
      value.values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), i * 8));
      return b;
    }
  }
}

export const short = (...values: number[]): FixtureValue => ({ type: 'short', values });
export const long = (...values: number[]): FixtureValue => ({ type: 'long', values });
export const long8 = (...values: number[]): FixtureValue => ({ type: 'long8', values });
export const ascii = (text: string): FixtureValue => ({ type: 'ascii', text });

/**
 * The tags of one tiled RGB image, 8 bits a sample, uncompressed, in `tile` px square tiles at
 * `offsets` of `counts` bytes; sizes given as numbers are written as longs. `extra` adds or
 * replaces tags.
 */
export function rgbTileTags(
  width: number | FixtureValue,
  height: number | FixtureValue,
  tile: number,
  offsets: FixtureValue,
  counts: FixtureValue,
  extra: Record<number, FixtureValue> = {},
): Record<number, FixtureValue> {
  const size = (n: number | FixtureValue) => (typeof n === 'number' ? long(n) : n);
  return {
    [Tag.ImageWidth]: size(width),
    [Tag.ImageLength]: size(height),
    [Tag.BitsPerSample]: short(8, 8, 8),
    [Tag.Compression]: short(1),
    [Tag.Photometric]: short(2),
    [Tag.SamplesPerPixel]: short(3),
    [Tag.TileWidth]: short(tile),
    [Tag.TileLength]: short(tile),
    [Tag.TileOffsets]: offsets,
    [Tag.TileByteCounts]: counts,
    ...extra,
  };
}
