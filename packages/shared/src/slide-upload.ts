/**
 * Slide upload rules shared by the server and the upload queue (spec §4 "Upload", §5 "Slide
 * upload", §9). Pure functions over bytes and names: nothing Node- or browser-specific.
 */

/** Every chunk is 1 MB except the last of a file (spec §9). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** Largest slide document accepted (all its files together): beyond any scanner's output. */
export const SLIDE_MAX_BYTES = 20 * 1024 ** 3;

/** Most files one slide document may have (an MRXS folder has a few dozen Data files). */
export const SLIDE_MAX_FILES = 1000;

/** Most slide documents one upload-record call creates. */
export const UPLOAD_RECORDS_MAX = 100;

/** Most slides deleted in one call: the spec reads 100 in one place, 20 in another (decision). */
export const SLIDE_DELETE_MAX = 100;

/** `iUploadType` of a slide document (spec §3). */
export const UploadType = { Single: 0, Batch: 1, Free: 2 } as const;
export type UploadTypeValue = (typeof UploadType)[keyof typeof UploadType];

/** `ddUploadState` of a slide document: being uploaded, complete and verified, or failed. */
export const SlideUploadState = { Uploading: 0, Uploaded: 1, Failed: 2 } as const;
export type SlideUploadStateValue = (typeof SlideUploadState)[keyof typeof SlideUploadState];

/**
 * The slide lists' upload-state filter: the three states, and two the lists show within them —
 * uploaded but not read by the slide engine yet (processing), and uploading with no data for
 * minutes (interrupted).
 */
export const SlideStateFilter = { ...SlideUploadState, Processing: 3, Interrupted: 4 } as const;

/** `ddMatchState`: whether the slide belongs to a case yet (spec §4 "Slides"). */
export const SlideMatchState = { Unmatched: 0, Matched: 1 } as const;

/** How the first bytes of a main slide file look, per family of formats. */
type Signature = 'tiff' | 'dicom' | 'mirax' | 'vms' | 'vmu';

/** Supported slide types (lower-case extensions) and what their content starts with. */
export const SLIDE_TYPES: Record<string, Signature> = {
  svs: 'tiff',
  tif: 'tiff',
  tiff: 'tiff',
  ndpi: 'tiff',
  scn: 'tiff',
  bif: 'tiff',
  mrxs: 'mirax',
  vms: 'vms',
  vmu: 'vmu',
  dcm: 'dicom',
};

/** The supported types as the upload screens list them; "TD" (a legacy name) reads as MRXS. */
export function slideTypesLabel(types: readonly string[]): string {
  return types
    .map((type) => (type.toUpperCase() === 'TD' ? 'MRXS' : type.toUpperCase()))
    .join(' / ');
}

/** Lower-case extension of a file name without the dot, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function startsWithText(bytes: Uint8Array, text: string, from = 0): boolean {
  if (bytes.length < from + text.length) {
    return false;
  }
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[from + i] !== text.charCodeAt(i)) {
      return false;
    }
  }
  return true;
}

/** An INI-style header such as `[GENERAL]`, after an optional UTF-8 byte-order mark. */
function startsWithSection(bytes: Uint8Array, section: string): boolean {
  const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return startsWithText(bytes, section, from);
}

const SIGNATURE_TESTS: Record<Signature, (bytes: Uint8Array) => boolean> = {
  // Classic TIFF (II*\0, MM\0*) and BigTIFF (II+\0, MM\0+).
  tiff: (b) =>
    (b[0] === 0x49 && b[1] === 0x49 && (b[2] === 0x2a || b[2] === 0x2b) && b[3] === 0) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && (b[3] === 0x2a || b[3] === 0x2b)),
  // DICOM Part 10: 128-byte preamble then "DICM".
  dicom: (b) => startsWithText(b, 'DICM', 128),
  mirax: (b) => startsWithSection(b, '[GENERAL]'),
  vms: (b) => startsWithSection(b, '[Virtual Microscope Specimen]'),
  vmu: (b) => startsWithSection(b, '[Uncompressed Virtual Microscope Specimen]'),
};

/** Bytes from the start of a main file that `contentMatchesType` needs to decide. */
export const SNIFF_BYTES = 512;

