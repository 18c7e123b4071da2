/**
 * Writes small DICOM Part 10 files for the reader's tests: any transfer syntax the reader knows,
 * sequences of defined or undefined length, native or encapsulated pixel data (with or without a
 * Basic or Extended Offset Table, frames in one or several fragments). Test-only.
 */
import { DICOM_LONG_VRS } from '@pathconsult/shared';
import { T, TS, WSI_SOP_CLASS } from '../tags.js';

export type Value = string | number | number[] | Buffer | Item[];
export type Item = Element[];
export interface Element {
  tag: number;
  vr: string;
  value: Value;
}

export const el = (tag: number, vr: string, value: Value): Element => ({ tag, vr, value });

export interface WriteOptions {
  transferSyntax?: string;
  sopClass?: string;
  /** Sequences and items written with undefined lengths and delimiters. */
  undefinedLengths?: boolean;
  elements: Element[];
  pixels: { native: Buffer } | { frames: Buffer[][]; offsetTable: 'none' | 'basic' | 'extended' };
}

interface Syntax {
  explicit: boolean;
  le: boolean;
  undefinedLengths: boolean;
}

function u16(n: number, le: boolean): Buffer {
  const b = Buffer.alloc(2);
  if (le) {
    b.writeUInt16LE(n);
  } else {
    b.writeUInt16BE(n);
  }
  return b;
}

function u32(n: number, le: boolean): Buffer {
  const b = Buffer.alloc(4);
  if (le) {
    b.writeUInt32LE(n >>> 0);
  } else {
    b.writeUInt32BE(n >>> 0);
  }
  return b;
}

function encodeValue(vr: string, value: Value, le: boolean): Buffer {
  if (Buffer.isBuffer(value)) {
    return value.length % 2 ? Buffer.concat([value, Buffer.alloc(1)]) : value;
  }
  if (typeof value === 'string' || ['DS', 'IS'].includes(vr)) {
    const text = Array.isArray(value) ? value.join('\\') : String(value);
    const pad = vr === 'UI' ? '\0' : ' ';
    return Buffer.from(text.length % 2 ? text + pad : text, 'latin1');
  }
  const nums = Array.isArray(value) ? (value as number[]) : [value as number];
  const size = { US: 2, SS: 2, UL: 4, SL: 4, FL: 4, FD: 8, OV: 8 }[vr];
  if (size === undefined) {
    throw new Error(`cannot encode ${vr}`);
  }
  const b = Buffer.alloc(nums.length * size);
  nums.forEach((n, i) => {
    const at = i * size;
    const w = {
      US: () => (le ? b.writeUInt16LE(n, at) : b.writeUInt16BE(n, at)),
      SS: () => (le ? b.writeInt16LE(n, at) : b.writeInt16BE(n, at)),
      UL: () => (le ? b.writeUInt32LE(n, at) : b.writeUInt32BE(n, at)),
      SL: () => (le ? b.writeInt32LE(n, at) : b.writeInt32BE(n, at)),
      FL: () => (le ? b.writeFloatLE(n, at) : b.writeFloatBE(n, at)),
      FD: () => (le ? b.writeDoubleLE(n, at) : b.writeDoubleBE(n, at)),
      OV: () => (le ? b.writeBigUInt64LE(BigInt(n), at) : b.writeBigUInt64BE(BigInt(n), at)),
    }[vr as 'US'];
    w();
  });
  return b;
}

function header(tag: number, vr: string, length: number, s: Syntax): Buffer {
  const t = Buffer.concat([u16(tag >>> 16, s.le), u16(tag & 0xffff, s.le)]);
  if (!s.explicit) {
    return Buffer.concat([t, u32(length, s.le)]);
  }
  if (DICOM_LONG_VRS.has(vr)) {
    return Buffer.concat([t, Buffer.from(vr, 'latin1'), Buffer.alloc(2), u32(length, s.le)]);
  }
  return Buffer.concat([t, Buffer.from(vr, 'latin1'), u16(length, s.le)]);
}

function encodeElement(e: Element, s: Syntax): Buffer {
  if (e.vr === 'SQ') {
    const items = (e.value as Item[]).map((item) => {
      const body = Buffer.concat(item.map((x) => encodeElement(x, s)));
      const le = s.le;
      const itemTag = Buffer.concat([u16(0xfffe, le), u16(0xe000, le)]);
      if (s.undefinedLengths) {
        const end = Buffer.concat([u16(0xfffe, le), u16(0xe00d, le), u32(0, le)]);
        return Buffer.concat([itemTag, u32(0xffffffff, le), body, end]);
      }
      return Buffer.concat([itemTag, u32(body.length, le), body]);
    });
    const body = Buffer.concat(items);
    if (s.undefinedLengths) {
      const end = Buffer.concat([u16(0xfffe, s.le), u16(0xe0dd, s.le), u32(0, s.le)]);
      return Buffer.concat([header(e.tag, 'SQ', 0xffffffff, s), body, end]);
    }
    return Buffer.concat([header(e.tag, 'SQ', body.length, s), body]);
  }
  const value = encodeValue(e.vr, e.value, s.le);
  return Buffer.concat([header(e.tag, e.vr, value.length, s), value]);
}

function item(value: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(0xfffe, 0);
  h.writeUInt16LE(0xe000, 2);
  h.writeUInt32LE(value.length, 4);
  return Buffer.concat([h, value]);
}

