import { TYPE_SIZES } from './tiff-tags';
import type { TiffFile } from './tiff-file';

/**
 * Classic TIFF and BigTIFF structure: header, the chain of IFDs, and tag values read on demand.
 * Our own small parser rather than a general library's, so that every count and offset is checked
 * against the file before anything is allocated or read (a crafted header must not make the
 * server allocate gigabytes), and a truncated file is an error rather than zero-filled data.
 */

export interface TiffHeader {
  littleEndian: boolean;
  bigTiff: boolean;
  firstIfdOffset: number;
}

export interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** The value bytes when they fit in the entry itself, else null (they are at `valueOffset`). */
  inline: Buffer | null;
  valueOffset: number;
}

export interface Ifd {
  offset: number;
  entries: Map<number, IfdEntry>;
}

/** The file's structure is broken (bad magic past the header, loops, impossible counts). */
export class TiffFormatError extends Error {}

/** No file the reader accepts has this many IFDs; more means a loop or a crafted file. */
const MAX_IFDS = 1024;
/** Far above the ~30 tags a slide IFD has. */
const MAX_ENTRIES_PER_IFD = 4096;

/** Parses the 8-byte (classic) or 16-byte (BigTIFF) header; null when the bytes are not TIFF. */
export function parseHeader(bytes: Buffer): TiffHeader | null {
  if (bytes.length < 8) {
    return null;
  }
  const order = bytes.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') {
    return null;
  }
  const littleEndian = order === 'II';
  const magic = littleEndian ? bytes.readUInt16LE(2) : bytes.readUInt16BE(2);
  if (magic === 42) {
    const first = littleEndian ? bytes.readUInt32LE(4) : bytes.readUInt32BE(4);
    return { littleEndian, bigTiff: false, firstIfdOffset: first };
  }
  if (magic === 43 && bytes.length >= 16) {
    const offsetSize = littleEndian ? bytes.readUInt16LE(4) : bytes.readUInt16BE(4);
    if (offsetSize !== 8) {
      return null;
    }
    const first = readUint64(bytes, 8, littleEndian);
    return { littleEndian, bigTiff: true, firstIfdOffset: first };
  }
  return null;
}

/** Reads every IFD of the main chain (SubIFDs are not followed: no format the reader knows needs them). */
export async function readIfdChain(file: TiffFile, header: TiffHeader): Promise<Ifd[]> {
  const ifds: Ifd[] = [];
  const seen = new Set<number>();
  let offset = header.firstIfdOffset;
  while (offset !== 0) {
    if (seen.has(offset)) {
      throw new TiffFormatError(`IFD chain loops back to offset ${offset}`);
    }
    if (ifds.length >= MAX_IFDS) {
      throw new TiffFormatError(`more than ${MAX_IFDS} IFDs`);
    }
    seen.add(offset);
    const { ifd, next } = await readIfd(file, header, offset);
    ifds.push(ifd);
    offset = next;
  }
  if (ifds.length === 0) {
    throw new TiffFormatError('the file has no image (first IFD offset is 0)');
  }
  return ifds;
}

async function readIfd(
  file: TiffFile,
  header: TiffHeader,
  offset: number,
): Promise<{ ifd: Ifd; next: number }> {
  const le = header.littleEndian;
  const countSize = header.bigTiff ? 8 : 2;
  const entrySize = header.bigTiff ? 20 : 12;
  const offsetSize = header.bigTiff ? 8 : 4;
  const countBytes = await file.read(offset, countSize);
  const count = header.bigTiff ? readUint64(countBytes, 0, le) : readUint16(countBytes, 0, le);
  if (count === 0 || count > MAX_ENTRIES_PER_IFD) {
    throw new TiffFormatError(`IFD at ${offset} declares ${count} entries`);
  }
  const body = await file.read(offset + countSize, count * entrySize + offsetSize);
  const entries = new Map<number, IfdEntry>();
  for (let i = 0; i < count; i++) {
    const at = i * entrySize;
    const tag = readUint16(body, at, le);
    const type = readUint16(body, at + 2, le);
    const n = header.bigTiff ? readUint64(body, at + 4, le) : readUint32(body, at + 4, le);
    const valueField = at + (header.bigTiff ? 12 : 8);
    const typeSize = TYPE_SIZES[type];
    if (typeSize === undefined) {
      continue; // Unknown types are allowed by the spec and skipped by readers.
    }
    const byteLength = typeSize * n;
    if (!Number.isSafeInteger(byteLength)) {
      throw new TiffFormatError(`tag ${tag} declares ${n} values`);
    }
    if (byteLength <= offsetSize) {
      const inline = Buffer.from(body.subarray(valueField, valueField + byteLength));
      entries.set(tag, {
        tag,
        type,
        count: n,
        inline,
        valueOffset: offset + countSize + valueField,
      });
    } else {
      const valueOffset = header.bigTiff
        ? readUint64(body, valueField, le)
        : readUint32(body, valueField, le);
      entries.set(tag, { tag, type, count: n, inline: null, valueOffset });
    }
  }
  const nextAt = count * entrySize;
  const next = header.bigTiff ? readUint64(body, nextAt, le) : readUint32(body, nextAt, le);
  return { ifd: { offset, entries }, next };
}

