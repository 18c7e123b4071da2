/**
 * Where each frame lies in the file, found once at open. Native (uncompressed) frames follow each
 * other at a fixed size. Encapsulated frames are fragment items after the Basic Offset Table;
 * their places come from the Extended Offset Table, else the Basic Offset Table, else a walk over
 * the item headers (fragments grouped into frames by the codestream start marker when a frame
 * spans several).
 */
import type { FileHandle } from 'node:fs/promises';
import { SlideOpenError } from '../slide-source.js';
import { readExact, WindowReader } from './file-io.js';
import type { PixelDataHeader } from './parser.js';

export interface FrameTable {
  count: number;
  /** Encapsulated: spans of fragment items (headers included), unwrapped when read. */
  encapsulated: boolean;
  start: Float64Array;
  end: Float64Array;
}

export interface FrameIndexInput {
  file: FileHandle;
  fileSize: number;
  pixelData: PixelDataHeader;
  frames: number;
  /** Bytes of one native frame; null for encapsulated data. */
  nativeFrameBytes: number | null;
  /** Extended Offset Table and its lengths, when the data set has them. */
  extended?: { offsets: number[]; lengths: number[] };
}

/** One frame read at once beyond this is refused (a 4096² RGB 16-bit frame is 96 MB). */
const MAX_FRAME_BYTES = 128 * 1024 * 1024;
const ITEM = 0xfffee000;
const SEQUENCE_END = 0xfffee0dd;

const damaged = (why: string) =>
  new SlideOpenError('DAMAGED', `The DICOM file is damaged: ${why}.`);

export async function buildFrameTable(input: FrameIndexInput): Promise<FrameTable> {
  const { frames } = input;
  if (input.nativeFrameBytes !== null) {
    return nativeTable(input, input.nativeFrameBytes);
  }
  if (input.pixelData.length !== null) {
    throw damaged('compressed Pixel Data must be encapsulated');
  }
  const reader = new WindowReader(input.file, input.fileSize);
  const valueOffset = input.pixelData.valueOffset;
  const first = await reader.bytes(valueOffset, 8);
  if (tagAt(first, 0) !== ITEM) {
    throw damaged('encapsulated Pixel Data does not start with an offset table item');
  }
  const botLength = first.readUInt32LE(4);
  if (botLength % 4 !== 0 || valueOffset + 8 + botLength > input.fileSize) {
    throw damaged('invalid Basic Offset Table');
  }
  const base = valueOffset + 8 + botLength;

  const ext = input.extended;
  if (ext && ext.offsets.length === frames && ext.lengths.length === frames) {
    const table = emptyTable(frames, true);
    for (let i = 0; i < frames; i++) {
      table.start[i] = base + ext.offsets[i]!;
      table.end[i] = table.start[i]! + 8 + ext.lengths[i]!;
    }
    return checked(table, input.fileSize);
  }
  if (botLength === frames * 4 && frames > 0) {
    const bot = await reader.bytes(valueOffset + 8, botLength);
    const table = emptyTable(frames, true);
    let ordered = bot.readUInt32LE(0) === 0;
    for (let i = 0; i < frames && ordered; i++) {
      table.start[i] = base + bot.readUInt32LE(i * 4);
      ordered = i === 0 || table.start[i]! > table.start[i - 1]!;
    }
    if (ordered) {
      for (let i = 0; i + 1 < frames; i++) {
        table.end[i] = table.start[i + 1]!;
      }
      table.end[frames - 1] = await endOfItems(reader, table.start[frames - 1]!, input.fileSize);
      return checked(table, input.fileSize);
    }
    // A Basic Offset Table that is not increasing is not trusted: walk the items instead.
  }
  return scannedTable(reader, base, frames, input.fileSize);
}

function emptyTable(count: number, encapsulated: boolean): FrameTable {
  return { count, encapsulated, start: new Float64Array(count), end: new Float64Array(count) };
}

function tagAt(buf: Buffer, at: number): number {
  return ((buf.readUInt16LE(at) << 16) | buf.readUInt16LE(at + 2)) >>> 0;
}

function nativeTable(input: FrameIndexInput, frameBytes: number): FrameTable {
  const { pixelData, frames, fileSize } = input;
  const needed = frames * frameBytes;
  if (pixelData.length === null) {
    throw damaged('uncompressed Pixel Data has no length');
  }
  if (needed > pixelData.length) {
    throw damaged(`Pixel Data holds ${pixelData.length} bytes but ${frames} frames need ${needed}`);
  }
  if (pixelData.valueOffset + needed > fileSize) {
    throw new SlideOpenError(
      'DAMAGED',
      `The DICOM file is truncated: its frames need ${pixelData.valueOffset + needed} bytes, the file has ${fileSize}.`,
    );
  }
  const table = emptyTable(frames, false);
  for (let i = 0; i < frames; i++) {
    table.start[i] = pixelData.valueOffset + i * frameBytes;
    table.end[i] = table.start[i]! + frameBytes;
  }
  return table;
}