export function writeDicom(o: WriteOptions): Buffer {
  const ts = o.transferSyntax ?? TS.ExplicitLittle;
  const sopClass = o.sopClass ?? WSI_SOP_CLASS;
  const s: Syntax = {
    explicit: ts !== TS.ImplicitLittle,
    le: ts !== TS.ExplicitBig,
    undefinedLengths: o.undefinedLengths ?? false,
  };
  const metaSyntax: Syntax = { explicit: true, le: true, undefinedLengths: false };
  const metaBody = Buffer.concat(
    [
      el(0x00020001, 'OB', Buffer.from([0, 1])),
      el(T.MediaStorageSOPClassUID, 'UI', sopClass),
      el(0x00020003, 'UI', '1.2.3.4'),
      el(T.TransferSyntaxUID, 'UI', ts),
    ].map((e) => encodeElement(e, metaSyntax)),
  );
  const meta = Buffer.concat([
    encodeElement(el(0x00020000, 'UL', metaBody.length), metaSyntax),
    metaBody,
  ]);
  // One element per tag (the last given wins), in tag order as PS3.5 requires.
  const byTag = new Map([...o.elements, el(T.SOPClassUID, 'UI', sopClass)].map((e) => [e.tag, e]));
  const elements = [...byTag.values()].sort((a, b) => a.tag - b.tag);
  const extended: Element[] = [];
  let pixelData: Buffer;
  if ('native' in o.pixels) {
    pixelData = encodeElement(el(T.PixelData, 'OB', o.pixels.native), s);
  } else {
    const frames = o.pixels.frames.map((fragments) => Buffer.concat(fragments.map((f) => item(f))));
    const offsets: number[] = [];
    let at = 0;
    for (const f of frames) {
      offsets.push(at);
      at += f.length;
    }
    let bot = Buffer.alloc(0);
    if (o.pixels.offsetTable === 'basic') {
      bot = Buffer.alloc(offsets.length * 4);
      offsets.forEach((v, i) => bot.writeUInt32LE(v, i * 4));
    }
    if (o.pixels.offsetTable === 'extended') {
      extended.push(el(T.ExtendedOffsetTable, 'OV', offsets));
      extended.push(
        el(
          T.ExtendedOffsetTableLengths,
          'OV',
          o.pixels.frames.map((f) => f[0]!.length),
        ),
      );
    }
    const h = Buffer.alloc(12);
    h.writeUInt16LE(0x7fe0, 0);
    h.writeUInt16LE(0x0010, 2);
    h.write('OB', 4, 'latin1');
    h.writeUInt32LE(0xffffffff, 8);
    const end = Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]);
    pixelData = Buffer.concat([h, item(bot), ...frames, end]);
  }
  const body = Buffer.concat([...elements, ...extended].map((e) => encodeElement(e, s)));
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'latin1'), meta, body, pixelData]);
}

export interface WsiOptions {
  width: number;
  height: number;
  tile: number;
  frames: number;
  samples?: number;
  photometric?: string;
  bits?: number;
  imageType?: string;
  series?: string;
  instance?: number;
  extra?: Element[];
}

/** The elements of a WSI instance with the usual module attributes. */
export function wsiElements(o: WsiOptions): Element[] {
  const samples = o.samples ?? 3;
  const bits = o.bits ?? 8;
  return [
    el(T.ImageType, 'CS', `ORIGINAL\\PRIMARY\\${o.imageType ?? 'VOLUME'}\\NONE`),
    el(T.SOPInstanceUID, 'UI', `1.2.3.${o.series ?? '9'}.${o.instance ?? 1}`),
    el(T.SeriesInstanceUID, 'UI', `1.2.3.${o.series ?? '9'}`),
    el(T.InstanceNumber, 'IS', o.instance ?? 1),
    el(T.SamplesPerPixel, 'US', samples),
    el(T.PhotometricInterpretation, 'CS', o.photometric ?? (samples === 3 ? 'RGB' : 'MONOCHROME2')),
    el(T.NumberOfFrames, 'IS', o.frames),
    el(T.Rows, 'US', o.tile),
    el(T.Columns, 'US', o.tile),
    el(T.BitsAllocated, 'US', bits),
    el(T.BitsStored, 'US', bits),
    el(0x00280102, 'US', bits - 1),
    el(T.PixelRepresentation, 'US', 0),
    el(T.TotalPixelMatrixColumns, 'UL', o.width),
    el(T.TotalPixelMatrixRows, 'UL', o.height),
    ...(samples === 3 ? [el(T.PlanarConfiguration, 'US', 0)] : []),
    ...(o.extra ?? []),
  ];
}

/** Frames of a TILED_FULL native image whose pixel (x, y) is `color(x, y)`; edge tiles padded with 0. */
export function nativeFrames(
  width: number,
  height: number,
  tile: number,
  color: (x: number, y: number) => number[],
): Buffer {
  const across = Math.ceil(width / tile);
  const down = Math.ceil(height / tile);
  const samples = color(0, 0).length;
  const out = Buffer.alloc(across * down * tile * tile * samples);
  let at = 0;
  for (let row = 0; row < down; row++) {
    for (let col = 0; col < across; col++) {
      for (let y = 0; y < tile; y++) {
        for (let x = 0; x < tile; x++) {
          const px = col * tile + x;
          const py = row * tile + y;
          const c = px < width && py < height ? color(px, py) : new Array<number>(samples).fill(0);
          c.forEach((v) => (out[at++] = v));
        }
      }
    }
  }
  return out;
}
