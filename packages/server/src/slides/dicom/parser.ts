/**
 * A small DICOM data set parser (PS3.5 §7): explicit and implicit VR, little and big endian,
 * sequences and items of defined and undefined length. It works on a buffer that holds the file
 * from its first byte, so element offsets are file offsets; when the buffer ends before the data
 * set does it throws `NeedMoreData` and the caller reads more and parses again. It stops at the
 * Pixel Data element and reports where its value starts: frames are read later, by offset.
 */
import { DICOM_LONG_VRS } from '@pathconsult/shared';
import { IMPLICIT_VR, T } from './tags.js';

export interface DicomElement {
  vr: string;
  /**
   * The value is `length` bytes at `start` of the header buffer `buf` (kept as offsets: making a
   * view per element costs more than parsing it, with hundreds of thousands of per-frame items).
   */
  buf: Buffer;
  start: number;
  length: number;
  bigEndian: boolean;
  /** Items of a sequence. */
  items?: Dataset[];
}

/** The value bytes of an element (a view into the header buffer). */
export function valueOf(el: DicomElement): Buffer {
  return el.buf.subarray(el.start, el.start + el.length);
}

export type Dataset = Map<number, DicomElement>;

export interface Syntax {
  explicit: boolean;
  littleEndian: boolean;
}

/** Where the Pixel Data value starts; `length` is null for encapsulated (undefined-length) data. */
export interface PixelDataHeader {
  tag: number;
  vr: string;
  valueOffset: number;
  length: number | null;
}

/** The buffer ended before the data set did: read at least up to `upTo` bytes and parse again. */
export class NeedMoreData extends Error {
  constructor(readonly upTo: number) {
    super(`need ${upTo} bytes`);
  }
}

/** The bytes are not a well-formed data set (or the file ends in the middle of one). */
export class MalformedDicom extends Error {}

export interface ParseOptions {
  syntax: Syntax;
  /** True when the buffer holds the whole file: running out of bytes then means truncation. */
  atEof: boolean;
  /** Stop (without reading it) before the first top-level element for which this is true. */
  stopBefore?: (tag: number) => boolean;
  /**
   * Top-level sequences whose items are handed over one at a time and not kept: the per-frame
   * functional groups of a sparse slide can hold hundreds of thousands of items.
   */
  streamItems?: ReadonlyMap<number, (item: Dataset, index: number) => void>;
}

export interface ParseResult {
  dataset: Dataset;
  /** Offset of the first byte not parsed (the element stopped before, or the end). */
  end: number;
  pixelData: PixelDataHeader | null;
}

const UNDEFINED = 0xffffffff;
const MAX_DEPTH = 16;
const PIXEL_DATA_TAGS = new Set<number>([T.PixelData, T.FloatPixelData, T.DoubleFloatPixelData]);

interface Header {
  tag: number;
  vr: string;
  length: number;
}

class Cursor {
  pos: number;
  explicit: boolean;
  littleEndian: boolean;

  constructor(
    readonly buf: Buffer,
    start: number,
    syntax: Syntax,
    readonly atEof: boolean,
  ) {
    this.pos = start;
    this.explicit = syntax.explicit;
    this.littleEndian = syntax.littleEndian;
  }

  need(n: number): void {
    if (this.pos + n > this.buf.length) {
      throw this.atEof
        ? new MalformedDicom(`the file ends inside the DICOM header (at byte ${this.buf.length})`)
        : new NeedMoreData(this.pos + n);
    }
  }

