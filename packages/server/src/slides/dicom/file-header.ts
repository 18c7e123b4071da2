/**
 * Reads a DICOM Part 10 file's header — preamble, File Meta Information, and the data set up to
 * Pixel Data — without reading the frames: it reads the first 256 KB and reads further only
 * while the data set goes on (per-frame functional groups of a large sparse slide run to tens of
 * megabytes), up to a limit past which the file is refused.
 */
import type { FileHandle } from 'node:fs/promises';
import { SlideOpenError } from '../slide-source.js';
import { getString } from './dataset.js';
import { readExact } from './file-io.js';
import {
  MalformedDicom,
  NeedMoreData,
  parseDataset,
  type Dataset,
  type PixelDataHeader,
  type Syntax,
} from './parser.js';
import { T, TS } from './tags.js';

export interface DicomHeader {
  transferSyntax: string;
  syntax: Syntax;
  meta: Dataset;
  dataset: Dataset;
  pixelData: PixelDataHeader | null;
}

/** A header (everything before the frames) larger than this is refused. */
export const MAX_HEADER_BYTES = 256 * 1024 * 1024;
const FIRST_READ = 256 * 1024;

type StreamFactory = () => ReadonlyMap<number, (item: Dataset, index: number) => void>;

/** True when the first bytes are a DICOM Part 10 file (preamble + "DICM"). */
export function looksLikeDicom(head: Buffer): boolean {
  return head.length >= 132 && head.toString('latin1', 128, 132) === 'DICM';
}

/**
 * `streams` is called before every parse attempt (a parse may be repeated with more bytes), so
 * whatever its callbacks collect must start afresh each time.
 */
export async function readDicomHeader(
  file: FileHandle,
  fileSize: number,
  streams?: StreamFactory,
): Promise<DicomHeader> {
  let buf = await readExact(file, 0, Math.min(fileSize, FIRST_READ));
  for (;;) {
    try {
      return parseHeader(buf, buf.length >= fileSize, streams);
    } catch (e) {
      if (e instanceof NeedMoreData) {
        if (e.upTo > fileSize) {
          throw new SlideOpenError(
            'DAMAGED',
            'The DICOM file is damaged or truncated: an element of its header runs past the end of the file.',
          );
        }
        if (e.upTo > MAX_HEADER_BYTES) {
          throw new SlideOpenError(
            'TOO_LARGE',
            `The DICOM header is larger than ${MAX_HEADER_BYTES / 1024 / 1024} MB.`,
          );
        }
        // Grow fourfold: each attempt parses from the start again.
        const next = Math.min(fileSize, Math.max(buf.length * 4, e.upTo + 65536));
        buf = Buffer.concat([buf, await readExact(file, buf.length, next - buf.length)]);
        continue;
      }
      if (e instanceof MalformedDicom) {
        throw new SlideOpenError('DAMAGED', `The DICOM file is damaged: ${e.message}.`);
      }
      throw e;
    }
  }
}

const EXPLICIT_LE: Syntax = { explicit: true, littleEndian: true };

function parseHeader(buf: Buffer, atEof: boolean, streams?: StreamFactory): DicomHeader {
  let metaStart: number;
  let guessed: string | undefined;
  if (looksLikeDicom(buf)) {
    metaStart = 132;
  } else if (
    buf.length >= 8 &&
    (buf.readUInt16LE(0) === 0x0002 || buf.readUInt16LE(0) === 0x0008)
  ) {
    // A bare data set without preamble (old or hand-made files): meta group optional.
    metaStart = 0;
    const hasVr = /^[A-Z]{2}$/.test(buf.toString('latin1', 4, 6));
    guessed = hasVr ? TS.ExplicitLittle : TS.ImplicitLittle;
  } else {
    throw new SlideOpenError('NOT_A_SLIDE', 'The file is not a DICOM file.');
  }
  const meta = parseDataset(buf, metaStart, {
    syntax: EXPLICIT_LE,
    atEof,
    stopBefore: (tag) => tag >>> 16 !== 0x0002,
  });
  const transferSyntax =
    getString(meta.dataset, T.TransferSyntaxUID) ?? guessed ?? TS.ImplicitLittle;
  const syntax = syntaxOf(transferSyntax);
  const body = parseDataset(buf, meta.end, { syntax, atEof, streamItems: streams?.() });
  return {
    transferSyntax,
    syntax,
    meta: meta.dataset,
    dataset: body.dataset,
    pixelData: body.pixelData,
  };
}

function syntaxOf(ts: string): Syntax {
  switch (ts) {
    case TS.ImplicitLittle:
      return { explicit: false, littleEndian: true };
    case TS.ExplicitBig:
      return { explicit: true, littleEndian: false };
    case TS.DeflatedExplicitLittle:
      // The whole data set is deflated: frames cannot be read by offset.
      throw new SlideOpenError(
        'UNSUPPORTED_FORMAT',
        'Deflated DICOM files are not supported: frames cannot be read from them by offset.',
      );
    default:
      // Every other (encapsulated) transfer syntax is explicit VR little endian.
      return EXPLICIT_LE;
  }
}