/** The raw bytes of an entry's value, refusing values longer than `maxBytes`. */
export async function readEntryBytes(
  file: TiffFile,
  entry: IfdEntry,
  maxBytes: number,
): Promise<Buffer> {
  const length = (TYPE_SIZES[entry.type] ?? 1) * entry.count;
  if (length > maxBytes) {
    throw new TiffFormatError(`tag ${entry.tag} is ${length} bytes long (limit ${maxBytes})`);
  }
  return entry.inline ?? file.read(entry.valueOffset, length);
}

/**
 * The values of an unsigned-integer entry (BYTE, SHORT, LONG, LONG8, IFD, IFD8), at most
 * `maxCount` of them. Classic TIFF offsets fit in a Uint32Array; BigTIFF's need doubles.
 */
export async function readUintArray(
  file: TiffFile,
  header: TiffHeader,
  entry: IfdEntry,
  maxCount: number,
): Promise<Uint32Array | Float64Array> {
  if (entry.count > maxCount) {
    throw new TiffFormatError(`tag ${entry.tag} has ${entry.count} values (at most ${maxCount})`);
  }
  const size = TYPE_SIZES[entry.type] ?? 0;
  const bytes = await readEntryBytes(file, entry, maxCount * 8);
  const le = header.littleEndian;
  const wide = size === 8;
  const out = wide ? new Float64Array(entry.count) : new Uint32Array(entry.count);
  for (let i = 0; i < entry.count; i++) {
    switch (entry.type) {
      case 1:
        out[i] = bytes[i] ?? 0;
        break;
      case 3:
        out[i] = readUint16(bytes, i * 2, le);
        break;
      case 4:
      case 13:
        out[i] = readUint32(bytes, i * 4, le);
        break;
      case 16:
      case 18:
        out[i] = readUint64(bytes, i * 8, le);
        break;
      default:
        throw new TiffFormatError(
          `tag ${entry.tag} has type ${entry.type}, not an unsigned integer`,
        );
    }
  }
  return out;
}

/** All values of a numeric entry as plain numbers (rationals divided out). */
export async function readNumbers(
  file: TiffFile,
  header: TiffHeader,
  entry: IfdEntry,
  maxCount: number,
): Promise<number[]> {
  if (entry.count > maxCount) {
    throw new TiffFormatError(`tag ${entry.tag} has ${entry.count} values (at most ${maxCount})`);
  }
  const bytes = await readEntryBytes(file, entry, maxCount * 8);
  const le = header.littleEndian;
  const values: number[] = [];
  for (let i = 0; i < entry.count; i++) {
    values.push(numberAt(bytes, entry.type, i, le));
  }
  return values;
}

function numberAt(bytes: Buffer, type: number, i: number, le: boolean): number {
  switch (type) {
    case 1:
    case 7:
      return bytes.readUInt8(i);
    case 6:
      return bytes.readInt8(i);
    case 3:
      return readUint16(bytes, i * 2, le);
    case 8:
      return le ? bytes.readInt16LE(i * 2) : bytes.readInt16BE(i * 2);
    case 4:
    case 13:
      return readUint32(bytes, i * 4, le);
    case 9:
      return le ? bytes.readInt32LE(i * 4) : bytes.readInt32BE(i * 4);
    case 5: {
      const den = readUint32(bytes, i * 8 + 4, le);
      return den === 0 ? Number.NaN : readUint32(bytes, i * 8, le) / den;
    }
    case 10: {
      const num = le ? bytes.readInt32LE(i * 8) : bytes.readInt32BE(i * 8);
      const den = le ? bytes.readInt32LE(i * 8 + 4) : bytes.readInt32BE(i * 8 + 4);
      return den === 0 ? Number.NaN : num / den;
    }
    case 11:
      return le ? bytes.readFloatLE(i * 4) : bytes.readFloatBE(i * 4);
    case 12:
      return le ? bytes.readDoubleLE(i * 8) : bytes.readDoubleBE(i * 8);
    case 16:
    case 18:
      return readUint64(bytes, i * 8, le);
    case 17:
      return Number(le ? bytes.readBigInt64LE(i * 8) : bytes.readBigInt64BE(i * 8));
    default:
      throw new TiffFormatError(`type ${type} is not numeric`);
  }
}

/** An ASCII entry as text (up to the first NUL), refusing texts longer than `maxBytes`. */
export async function readAscii(
  file: TiffFile,
  entry: IfdEntry,
  maxBytes: number,
): Promise<string> {
  const bytes = await readEntryBytes(file, entry, maxBytes);
  const nul = bytes.indexOf(0);
  // latin1 keeps every byte; descriptions are ASCII in practice, and no byte sequence fails.
  return bytes.toString('latin1', 0, nul === -1 ? bytes.length : nul);
}

function readUint16(bytes: Buffer, at: number, le: boolean): number {
  return le ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at);
}

function readUint32(bytes: Buffer, at: number, le: boolean): number {
  return le ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at);
}

function readUint64(bytes: Buffer, at: number, le: boolean): number {
  const value = le ? bytes.readBigUInt64LE(at) : bytes.readBigUInt64BE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new TiffFormatError(`64-bit value ${value} at ${at} is beyond any file size`);
  }
  return Number(value);
}
