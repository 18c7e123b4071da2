/** Typed reads of parsed DICOM elements (strings, numbers, sequence items). */
import { valueOf, type Dataset, type DicomElement } from './parser.js';
import { IMPLICIT_VR } from './tags.js';

/** The element's VR, taking the dictionary's when the file says UN (or gave none). */
function vrOf(tag: number, el: DicomElement): string {
  return el.vr === 'UN' || el.vr === '' ? (IMPLICIT_VR.get(tag) ?? 'UN') : el.vr;
}

export function getStrings(ds: Dataset | undefined, tag: number): string[] {
  const el = ds?.get(tag);
  if (!el || el.length === 0) {
    return [];
  }
  return el.buf
    .toString('latin1', el.start, el.start + el.length)
    .replace(/[\0\s]+$/, '')
    .split('\\')
    .map((s) => s.trim());
}

export function getString(ds: Dataset | undefined, tag: number): string | undefined {
  const s = getStrings(ds, tag).join('\\');
  return s === '' ? undefined : s;
}

const BINARY_SIZES: Record<string, number> = {
  US: 2,
  SS: 2,
  UL: 4,
  SL: 4,
  FL: 4,
  FD: 8,
  OV: 8,
  UV: 8,
  SV: 8,
  OW: 2,
  OL: 4,
  OF: 4,
  OD: 8,
};

function readBinary(vr: string, b: Buffer, at: number, le: boolean): number {
  switch (vr) {
    case 'US':
    case 'OW':
      return le ? b.readUInt16LE(at) : b.readUInt16BE(at);
    case 'SS':
      return le ? b.readInt16LE(at) : b.readInt16BE(at);
    case 'UL':
    case 'OL':
      return le ? b.readUInt32LE(at) : b.readUInt32BE(at);
    case 'SL':
      return le ? b.readInt32LE(at) : b.readInt32BE(at);
    case 'FL':
    case 'OF':
      return le ? b.readFloatLE(at) : b.readFloatBE(at);
    case 'FD':
    case 'OD':
      return le ? b.readDoubleLE(at) : b.readDoubleBE(at);
    case 'SV':
      return Number(le ? b.readBigInt64LE(at) : b.readBigInt64BE(at));
    default:
      return Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
  }
}

/** Numbers of a binary (US, UL, FD, OV...) or text (DS, IS) element; NaN-free. */
export function getNumbers(ds: Dataset | undefined, tag: number): number[] {
  const el = ds?.get(tag);
  if (!el) {
    return [];
  }
  const vr = vrOf(tag, el);
  const size = BINARY_SIZES[vr];
  if (size === undefined) {
    return getStrings(ds, tag)
      .filter((s) => s !== '')
      .map((s) => Number(s))
      .filter((n) => Number.isFinite(n));
  }
  const out: number[] = [];
  const value = valueOf(el);
  for (let at = 0; at + size <= value.length; at += size) {
    out.push(readBinary(vr, value, at, !el.bigEndian));
  }
  return out;
}

/** The first number of an element; read without building arrays (it runs per frame). */
export function getNumber(ds: Dataset | undefined, tag: number): number | undefined {
  const el = ds?.get(tag);
  if (!el || el.length === 0) {
    return undefined;
  }
  const vr = vrOf(tag, el);
  const size = BINARY_SIZES[vr];
  if (size !== undefined) {
    return el.length >= size ? readBinary(vr, el.buf, el.start, !el.bigEndian) : undefined;
  }
  const end = el.buf.indexOf(0x5c, el.start); // first value ends at a backslash
  const text = el.buf.toString(
    'latin1',
    el.start,
    end >= 0 && end < el.start + el.length ? end : el.start + el.length,
  );
  const trimmed = text.replace(/[\0\s]+/g, '');
  const n = Number(trimmed);
  return trimmed !== '' && Number.isFinite(n) ? n : undefined;
}

export function getItems(ds: Dataset | undefined, tag: number): Dataset[] {
  return ds?.get(tag)?.items ?? [];
}

export function firstItem(ds: Dataset | undefined, tag: number): Dataset | undefined {
  return getItems(ds, tag)[0];
}