/**
 * Whether a main slide file's first bytes are what its extension says (a JPEG renamed to .svs is
 * not a slide). `head` is the start of the file: at least SNIFF_BYTES unless the file is shorter.
 */
export function contentMatchesType(type: string, head: Uint8Array): boolean {
  const signature = SLIDE_TYPES[type.toLowerCase()];
  return signature !== undefined && SIGNATURE_TESTS[signature](head);
}

/**
 * Characters a file name may never contain: separators, controls and what Windows forbids; and
 * the invisible ones that make a name read as another (a right-to-left override shows
 * "slide\u202Esvs.exe" as "slideexe.svs"; zero-width spaces make two names look one).
 */
const UNSAFE_NAME =
  // eslint-disable-next-line no-control-regex
  /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2028\u2029\u2066-\u2069\ufeff]/;

/** Names Windows keeps for its devices, with any extension: such a file cannot be saved there. */
const DEVICE_NAME = /^(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:\.|$)/i;

/**
 * A file name as the user's computer names it, shown in lists but never used as a path: no
 * separators, control or invisible characters, not `.` or `..` or a Windows device name, at most
 * 255 characters.
 */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name.trim() === name &&
    name !== '.' &&
    name !== '..' &&
    !UNSAFE_NAME.test(name) &&
    !DEVICE_NAME.test(name)
  );
}

/** Names of the files inside a slide folder (MRXS: Slidedat.ini, Index.dat, Data0000.dat...). */
const INNER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * How one file of a slide document is addressed: its path relative to what the user picked.
 * A single-file slide is just its name; a folder slide (MRXS) is `<name>.mrxs` plus files under
 * `<name>/`, whose names are the scanner's plain ASCII names (the `.mrxs` file refers to them).
 * Returns the stored path relative to the document's folder, or null when the layout is not one
 * of these: the user's names never become paths on the server (the main file is stored as
 * `slide.<ext>`, its folder as `slide/`).
 */
export function storedPathOf(mainName: string, relativePath: string): string | null {
  const type = extensionOf(mainName);
  if (!isSafeFileName(mainName) || !(type in SLIDE_TYPES)) {
    return null;
  }
  if (relativePath === mainName) {
    return `slide.${type}`;
  }
  const base = mainName.slice(0, mainName.length - type.length - 1);
  const parts = relativePath.split('/');
  if (parts.length !== 2 || parts[0] !== base || !INNER_NAME.test(parts[1] ?? '')) {
    return null;
  }
  const inner = parts[1] ?? '';
  return inner.includes('..') ? null : `slide/${inner}`;
}

/** Number of chunks of a file of `size` bytes (an empty file has none). */
export function chunkCountOf(size: number, chunkBytes = UPLOAD_CHUNK_BYTES): number {
  return Math.ceil(size / chunkBytes);
}

/** Byte length chunk `index` of a file must have. */
export function chunkLengthOf(
  size: number,
  index: number,
  chunkBytes = UPLOAD_CHUNK_BYTES,
): number {
  return Math.max(0, Math.min(chunkBytes, size - index * chunkBytes));
}

/**
 * A chunk's CRC-32 as fileUploadHandler's strChunkCrc32 spells it: 8 lower-case hex digits of
 * the unsigned value (zlib's crc32, IEEE 802.3 polynomial).
 */
export function crc32Hex(crc: number): string {
  return (crc >>> 0).toString(16).padStart(8, '0');
}

/** Sorted chunk indexes as inclusive ranges: [0,1,2,5] → [[0,2],[5,5]]. */
export function toRanges(indexes: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const index of indexes) {
    const last = ranges[ranges.length - 1];
    if (last && index === last[1] + 1) {
      last[1] = index;
    } else {
      ranges.push([index, index]);
    }
  }
  return ranges;
}

/** Chunk indexes 0..count-1 not covered by the ranges, as ranges. */
export function missingRanges(
  count: number,
  received: readonly [number, number][],
): [number, number][] {
  const missing: [number, number][] = [];
  let next = 0;
  for (const [from, to] of received) {
    if (from > next) {
      missing.push([next, Math.min(from, count) - 1]);
    }
    next = Math.max(next, to + 1);
  }
  if (next < count) {
    missing.push([next, count - 1]);
  }
  return missing.filter(([from, to]) => from <= to);
}