function checked(table: FrameTable, fileSize: number): FrameTable {
  for (let i = 0; i < table.count; i++) {
    if (table.end[i]! > fileSize || table.end[i]! <= table.start[i]!) {
      throw new SlideOpenError(
        'DAMAGED',
        `The DICOM file is truncated or damaged: frame ${i + 1} lies outside the file.`,
      );
    }
  }
  return table;
}

/** End of the item run that starts at `pos` (the sequence delimiter, or the end of the file). */
async function endOfItems(reader: WindowReader, pos: number, fileSize: number): Promise<number> {
  let at = pos;
  while (at + 8 <= fileSize) {
    const h = await reader.bytes(at, 8);
    const tag = tagAt(h, 0);
    if (tag === SEQUENCE_END) {
      return at;
    }
    if (tag !== ITEM) {
      throw damaged(`unexpected data among the frame fragments at byte ${at}`);
    }
    at += 8 + h.readUInt32LE(4);
  }
  if (at !== fileSize) {
    throw new SlideOpenError('DAMAGED', 'The DICOM file is truncated inside its last frame.');
  }
  return at;
}

/** True when a fragment starts a JPEG (SOI), JPEG 2000 codestream (SOC) or JP2 file. */
function startsCodestream(b: Buffer): boolean {
  if (b.length >= 2 && b[0] === 0xff && (b[1] === 0xd8 || b[1] === 0x4f)) {
    return true;
  }
  return b.length >= 8 && b.readUInt32BE(0) === 12 && b.toString('latin1', 4, 8) === 'jP  ';
}

async function scannedTable(
  reader: WindowReader,
  base: number,
  frames: number,
  fileSize: number,
): Promise<FrameTable> {
  const starts: number[] = [];
  const ends: number[] = [];
  const opens: boolean[] = [];
  let at = base;
  while (at + 8 <= fileSize) {
    const h = await reader.bytes(at, 8);
    const tag = tagAt(h, 0);
    if (tag === SEQUENCE_END) {
      break;
    }
    const length = h.readUInt32LE(4);
    if (tag !== ITEM || length === 0xffffffff) {
      throw damaged(`unexpected data among the frame fragments at byte ${at}`);
    }
    if (at + 8 + length > fileSize) {
      throw new SlideOpenError('DAMAGED', 'The DICOM file is truncated inside a frame.');
    }
    starts.push(at);
    ends.push(at + 8 + length);
    opens.push(startsCodestream(await reader.bytes(at + 8, Math.min(length, 8))));
    at += 8 + length;
  }
  if (at + 8 > fileSize && at !== fileSize) {
    throw new SlideOpenError('DAMAGED', 'The DICOM file is truncated inside its frames.');
  }
  if (starts.length < frames) {
    throw new SlideOpenError(
      'DAMAGED',
      `The DICOM file is truncated or damaged: ${frames} frames declared, ${starts.length} found.`,
    );
  }
  const table = emptyTable(frames, true);
  if (starts.length === frames) {
    table.start.set(starts);
    table.end.set(ends);
    return table;
  }
  // More fragments than frames: a new frame starts at each fragment opening a codestream.
  const firsts = opens.flatMap((open, i) => (open ? [i] : []));
  if (firsts.length !== frames || firsts[0] !== 0) {
    throw damaged(`${starts.length} fragments cannot be told apart into ${frames} frames`);
  }
  for (let f = 0; f < frames; f++) {
    const lastFragment = f + 1 < frames ? firsts[f + 1]! - 1 : starts.length - 1;
    table.start[f] = starts[firsts[f]!]!;
    table.end[f] = ends[lastFragment]!;
  }
  return table;
}

/** The bytes of one frame: native pixels, or the codestream with its fragments joined. */
export async function readFrame(
  file: FileHandle,
  table: FrameTable,
  index: number,
): Promise<Buffer> {
  const start = table.start[index]!;
  const length = table.end[index]! - start;
  if (length > MAX_FRAME_BYTES) {
    throw new SlideOpenError(
      'TOO_LARGE',
      `DICOM frame ${index + 1} is larger than ${MAX_FRAME_BYTES} bytes.`,
    );
  }
  const buf = await readExact(file, start, length);
  if (!table.encapsulated) {
    return buf;
  }
  const parts: Buffer[] = [];
  let at = 0;
  while (at < buf.length) {
    if (at + 8 > buf.length || tagAt(buf, at) !== ITEM) {
      throw damaged(`frame ${index + 1} is not a run of fragment items`);
    }
    const len = buf.readUInt32LE(at + 4);
    if (at + 8 + len > buf.length) {
      throw damaged(`a fragment of frame ${index + 1} overruns the frame`);
    }
    parts.push(buf.subarray(at + 8, at + 8 + len));
    at += 8 + len;
  }
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