  u16(): number {
    this.need(2);
    const v = this.littleEndian ? this.buf.readUInt16LE(this.pos) : this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.littleEndian ? this.buf.readUInt32LE(this.pos) : this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  peekTag(): number {
    this.need(4);
    const le = this.littleEndian;
    const g = le ? this.buf.readUInt16LE(this.pos) : this.buf.readUInt16BE(this.pos);
    const e = le ? this.buf.readUInt16LE(this.pos + 2) : this.buf.readUInt16BE(this.pos + 2);
    return ((g << 16) | e) >>> 0;
  }

  /** Element header; items and delimiters (group FFFE) never carry a VR. */
  header(): Header {
    const group = this.u16();
    const element = this.u16();
    const tag = ((group << 16) | element) >>> 0;
    if (group === 0xfffe) {
      return { tag, vr: '', length: this.u32() };
    }
    if (this.explicit) {
      this.need(2);
      const a = this.buf[this.pos]!;
      const b = this.buf[this.pos + 1]!;
      // Some writers mix implicit elements into explicit data sets: fall back when no VR is there.
      if (a >= 0x41 && a <= 0x5a && b >= 0x41 && b <= 0x5a) {
        const vr = String.fromCharCode(a, b);
        this.pos += 2;
        if (DICOM_LONG_VRS.has(vr)) {
          this.need(2);
          this.pos += 2;
          return { tag, vr, length: this.u32() };
        }
        return { tag, vr, length: this.u16() };
      }
    }
    return { tag, vr: IMPLICIT_VR.get(tag) ?? 'UN', length: this.u32() };
  }
}

/** Parses a data set from `start` (see the module comment). */
export function parseDataset(buf: Buffer, start: number, options: ParseOptions): ParseResult {
  const c = new Cursor(buf, start, options.syntax, options.atEof);
  const dataset: Dataset = new Map();
  while (c.pos < buf.length || !options.atEof) {
    if (c.pos >= buf.length) {
      throw new NeedMoreData(c.pos + 8);
    }
    const tagHere = c.peekTag();
    if (options.stopBefore?.(tagHere)) {
      return { dataset, end: c.pos, pixelData: null };
    }
    const elementStart = c.pos;
    const h = c.header();
    if (PIXEL_DATA_TAGS.has(h.tag)) {
      return {
        dataset,
        end: elementStart,
        pixelData: {
          tag: h.tag,
          vr: h.vr,
          valueOffset: c.pos,
          length: h.length === UNDEFINED ? null : h.length,
        },
      };
    }
    const stream = options.streamItems?.get(h.tag);
    dataset.set(h.tag, readValue(c, h, 0, stream));
  }
  return { dataset, end: c.pos, pixelData: null };
}

function isSequence(h: Header): boolean {
  if (h.vr === 'SQ') {
    return true;
  }
  // Undefined length outside Pixel Data means a sequence (UN with undefined length included),
  // and a UN element the dictionary knows as a sequence is one.
  return h.length === UNDEFINED || (h.vr === 'UN' && IMPLICIT_VR.get(h.tag) === 'SQ');
}

function readValue(
  c: Cursor,
  h: Header,
  depth: number,
  stream?: (item: Dataset, index: number) => void,
): DicomElement {
  if (isSequence(h)) {
    return readSequence(c, h, depth, stream);
  }
  if (h.length === UNDEFINED) {
    throw new MalformedDicom('undefined length on a non-sequence element');
  }
  c.need(h.length);
  const start = c.pos;
  c.pos += h.length;
  return { vr: h.vr, buf: c.buf, start, length: h.length, bigEndian: !c.littleEndian };
}

function readSequence(
  c: Cursor,
  h: Header,
  depth: number,
  stream?: (item: Dataset, index: number) => void,
): DicomElement {
  if (depth >= MAX_DEPTH) {
    throw new MalformedDicom('sequences nested too deep');
  }
  const saved = { explicit: c.explicit, littleEndian: c.littleEndian };
  // PS3.5 §6.2.2: the content of a UN sequence is implicit VR little endian.
  if (h.vr === 'UN') {
    c.explicit = false;
    c.littleEndian = true;
  }
  const items: Dataset[] = [];
  const end = h.length === UNDEFINED ? null : c.pos + h.length;
  if (end !== null) {
    c.need(h.length); // ask for the whole sequence at once rather than item by item
  }
  let index = 0;
  for (;;) {
    if (end !== null && c.pos >= end) {
      break;
    }
    const ih = c.header();
    if (ih.tag === T.SequenceDelimitation) {
      break;
    }
    if (ih.tag !== T.Item) {
      throw new MalformedDicom(`expected an item in a sequence, found tag ${ih.tag.toString(16)}`);
    }
    const item = readItem(c, ih.length, depth + 1);
    if (stream) {
      stream(item, index);
    } else {
      items.push(item);
    }
    index += 1;
  }
  if (end !== null && c.pos !== end) {
    throw new MalformedDicom('a sequence overruns its length');
  }
  c.explicit = saved.explicit;
  c.littleEndian = saved.littleEndian;
  return { vr: 'SQ', buf: c.buf, start: c.pos, length: 0, bigEndian: !c.littleEndian, items };
}

function readItem(c: Cursor, length: number, depth: number): Dataset {
  const item: Dataset = new Map();
  const end = length === UNDEFINED ? null : c.pos + length;
  for (;;) {
    if (end !== null && c.pos >= end) {
      break;
    }
    const h = c.header();
    if (h.tag === T.ItemDelimitation) {
      break;
    }
    item.set(h.tag, readValue(c, h, depth));
    if (end !== null && c.pos > end) {
      throw new MalformedDicom('an element overruns its item');
    }
  }
  return item;
}
