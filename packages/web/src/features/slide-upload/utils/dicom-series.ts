import { DICOM_LONG_VRS } from '@pathconsult/shared';

/**
 * Which DICOM series a file belongs to, read from the head of the file in the browser: a folder
 * of DICOM instances is one slide per series (VL Whole Slide Microscopy: the levels, label and
 * overview of one slide share a series), so the files of a chosen folder are grouped by their
 * SeriesInstanceUID (0020,000E) before anything is sent. A folder of separate single-file slides
 * stays separate slides.
 */

/** How much of each file is read: the top-level elements before group 0020 are small. */
export const SERIES_HEAD_BYTES = 256 * 1024;

const SERIES_INSTANCE_UID = 0x0020000e;
const ITEM = 0xfffee000;
const ITEM_END = 0xfffee00d;
const SEQUENCE_END = 0xfffee0dd;
const UNDEFINED = 0xffffffff;
const IMPLICIT_LITTLE = '1.2.840.10008.1.2';
/** Syntaxes whose dataset this reader does not walk (big endian, deflated): no series known. */
const UNREADABLE_SYNTAXES = new Set(['1.2.840.10008.1.2.2', '1.2.840.10008.1.2.1.99']);

/** Sequences nested deeper than this are not walked (no real header nests so deep). */
const MAX_DEPTH = 16;

/** Read past the bytes given (or nested too deep): the element is not found in the head. */
class OutOfHead extends Error {}

interface Header {
  tag: number;
  length: number;
  /** Where the value starts. */
  at: number;
}

class Reader {
  private readonly view: DataView;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly explicit: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(at: number, n: number): void {
    if (at + n > this.bytes.length) {
      throw new OutOfHead();
    }
  }

  private tagAt(at: number): number {
    this.need(at, 4);
    return ((this.view.getUint16(at, true) << 16) | this.view.getUint16(at + 2, true)) >>> 0;
  }

  header(at: number): Header {
    const tag = this.tagAt(at);
    // Items and delimiters have no VR in either syntax.
    if (tag >>> 16 === 0xfffe || !this.explicit) {
      this.need(at, 8);
      return { tag, length: this.view.getUint32(at + 4, true), at: at + 8 };
    }
    this.need(at, 8);
    const vr = String.fromCharCode(this.bytes[at + 4]!, this.bytes[at + 5]!);
    if (DICOM_LONG_VRS.has(vr)) {
      this.need(at, 12);
      return { tag, length: this.view.getUint32(at + 8, true), at: at + 12 };
    }
    return { tag, length: this.view.getUint16(at + 6, true), at: at + 8 };
  }

  text(h: Header): string {
    this.need(h.at, h.length);
    return new TextDecoder('latin1')
      .decode(this.bytes.subarray(h.at, h.at + h.length))
      .replace(/[\0 ]+$/, '');
  }

  /** Where the element after this one starts. */
  skip(h: Header, depth = 0): number {
    return h.length === UNDEFINED ? this.skipUndefined(h.at, depth + 1) : h.at + h.length;
  }

  /** Past a sequence (or item) of undefined length: to its delimiter, through nested ones. */
  private skipUndefined(at: number, depth: number): number {
    if (depth > MAX_DEPTH) {
      throw new OutOfHead();
    }
    let pos = at;
    for (;;) {
      const h = this.header(pos);
      if (h.tag === SEQUENCE_END || h.tag === ITEM_END) {
        return h.at;
      }
      pos =
        h.tag === ITEM && h.length === UNDEFINED ? this.skipItem(h.at, depth) : this.skip(h, depth);
    }
  }

  /** Past the elements of an item of undefined length, to after its end marker. */
  private skipItem(at: number, depth: number): number {
    let pos = at;
    for (;;) {
      const h = this.header(pos);
      if (h.tag === ITEM_END) {
        return h.at;
      }
      pos = this.skip(h, depth);
    }
  }
}

/**
 * The SeriesInstanceUID of a DICOM Part 10 file from its first bytes, or null: not DICOM, a
 * syntax not walked here, no such element, or the element lies beyond the bytes given.
 */
export function seriesUidOf(head: Uint8Array): string | null {
  if (head.length < 132 || new TextDecoder('latin1').decode(head.subarray(128, 132)) !== 'DICM') {
    return null;
  }
  try {
    // The file meta group is always explicit VR little endian.
    const meta = new Reader(head, true);
    let pos = 132;
    let syntax = '';
    for (;;) {
      const h = meta.header(pos);
      if (h.tag >>> 16 !== 0x0002) {
        break;
      }
      if (h.tag === 0x00020010) {
        syntax = meta.text(h);
      }
      pos = meta.skip(h);
    }
    if (UNREADABLE_SYNTAXES.has(syntax)) {
      return null;
    }
    const data = new Reader(head, syntax !== IMPLICIT_LITTLE);
    for (;;) {
      const h = data.header(pos);
      if (h.tag === SERIES_INSTANCE_UID) {
        return data.text(h) || null;
      }
      // Top-level elements come in ascending order: past it, there is none.
      if (h.tag > SERIES_INSTANCE_UID) {
        return null;
      }
      pos = data.skip(h);
    }
  } catch (error) {
    if (error instanceof OutOfHead) {
      return null;
    }
    throw error;
  }
}

/** A file whose first bytes can be read (a File in the browser; plain objects in tests). */
export interface HeadSource {
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/**
 * The series of each DICOM file (by its path) among `entries`, for the folders that hold more
 * than one: those are the only ones whose files might form one slide together.
 */
export async function readSeriesUids<F extends HeadSource>(
  entries: readonly { path: string; file: F & { name: string } }[],
): Promise<Map<string, string>> {
  const byDir = new Map<string, typeof entries>();
  for (const entry of entries) {
    const slash = entry.path.lastIndexOf('/');
    if (slash < 0 || !entry.file.name.toLowerCase().endsWith('.dcm')) {
      continue;
    }
    const dir = entry.path.slice(0, slash);
    byDir.set(dir, [...(byDir.get(dir) ?? []), entry]);
  }
  const uids = new Map<string, string>();
  const several = [...byDir.values()].filter((files) => files.length > 1).flat();
  await Promise.all(
    several.map(async (entry) => {
      try {
        const head = new Uint8Array(await entry.file.slice(0, SERIES_HEAD_BYTES).arrayBuffer());
        const uid = seriesUidOf(head);
        if (uid) {
          uids.set(entry.path, uid);
        }
      } catch {
        // Unreadable here: the file stays a slide of its own, and its upload says what is wrong.
      }
    }),
  );
  return uids;
}
